"""The moderators' actions on a player: each done, told to the player, kept in the log with its
reason; and refused, with nothing done, where it may not be."""

from functools import partial

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from play.api import tokens
from play.common import clocks
from play.common.errors import Refused
from play.games import games
from play.inbox import inbox
from play.models import Game, Notification, Profile, Rating, Report, Sanction
from play.moderation import reports, sanctions
from play.ratings import ratings
from play.round import chat
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db
Kind = Sanction.Kind


def report_of(reporter, reported, reason="abuse") -> Report:
    return reports.file(reporter, reported, reason, "He insulted me.")


def test_a_warning_is_told_in_its_own_words_and_logged_without_the_moderators_name(
    moderator, ann, bob, client_of
):
    report = report_of(ann, bob)
    sanctions.act(moderator, bob, Kind.WARN, "Insults in game xyz.", report=report, warning="chat")
    note = Notification.objects.get(user=bob, kind=Notification.Kind.MODERATION)
    assert note.text.startswith("From the moderators: Please be kind in chats and messages")
    assert note.text.endswith("Insults in game xyz.") and note.address == "/account/moderation/"
    report.refresh_from_db()
    assert report.status == Report.Status.HANDLED
    log = client_of(bob).get("/account/moderation/").content.decode()
    assert "Warned" in log and "Insults in game xyz." in log and "warden" not in log


def test_a_mute_stops_chats_and_messages_and_says_until_when(moderator, ann, bob, active_game):
    sanctions.act(moderator, bob, Kind.MUTE, "Spam in chats.", hours=24)
    for post in (
        lambda: chat.post(active_game, bob, "hello"),
        lambda: inbox.send(bob, ann, "hello"),
    ):
        with pytest.raises(Refused, match="The moderators muted you in chats and messages until"):
            post()
    assert "muted you in chats and messages" in chat.html(active_game, bob)
    assert "muted you" not in chat.html(active_game, ann)
    chat.post(active_game, ann, "still here")  # the other player writes on
    sanctions.act(moderator, bob, Kind.UNMUTE, "Served.")
    chat.post(active_game, bob, "sorry")
    with pytest.raises(Refused, match="This player is not muted."):
        sanctions.act(moderator, bob, Kind.UNMUTE, "Again")


