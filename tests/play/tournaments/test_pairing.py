"""An arena's pairing pass: near in rank, no immediate rematch, colours balanced."""

import random

from play.tournaments.pairing import Free, pair


def field(count, **overrides):
    return [Free(player=i, rank=i, rating=2000 - i, **overrides) for i in range(1, count + 1)]


def test_neighbours_in_rank_play_each_other():
    pairs = pair(field(8), rng=random.Random(1))
    assert sorted(tuple(sorted(p)) for p in pairs) == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_an_odd_player_waits():
    pairs = pair(field(5), rng=random.Random(1))
    assert len(pairs) == 2 and len({p for pr in pairs for p in pr}) == 4


def test_no_immediate_rematch_unless_only_two_are_left():
    players = [
        Free(1, 1, 2000, last_opponent=2), Free(2, 2, 1990, last_opponent=1),
        Free(3, 3, 1980, last_opponent=4), Free(4, 4, 1970, last_opponent=3),
    ]  # fmt: skip
    pairs = {tuple(sorted(p)) for p in pair(players, rng=random.Random(1))}
    assert (1, 2) not in pairs and (3, 4) not in pairs and len(pairs) == 2
    two = players[:2]
    assert pair(two, rng=random.Random(1)) == []
    assert len(pair(two, only_two_left=True, rng=random.Random(1))) == 1


def test_white_goes_to_whoever_had_it_less():
    players = [Free(1, 1, 2000, white_balance=1), Free(2, 2, 2000, white_balance=-1)]
    assert pair(players) == [(2, 1)]


def test_a_large_field_is_paired_whole():
    players = field(1001)
    pairs = pair(players, rng=random.Random(1))
    seen = [p for pr in pairs for p in pr]
    assert len(pairs) == 500 and len(set(seen)) == 1000
    # Each pair near in rank: no pair further apart than a handful of places.
    assert max(abs(a - b) for a, b in pairs) <= 3
