"""Races in championships, with real threads and their own connections (SQLite in `make
test`, PostgreSQL in `make test-distributed`): each ends in one consistent result."""

from functools import partial

import pytest

from play.games import games
from play.leagues import championships, tables
from play.leagues.standings import table
from play.models import Edition, Entrant, Game, LeagueGroup, Member, Notification
from play.referee import disputes
from tests.play.leagues.helpers import begin
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 3


def table_agrees(group: LeagueGroup) -> None:
    """The kept table is the one its games make now."""
    found, _ = tables.results(group)
    members = list(group.members.order_by("seed"))
    expected = {line.player: line for line in table([m.user_id for m in members], found)}
    for member in members:
        line = expected[member.user_id]
        assert (member.points, member.rank, member.played) == (line.points, line.rank, line.played)


def test_two_sweepers_closing_an_edition_close_it_once(small_league, players, clock):
    for round_ in range(ROUNDS):
        if round_ == 0:
            edition = begin(small_league, players(4), clock)
        else:
            clock.advance(days=8)
            edition = championships.start_if_due(small_league, clock())
        for game in Game.objects.filter(league_group__edition=edition, status="active"):
            games.resign(game, game.player(1))
        closing = partial(championships.close, edition)
        answers = together(closing, closing)
        assert sorted(answers) == [False, True], answers
        edition.refresh_from_db()
        assert edition.status == "finished"
        told = Notification.objects.filter(text__startswith=f"{edition.name} of the")
        assert told.filter(text__contains="has ended").count() == 4


def test_leaving_while_the_next_edition_is_made_ends_one_way(small_league, players, clock):
    users = players(4)
    edition = begin(small_league, users, clock)
    for game in Game.objects.filter(league_group__edition=edition, status="active"):
        games.resign(game, game.player(1))
    championships.close(edition)
    for round_ in range(ROUNDS):
        clock.advance(days=8)
        leaver = users[round_]
        made, left = together(
            lambda: championships.start_if_due(small_league, clock()),
            partial(championships.leave, small_league, leaver),
        )
        nxt = championships.current(small_league)
        entrant = Entrant.objects.get(championship=small_league, user=leaver)
        place = Member.objects.filter(group__edition=nxt, user=leaver).first()
        if isinstance(left, Exception):  # refused while the edition was being made
            assert "being made" in str(left) and entrant.left_at is None and place is not None
        elif place is None:  # left first: not in the edition
            assert entrant.left_at is not None
        else:  # the edition first: in it, gone, their games resigned
            assert entrant.left_at is not None and place.left_at is not None
            assert not Game.objects.filter(
                league_group__edition=nxt, seats__user=leaver, status__in=Game.IN_PLAY
            ).exists()
        for group in nxt.groups.all():
            table_agrees(group)
        # End it for the next round: everyone still in resigns as Black.
        for game in Game.objects.filter(league_group__edition=nxt, status="active"):
            games.resign(game, game.player(1))
        championships.close(nxt)
        Entrant.objects.filter(user=leaver).update(left_at=None)


def test_the_last_game_ending_while_a_ruling_changes_another(small_league, players, clock, referee):
    for round_ in range(ROUNDS):
        users = players(3, prefix=f"x{round_}-")
        league = small_league
        if round_:
            league = type(small_league).objects.create(
                slug=f"empress-race-{round_}", name=f"Race {round_}", game_slug="empress",
                time_control={"kind": "days", "days": 3}, group_min=2, group_max=4, width=1,
            )  # fmt: skip
        edition = begin(league, users, clock)
        group = edition.groups.get()
        first, second, last = Game.objects.filter(league_group=group).order_by("pk")
        games.resign(first, first.player(1))
        games.resign(second, second.player(1))
        dispute = disputes.report(first, first.player(1), "other", "A mistake.")
        done = together(
            partial(games.resign, last, last.player(1)),
            partial(disputes.rule, dispute, referee, "result", "Given.", winner=1),
        )
        assert not any(isinstance(d, Exception) for d in done), done  # no deadlock
        assert Game.objects.get(pk=first.pk).winner == 1  # the ruling landed
        group.refresh_from_db()
        table_agrees(group)
        assert group.finished_at is not None
        assert sum(Member.objects.filter(group=group).values_list("points", flat=True)) == 3
        championships.close_finished(clock())
        assert Edition.objects.get(pk=edition.pk).status == "finished"
