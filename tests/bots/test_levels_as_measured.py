"""The levels play as the ladder measured them. bench/ladder records thousands of games
between the levels and bots/ratings.json the ratings fitted to them; both describe the levels
only while the levels choose the same moves. So in each game a short game between two levels,
from a fixed opening, must go move for move as levels_as_measured.json has it.

A change that makes the search faster passes. A change that alters a level's choices (its
evaluation, the order it looks at moves, its budget, the engine's version) fails here: then
the levels it touches are measured again (docs/operations.md, "Measuring the computer's
levels"), and their games here written anew with

    .venv/bin/python -m tests.bots.test_levels_as_measured
"""

import json
from pathlib import Path

import pytest

import bots
import rules
from bench.bots import EMPIRE_SIZE, opened, options_for, player

RECORDED = Path(__file__).with_name("levels_as_measured.json")
PLIES = 16
# Empire's first moves go by their shape alone at every level; how deep a level looks shows
# from about the fiftieth.
PLIES_OF = {"empire": 64}
# The one-move-ahead levels (one of them half at random), and two searching ones.
PAIRINGS = ((3, 2), (6, 5))


def played(slug: str, first: int, second: int) -> list[str]:
    """The moves of a game between two levels after four random plies (Imperial Shuffle's
    boards dealt at random too), up to PLIES of them (PLIES_OF for Empire)."""
    game = rules.get(slug)
    state, moves = opened(game, options_for(slug, EMPIRE_SIZE), first, 4), []
    # Unhurried: the budget of positions alone decides, as when measured.
    players = [player(slug, f"L{level}", level, unhurried=True) for level in (first, second)]
    while len(moves) < PLIES_OF.get(slug, PLIES) and game.outcome(state) is None:
        moves.append(players[game.to_move(state)].choose(state))
        state = game.play(state, moves[-1])
    return moves


def record() -> dict:
    return {
        slug: {
            "levels": [bots.describe(slug, level) for level in bots.levels()],
            **{f"L{a}-vs-L{b}": " ".join(played(slug, a, b)) for a, b in PAIRINGS},
        }
        for slug in (g.slug for g in rules.games())
    }


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_every_level_searches_the_positions_it_searched_when_measured(slug):
    """Levels 7 and 8 cost too much to replay here: their budgets, which their profiles
    state, are held instead."""
    expected = json.loads(RECORDED.read_text())[slug]["levels"]
    assert [bots.describe(slug, level) for level in bots.levels()] == expected


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
@pytest.mark.parametrize(("first", "second"), PAIRINGS)
def test_the_levels_choose_the_moves_they_chose_when_measured(slug, first, second):
    expected = json.loads(RECORDED.read_text())[slug][f"L{first}-vs-L{second}"]
    assert " ".join(played(slug, first, second)) == expected, (
        "The levels choose other moves than those the ladder measured: measure them again "
        "and write these games anew (this file's docstring says how)."
    )


if __name__ == "__main__":
    RECORDED.write_text(json.dumps(record(), indent=1) + "\n")