def test_a_mute_redraws_the_chats_of_the_players_games_in_play(
    moderator, bob, active_game, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(sanctions.live, "send_many", lambda events: sent.extend(events))
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.act(moderator, bob, Kind.MUTE, "Spam.", hours=1)
    assert (f"game-{active_game.public_id}", {"type": "chat.update"}) in sent


def test_a_marked_players_games_are_unrated_from_then_on_and_leaderboards_hide_them(
    moderator, ann, bob, make_user
):
    carl = make_user("carl")
    live = {"kind": "live", "minutes": 5, "increment": 3}
    in_play = games.join(
        games.create(bob, "empress", "white", "seek", rated=True, time_control=live), carl
    )
    open_seek = games.create(bob, "empress", "white", "seek", rated=True, time_control=live)
    other = games.create(ann, "empress", "white", "seek", rated=True, time_control=live)
    at = clocks.now()
    for user, points in ((bob, 1900), (carl, 1800)):
        Rating.objects.create(user=user, game_slug="empress", speed="blitz", rating=points,
                              rd=60, last_played_at=at)  # fmt: skip
    assert [r.user for r in ratings.leaders("empress", "blitz")] == [bob, carl]
    sanctions.act(moderator, bob, Kind.ENGINE, "Engine moves in five games.")
    assert Profile.objects.get(user=bob).mark == "engine"
    assert not Game.objects.get(pk=in_play.pk).rated
    assert not Game.objects.get(pk=open_seek.pk).rated
    assert games.join(other, bob).rated is False  # a game begun with a marked player
    assert [r.user for r in ratings.leaders("empress", "blitz")] == [carl]
    paired = games.start_paired("empress", {}, live, [(carl, bob), (carl, ann)], rated=True)
    assert [game.rated for game in paired] == [False, True]
    sanctions.act(moderator, bob, Kind.UNMARK, "Cleared on appeal.")
    assert [r.user for r in ratings.leaders("empress", "blitz")] == [bob, carl]
    sanctions.act(moderator, carl, Kind.CLOSE, "Abuse.")
    assert [r.user for r in ratings.leaders("empress", "blitz")] == [bob]


def test_a_rename_by_force_takes_a_free_name_as_names_are_taken(moderator, ann, bob):
    for name, said in [
        ("Ann", "A player is called Ann already."),
        ("x", "2 to 20"),
        ("anonymous-7", "Names beginning with “anonymous”"),
    ]:
        with pytest.raises(Refused, match=said):
            sanctions.act(moderator, bob, Kind.RENAME, "An offensive name.", name=name)
    sanctions.act(moderator, bob, Kind.RENAME, "An offensive name.", name="Robert")
    bob.refresh_from_db()
    assert bob.username == "Robert"
    assert Sanction.objects.get(kind=Kind.RENAME).detail == "bob"


def test_a_closed_account_is_logged_out_refused_at_login_and_reopened(moderator, bob, active_game):
    browser = Client()
    browser.post("/login/", {"username": "bob", "password": "a-long-passphrase"})
    assert browser.get("/settings/").status_code == 200
    _token, secret = tokens.create(bob, "a board", ["board:play"])
    seek = games.create(bob, "empire", "white", "seek")
    sanctions.act(moderator, bob, Kind.CLOSE, "Abuse after two warnings.")
    assert browser.get("/settings/").status_code == 302  # logged out
    active_game.refresh_from_db()
    assert (active_game.status, active_game.winner, active_game.reason) == ("finished", 0, "resign")
    assert Game.objects.get(pk=seek.pk).status == Game.Status.ABORTED
    assert Client().get("/api/account", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 401
    answer = Client().post("/login/", {"username": "bob", "password": "a-long-passphrase"})
    page = answer.content.decode()
    assert 'The moderators closed this account. <a href="/appeal/">Read why, and appeal</a>' in page
    wrong = Client().post("/login/", {"username": "bob", "password": "not-the-password"})
    assert "closed" not in wrong.content.decode()  # said only to one who knows the password
    sanctions.act(moderator, bob, Kind.REOPEN, "Appeal granted.")
    again = Client()
    assert (
        again.post("/login/", {"username": "bob", "password": "a-long-passphrase"}).status_code
        == 302
    )
    assert again.get("/settings/").status_code == 200


def test_an_action_is_refused_with_nothing_done(moderator, ann, bob):
    cases = [
        (ann, bob, Kind.WARN, {"warning": "chat"}, "Only moderators do this."),
        (moderator, bob, Kind.WARN, {"warning": "nice"}, "Choose the warning"),
        (moderator, bob, Kind.MUTE, {"hours": 5}, "Choose how long"),
        (moderator, bob, Kind.DISMISS, {}, "Only a report is dismissed."),
        (moderator, bob, "ban", {}, "There is no such action."),
        (moderator, moderator, Kind.CLOSE, {}, "That is you."),
        (moderator, bob, Kind.UNMARK, {}, "This player is not marked."),
        (moderator, bob, Kind.REOPEN, {}, "This account is open."),
    ]
    for who, player, kind, options, said in cases:
        with pytest.raises(Refused, match=said):
            sanctions.act(who, player, kind, "A reason.", **options)
    with pytest.raises(Refused, match="Say why"):
        sanctions.act(moderator, bob, Kind.WARN, "   ", warning="chat")
    report = report_of(ann, bob)
    with pytest.raises(Refused, match="about another player"):
        sanctions.act(moderator, ann, Kind.WARN, "A reason.", report=report, warning="chat")
    assert not Sanction.objects.exists()
    report.refresh_from_db()
    assert report.status == Report.Status.OPEN
    assert not Notification.objects.filter(kind=Notification.Kind.MODERATION).exists()


def test_a_dismissed_report_is_not_in_the_players_log(moderator, ann, bob):
    sanctions.act(moderator, bob, Kind.DISMISS, "Nothing in the games.", report=report_of(ann, bob))
    assert list(sanctions.log(bob)) == []
    assert not Notification.objects.filter(user=bob).exists()


@pytest.mark.django_db(transaction=True)
def test_two_moderators_on_one_report_at_once_make_one_action(ann, bob, make_user):
    moderators = []
    for name in ("mod1", "mod2"):
        user = make_user(name)
        user.groups.add(Group.objects.get_or_create(name="Moderators")[0])
        moderators.append(user)
    from django.contrib.auth.models import Permission

    Group.objects.get(name="Moderators").permissions.add(
        Permission.objects.get(codename="moderate")
    )
    for _round in range(4):
        Sanction.objects.all().delete()
        Profile.objects.filter(user=bob).update(muted_until=None)
        report = report_of(ann, bob)
        first, second = moderators
        outcomes = together(
            partial(sanctions.act, first, bob, Kind.MUTE, "Spam.", report=report, hours=24),
            partial(sanctions.act, second, bob, Kind.WARN, "Spam.", report=report, warning="chat"),
        )
        done = [o for o in outcomes if isinstance(o, Sanction)]
        refused = [o for o in outcomes if isinstance(o, Refused)]
        assert len(done) == 1 and len(refused) == 1, outcomes
        assert (
            refused[0].status == 409
            and "Another moderator handled this report" in refused[0].message
        )
        assert Sanction.objects.count() == 1
        assert (
            Notification.objects.filter(user=bob, kind="moderation").count() == len(done) + _round
        )
