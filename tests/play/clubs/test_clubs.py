"""Clubs: founded by an established player, joined at once or by request, led by leaders who
accept, remove and appoint; the last leader stays while there are members; the last member
closes the club. Each refusal changes nothing."""

from datetime import timedelta

import pytest

from play.clubs import clubs
from play.common import clocks
from play.common.errors import Refused
from play.games import games
from play.models import Club, Game, JoinRequest, Membership, Notification
from tests.play.conftest import CHOICES, finish_games

pytestmark = pytest.mark.django_db


def members_of(club):
    listed = Membership.objects.filter(club=club).order_by("user__username")
    return [(m.user.username, m.leader) for m in listed]


def test_the_founder_is_its_first_member_and_leader(club, founder):
    assert (club.slug, club.games, club.members_count) == (
        "empress-circle",
        ["empire", "empress"],
        1,
    )
    assert members_of(club) == [("zoe", True)]
    assert clubs.is_leader(founder, club)


def test_only_an_established_player_founds_a_club_and_one_a_week(make_user, established):
    young = make_user("young")
    finish_games(young, make_user("other"), clubs.ESTABLISHED_GAMES)
    with pytest.raises(Refused, match="at least 7 days old"):
        clubs.found(young, **CHOICES)
    idle = make_user("idle")
    idle.date_joined = clocks.now() - timedelta(days=30)
    idle.save()
    finish_games(idle, make_user("other2"), clubs.ESTABLISHED_GAMES - 1)
    with pytest.raises(Refused, match="finished 10 games"):
        clubs.found(idle, **CHOICES)
    keen = established("keen")
    clubs.found(keen, **CHOICES)
    with pytest.raises(Refused, match="one a player may found"):
        clubs.found(keen, **CHOICES | {"name": "Another"})
    assert Club.objects.count() == 1


def test_a_name_is_one_clubs_in_any_case_or_spacing(club, established):
    other = established("other")
    for name in ["EMPRESS circle", " Empress   Circle ", "empress-circle"]:
        with pytest.raises(Refused, match="a club of that name already"):
            clubs.found(other, **CHOICES | {"name": name})
    with pytest.raises(Refused, match="a letter or a digit"):
        clubs.found(other, **CHOICES | {"name": "!!!"})
    with pytest.raises(Refused, match="Choose the games"):
        clubs.found(other, **CHOICES | {"name": "New", "games": ["chess"]})
    cyrillic = clubs.found(other, **CHOICES | {"name": "Клуб Империи"})
    assert cyrillic.slug == "клуб-империи"
    assert Club.objects.count() == 2


def test_an_open_club_is_joined_at_once_and_left_at_any_time(club, ann):
    assert clubs.join(ann, club) is True
    assert clubs.join(ann, club) is True  # again: nothing more
    club.refresh_from_db()
    assert (club.members_count, members_of(club)) == (2, [("ann", False), ("zoe", True)])
    clubs.leave(ann, club)
    club.refresh_from_db()
    assert (club.members_count, members_of(club)) == (1, [("zoe", True)])


def test_a_request_is_answered_by_a_leader_and_the_player_told(asked_club, founder, ann, make_user):
    with pytest.raises(Refused, match="Answer the club's question"):
        clubs.join(ann, asked_club, "   ")
    assert clubs.join(ann, asked_club, "Dozens, on Little Golem.") is False
    assert members_of(asked_club) == [("zoe", True)]
    assert JoinRequest.objects.get().answer == "Dozens, on Little Golem."
    clubs.accept(founder, asked_club, ann)
    assert members_of(asked_club) == [("ann", False), ("zoe", True)]
    assert not JoinRequest.objects.exists()
    told = Notification.objects.get(user=ann)
    assert (told.kind, told.text, told.address) == (
        "club", "Dots Society accepted you: you are a member.", "/club/dots-society/"
    )  # fmt: skip
    bob = make_user("bob")
    clubs.join(bob, asked_club, "None yet.")
    clubs.decline(founder, asked_club, bob)
    assert Notification.objects.get(user=bob).text == "Dots Society declined your request to join."
    with pytest.raises(Refused, match="has no request"):
        clubs.accept(founder, asked_club, bob)  # a second click on a decided request
    asked_club.refresh_from_db()
    assert asked_club.members_count == 2


