"""Races in arenas and Swiss events, with real threads and their own connections (SQLite in `make test`,
PostgreSQL in `make test-distributed`): each ends in one consistent result."""

from functools import partial

import pytest
from django.db import transaction

from play.common.errors import Refused
from play.games import games
from play.models import Game, Pairing, Participant, Tournament
from play.referee import disputes
from play.tournaments import arenas, entries, schedule, swisses
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 3
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


def begun(ann, users, clock):
    arena = arenas.create(ann, name="Race", game_slug="empress", time_control=LIVE, minutes=60,
                          starts_at=clock())  # fmt: skip
    for user in users:
        entries.join(arena, user)
    schedule.begin_due(clock())
    return arena


def each_once(arena) -> None:
    """Nobody is in two games of the arena at once, and every game has its pairing."""
    in_play = Game.objects.filter(tournament=arena, status__in=Game.IN_PLAY)
    seated = [s.user_id for g in in_play for s in g.seats.all()]
    assert len(seated) == len(set(seated))
    assert (
        Pairing.objects.filter(tournament=arena).count()
        == Game.objects.filter(tournament=arena).count()
    )


def test_two_pairing_passes_at_once_pair_each_player_once(ann, players, clock):
    for round_ in range(ROUNDS):
        arena = begun(ann, players(6, prefix=f"r{round_}-"), clock)
        made = together(partial(arenas.pair_free, arena), partial(arenas.pair_free, arena))
        assert sorted(len(m) for m in made) == [0, 3], made
        each_once(arena)


def test_a_join_during_a_pairing_pass_is_paired_now_or_next(ann, players, clock):
    for round_ in range(ROUNDS):
        users = players(5, prefix=f"j{round_}-")
        arena = begun(ann, users[:4], clock)
        together(partial(arenas.pair_free, arena), partial(entries.join, arena, users[4]))
        assert Participant.objects.filter(tournament=arena).count() == 5
        each_once(arena)


def test_a_pause_while_being_paired_ends_one_way(ann, players, clock):
    for round_ in range(ROUNDS):
        users = players(4, prefix=f"p{round_}-")
        arena = begun(ann, users, clock)
        together(partial(arenas.pair_free, arena), partial(entries.pause, arena, users[0]))
        me = Participant.objects.get(tournament=arena, user=users[0])
        playing = Game.objects.filter(tournament=arena, seats__user=users[0]).exists()
        assert me.paused  # paused either way: if paired first, their game stands
        each_once(arena)
        if not playing:
            assert Game.objects.filter(tournament=arena).count() == 1


def test_a_game_ending_at_the_last_second_counts_or_not_but_once(ann, players, clock):
    for round_ in range(ROUNDS):
        users = players(2, prefix=f"e{round_}-")
        arena = begun(ann, users, clock)
        (game,) = arenas.pair_free(arena)
        clock.advance(minutes=60)
        together(partial(games.resign, game, game.player(1)), partial(schedule.end_due, clock()))
        pairing = Pairing.objects.get(game=game)
        winner = Participant.objects.get(tournament=arena, user=game.player(0))
        assert winner.score == (2 if pairing.counted else 0)
        arena.refresh_from_db()
        assert arena.status == "finished"
        clock.advance(minutes=-60)


def swiss_begun(ann, users, clock, pacing="auto"):
    swiss = swisses.create(ann, name="Race Swiss", game_slug="empress", time_control=LIVE,
                           rounds=3, pacing=pacing, starts_at=clock())  # fmt: skip
    for user in users:
        entries.join(swiss, user)
    schedule.sweep(clock())
    swiss.refresh_from_db()
    return swiss


def table_whole(swiss) -> None:
    """The kept table is the one counted afresh from the pairings."""

    def kept():
        return sorted(
            Participant.objects.filter(tournament=swiss).values_list(
                "user_id", "score", "sonneborn_berger", "buchholz", "sheet"
            )
        )

    before = kept()
    with transaction.atomic():
        swisses.recount(Tournament.objects.select_for_update().get(pk=swiss.pk))
    assert kept() == before


def test_a_ruling_during_a_round_and_a_game_ending_leave_the_table_whole(
    ann, players, clock, referee
):
    for round_ in range(ROUNDS):
        swiss = swiss_begun(ann, players(4, prefix=f"u{round_}-"), clock)
        ruled, other = Game.objects.filter(tournament=swiss)
        games.resign(ruled, ruled.player(1))
        dispute = disputes.report(ruled, ruled.player(1), "misclick", "Resigned by mistake.")
        done = together(
            partial(disputes.rule, dispute, referee, "result", "A draw.", winner=None),
            partial(games.resign, other, other.player(1)),
        )
        assert not any(isinstance(d, Exception) for d in done), done
        points = {p.user_id: p.score for p in Participant.objects.filter(tournament=swiss)}
        assert points[ruled.player(0).pk] == points[ruled.player(1).pk] == 0.5
        assert (points[other.player(0).pk], points[other.player(1).pk]) == (1, 0)
        table_whole(swiss)


def test_two_rounds_begun_at_once_make_one(ann, players, clock):
    for round_ in range(ROUNDS):
        swiss = swiss_begun(ann, players(4, prefix=f"s{round_}-"), clock, pacing="manual")
        for game in Game.objects.filter(tournament=swiss):
            games.resign(game, game.player(1))
        done = together(
            partial(swisses.start_round, swiss, by=ann), partial(swisses.start_round, swiss, by=ann)
        )
        assert sorted(isinstance(d, Refused) for d in done) == [False, True], done
        swiss.refresh_from_db()
        assert swiss.round_number == 2
        assert Pairing.objects.filter(tournament=swiss, round=2).count() == 2
        table_whole(swiss)


def test_a_join_while_a_round_is_paired_is_in_it_or_absent_from_it(ann, players, clock):
    for round_ in range(ROUNDS):
        users = players(4, prefix=f"l{round_}-")
        swiss = swiss_begun(ann, users[:3], clock, pacing="manual")
        for game in Game.objects.filter(tournament=swiss):
            games.resign(game, game.player(1))
        _, joined = together(
            partial(swisses.start_round, swiss, by=ann), partial(entries.join, swiss, users[3])
        )
        seated = Pairing.objects.filter(tournament=swiss, round=2)
        in_round = users[3].pk in {u for p in seated for u in (p.white_id, p.black_id)}
        if isinstance(joined, Refused):  # the round began first: the Swiss was closed to them
            assert "takes no one new" in joined.message and not in_round
            assert not Participant.objects.filter(tournament=swiss, user=users[3]).exists()
        else:
            late = Participant.objects.get(tournament=swiss, user=users[3])
            assert [text for text, _ in late.sheet] == (["–", "*"] if in_round else ["–"]) or (
                in_round and late.sheet == [["–", "absent"], ["1", "bye"]]
            )
        table_whole(swiss)
