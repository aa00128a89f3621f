"""The moderators' desk in the admin: a report opens on its player's recent games, chat lines
and messages, the action is posted from there, and an appeal is answered; the player's own
pages: the log, and a closed account's appeal with its name and password."""

import pytest

from play.inbox import inbox
from play.models import Appeal, Report, Sanction
from play.moderation import appeals, sanctions
from play.round import chat
from tests.play.moderation.test_sanctions import report_of

pytestmark = pytest.mark.django_db
Kind = Sanction.Kind


def test_a_report_opens_on_the_players_desk_and_the_action_is_taken_there(
    moderator,
    ann,
    bob,
    active_game,
    client_of,
):
    chat.post(active_game, bob, "you are a patzer")
    inbox.send(bob, ann, "and a cheat")  # they have played: bob may write
    report = report_of(ann, bob)
    desk = client_of(moderator)
    page = desk.get(f"/admin/play/report/{report.pk}/change/").content.decode()
    for shown in ("He insulted me.", "you are a patzer", "and a cheat", active_game.public_id):
        assert shown in page, shown
    act = f"/admin/play/report/player/{bob.pk}/act/?report={report.pk}"
    assert f'action="{act}"' in page
    data = {"kind": "mute", "reason": "Insults.", "hours": "24", "warning": "", "name": ""}
    answer = desk.post(act, data, follow=True).content.decode()
    assert "Done: Muted in chats and messages." in answer
    again = desk.post(act, {**data, "kind": "warn", "warning": "chat"}, follow=True)
    assert "Another moderator handled this report a moment ago" in again.content.decode()
    assert Sanction.objects.get().kind == Kind.MUTE
    assert Report.objects.get().status == Report.Status.HANDLED
    bad = desk.post(f"/admin/play/report/player/{bob.pk}/act/", {**data, "hours": "5"}, follow=True)
    assert "Check the form" in bad.content.decode() and Sanction.objects.count() == 1


def test_the_desk_is_the_moderators_alone(ann, bob, client_of, make_user):
    report = report_of(ann, bob)
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    for address in (
        f"/admin/play/report/{report.pk}/change/",
        f"/admin/play/report/player/{bob.pk}/",
    ):
        assert client_of(staff).get(address).status_code == 403
    data = {"kind": "close", "reason": "x"}
    client_of(staff).post(f"/admin/play/report/player/{bob.pk}/act/", data)
    bob.refresh_from_db()
    assert bob.is_active and not Sanction.objects.exists()


def test_a_marked_player_appeals_and_the_answer_lifts_the_mark(moderator, bob, client_of):
    page = client_of(bob).get("/account/moderation/").content.decode()
    assert (
        "The moderators have done nothing about your account." in page and "<textarea" not in page
    )
    sanctions.act(moderator, bob, Kind.BOOSTER, "Lost twenty games to one friend.")
    page = client_of(bob).get("/account/moderation/").content.decode()
    assert "You are marked (Boosting or sandbagging)" in page and "<textarea" in page
    client_of(bob).post("/account/moderation/", {"text": "He is my brother; we play for fun."})
    twice = client_of(bob).post("/account/moderation/", {"text": "Please?"})
    assert twice.status_code == 409 and "waits for the moderators already" in twice.content.decode()
    appeal = Appeal.objects.get()
    desk = client_of(moderator).get(f"/admin/play/report/player/{bob.pk}/").content.decode()
    assert "He is my brother" in desk and f"/admin/play/appeal/{appeal.pk}/answer/" in desk
    client_of(moderator).post(
        f"/admin/play/appeal/{appeal.pk}/answer/", {"answer": "Fair: lifted.", "lift": "on"}
    )
    page = client_of(bob).get("/account/moderation/").content.decode()
    assert "Fair: lifted." in page and "Mark lifted" in page and "You are marked" not in page
    with pytest.raises(Exception, match="answered this appeal a moment ago"):
        appeals.answer(moderator, appeal, "Again", False)


def test_a_closed_account_reads_its_log_and_appeals_with_its_name_and_password(
    moderator, bob, client
):
    sanctions.act(moderator, bob, Kind.CLOSE, "Abuse after two warnings.")
    wrong = client.post("/appeal/", {"username": "bob", "password": "guess", "text": "Hi"})
    assert (
        wrong.status_code == 403
        and "No closed account has this name and password." in wrong.content.decode()
    )
    read = client.post("/appeal/", {"username": "bob", "password": "a-long-passphrase", "text": ""})
    page = read.content.decode()
    assert "Your account is closed" in page and "Abuse after two warnings." in page
    assert not Appeal.objects.exists()
    client.post("/appeal/", {"username": "bob", "password": "a-long-passphrase", "text": "Sorry."})
    assert Appeal.objects.get().text == "Sorry."