def test_a_request_is_withdrawn_by_leaving(asked_club, ann):
    clubs.join(ann, asked_club, "Some.")
    clubs.leave(ann, asked_club)
    assert not JoinRequest.objects.exists()


def test_a_non_leader_acting_as_a_leader_is_refused_with_nothing_changed(
    asked_club, founder, ann, make_user
):
    bob, cid = make_user("bob"), make_user("cid")
    clubs.join(cid, asked_club, "Some.")
    clubs.accept(founder, asked_club, cid)
    clubs.join(bob, asked_club, "Some.")
    before = (members_of(asked_club), list(JoinRequest.objects.values_list("user__username")))
    chosen = CHOICES | {"name": "Taken over"}
    for act in [
        lambda: clubs.accept(cid, asked_club, bob),
        lambda: clubs.decline(ann, asked_club, bob),
        lambda: clubs.remove(cid, asked_club, founder),
        lambda: clubs.appoint(cid, asked_club, cid),
        lambda: clubs.step_down(cid, asked_club),
        lambda: clubs.describe(cid, asked_club, **chosen),
    ]:
        with pytest.raises(Refused, match="Only the club's leaders") as refused:
            act()
        assert refused.value.status == 403
    asked_club.refresh_from_db()
    assert asked_club.name == "Dots Society"
    assert (
        members_of(asked_club),
        list(JoinRequest.objects.values_list("user__username")),
    ) == before


def test_leaders_appoint_and_remove_and_the_last_leader_stays(club, founder, ann, make_user):
    bob = make_user("bob")
    clubs.join(ann, club)
    clubs.join(bob, club)
    with pytest.raises(Refused, match="last leader"):
        clubs.leave(founder, club)
    with pytest.raises(Refused, match="last leader"):
        clubs.step_down(founder, club)
    clubs.appoint(founder, club, ann)
    assert Notification.objects.get(user=ann).text == "You are now a leader of Empress Circle."
    with pytest.raises(Refused, match="A leader is not removed"):
        clubs.remove(founder, club, ann)
    clubs.remove(ann, club, bob)
    clubs.step_down(founder, club)
    assert members_of(club) == [("ann", True), ("zoe", False)]
    clubs.leave(founder, club)
    club.refresh_from_db()
    assert (club.members_count, members_of(club)) == (1, [("ann", True)])


def test_the_last_member_leaving_closes_the_club(club, founder, ann):
    clubs.leave(founder, club)
    club.refresh_from_db()
    assert (club.members_count, club.closed_at is not None) == (0, True)
    assert list(clubs.clubs()) == []
    with pytest.raises(Refused, match="closed") as refused:
        clubs.join(ann, club)
    assert refused.value.status == 410


def test_a_player_belongs_to_a_bounded_number_of_clubs(club, ann, monkeypatch):
    monkeypatch.setattr(clubs, "MOST_CLUBS", 1)
    clubs.join(ann, club)
    other = Club.objects.create(
        slug="other", name="Other", description="", games=["empress"], language="en",
        founded_by=club.founded_by, founded_at=clocks.now(),
    )  # fmt: skip
    with pytest.raises(Refused, match="1 club at most"):
        clubs.join(ann, other)
    assert not Membership.objects.filter(club=other).exists()


def test_the_members_are_searched_by_the_beginning_of_their_name(club, players):
    for player in players(12, "mem"):
        clubs.join(player, club)
    clubs.join(players(1, "other")[0], club)
    assert [m.user.username for m in clubs.members(club, "MEM0")] == [
        f"mem{i:02d}" for i in range(9, -1, -1)
    ]  # the latest arrived first
    assert clubs.members(club).count() == 14


def test_the_recent_games_are_those_between_members(club, founder, ann, make_user):
    outsider = make_user("out")
    clubs.join(ann, club)
    among = games.start_paired("empress", {}, {}, [(founder, ann)], rated=False)
    games.start_paired("empress", {}, {}, [(founder, outsider)], rated=False)
    games.create(founder, "empress", "white", Game.Listing.SEEK)  # a seek: never begun
    assert [g.pk for g in clubs.recent_games(club)] == [among[0].pk]


def test_names_are_found_by_their_beginning_off_an_index_on_postgresql():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("SQLite reads a club's members by the club's own index")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'auth_user'")
        made = [row[0] for row in cursor.fetchall()]
    assert any("upper((username)::text) text_pattern_ops" in index for index in made), made
