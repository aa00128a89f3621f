"""Races in an arena, with real threads and their own connections (SQLite in `make test`,
PostgreSQL in `make test-distributed`): each ends in one consistent result."""

from functools import partial

import pytest

from play.games import games
from play.models import Game, Pairing, Participant
from play.tournaments import arenas, entries, schedule
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
