"""Games ending at once, all sharing their first moves: each is counted once, and the explorer
agrees with its games afterwards. Real threads, each with its own connection; on SQLite in
`make test`, on PostgreSQL (row locks, and the order they are taken in) in `make
test-distributed`."""

from collections import Counter
from functools import partial

import pytest

from play.explorer import openings
from play.games import games
from play.models import ExploredGame, OpeningMove
from tests.play.explorer.test_openings import played
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 5
LINES = [
    ["d3d4", "e7e5", "c3c4"],
    ["c3c4", "e7e5", "d3d4"],  # meets the first after three plies
    ["d3d4", "e7e6"],
    ["d3d4", "e7e5", "c3c4", "b7b6"],
]


def recounted() -> Counter:
    """The explorer counted again from scratch from the games it says it holds."""
    counts = Counter()
    for kept in ExploredGame.objects.select_related("game"):
        result = {0: "first_wins", None: "draws", 1: "second_wins"}[kept.winner]
        for position, move in openings.moves_of(kept.game, kept.line):
            counts[(position, kept.speed, move), result] += 1
    return counts


def stored() -> Counter:
    counts = Counter()
    for row in OpeningMove.objects.all():
        for result in ("first_wins", "draws", "second_wins"):
            if getattr(row, result):
                counts[(row.position, row.speed, row.move), result] = getattr(row, result)
    return counts


def test_games_ending_at_once_are_each_counted_once(ann, bob):
    for n in range(ROUNDS):
        ending = [played(ann, bob, line) for line in LINES]
        losers = [bob, ann, bob, ann]
        outcomes = together(
            *(partial(games.resign, g, p) for g, p in zip(ending, losers, strict=True))
        )
        assert all(not isinstance(o, Exception) for o in outcomes), outcomes
        assert ExploredGame.objects.count() == len(LINES) * (n + 1)
        assert stored() == recounted(), n
    start = openings.explore(ending[0].rules, ending[0].rules.initial())
    assert {p.move: (p.first_wins, p.second_wins) for p in start} == {
        "d3d4": (2 * ROUNDS, ROUNDS),
        "c3c4": (0, ROUNDS),
    }
