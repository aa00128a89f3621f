"""Races in a club: leaders answering one request at once, players joining at once. Real
threads, each with its own connection; on SQLite in `make test`, on PostgreSQL in `make
test-distributed`. Each race checks the club afterwards: its members, its count, who was told."""

from functools import partial

import pytest

from play.clubs import clubs
from play.common.errors import Refused
from play.models import Club, JoinRequest, Membership, Notification
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 20  # each race run many times: threads seldom meet on the first tries


def counted(club: Club) -> tuple[int, int]:
    """The club's kept count of members, and its members counted."""
    club.refresh_from_db()
    return club.members_count, Membership.objects.filter(club=club).count()


@pytest.fixture
def two_leaders(asked_club, founder, make_user):
    second = make_user("yves")
    clubs.join(second, asked_club, "Many.")
    clubs.accept(founder, asked_club, second)
    clubs.appoint(founder, asked_club, second)
    return founder, second


def test_two_leaders_answering_one_request_at_once_decide_it_once(asked_club, two_leaders, players):
    first, second = two_leaders
    answers = [(clubs.accept, clubs.accept), (clubs.accept, clubs.decline)] * (ROUNDS // 2)
    for n, (player, (one, other)) in enumerate(zip(players(ROUNDS), answers, strict=True)):
        clubs.join(player, asked_club, "Some.")
        outcomes = together(
            partial(one, first, asked_club, player), partial(other, second, asked_club, player)
        )
        refused = [o for o in outcomes if isinstance(o, Refused)]
        assert len(refused) == 1 and refused[0].status == 409, outcomes
        assert "has no request to join" in refused[0].message
        assert not JoinRequest.objects.filter(user=player).exists()
        assert Notification.objects.filter(user=player).count() == 1
        joined = Membership.objects.filter(club=asked_club, user=player).count()
        assert joined == (1 if "accepted" in Notification.objects.get(user=player).text else 0)
        assert counted(asked_club)[0] == counted(asked_club)[1], n


def test_players_joining_at_once_are_each_counted(club, players):
    joining = players(6)
    outcomes = together(*(partial(clubs.join, player, club) for player in joining))
    assert outcomes == [True] * 6
    assert counted(club) == (7, 7)


def test_one_player_joining_twice_at_once_is_one_member(club, ann):
    for _round in range(ROUNDS):
        assert together(partial(clubs.join, ann, club), partial(clubs.join, ann, club)) == [
            True,
            True,
        ]
        assert counted(club) == (2, 2)
        clubs.leave(ann, club)


def test_joining_two_clubs_at_once_keeps_the_limit(club, founder, ann, monkeypatch):
    monkeypatch.setattr(clubs, "MOST_CLUBS", 1)
    other = Club.objects.create(
        slug="other", name="Other", description="", games=["empress"], language="en",
        founded_by=founder, founded_at=club.founded_at, members_count=1,
    )  # fmt: skip
    Membership.objects.create(club=other, user=founder, leader=True, joined_at=club.founded_at)
    for _round in range(ROUNDS):
        outcomes = together(partial(clubs.join, ann, club), partial(clubs.join, ann, other))
        refused = [o for o in outcomes if isinstance(o, Refused)]
        assert len(refused) == 1 and "1 club at most" in refused[0].message, outcomes
        assert Membership.objects.filter(user=ann).count() == 1
        assert [counted(club), counted(other)] in ([(2, 2), (1, 1)], [(1, 1), (2, 2)])
        for each in (club, other):
            clubs.leave(ann, each)
