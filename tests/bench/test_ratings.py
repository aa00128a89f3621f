"""The levels' ratings fitted to recorded games (bench/ratings.py): it finds the ratings that
made simulated games, keeps a pairing won every time finite, places only what is joined to
the anchor, and the ratings the site shows are the fit of the records in the repository."""

import json
import random

import pytest

import rules
from bench import ratings
from bench.bots import EMPIRE_SIZE, read_records, records_path
from bench.sprt import score_of_elo

TRUE = {"L1": 400, "L2": 900, "L3": 1150, "greedy": 700}


def simulated(pairings, games: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for first, second in pairings:
        expected = score_of_elo(TRUE[first] - TRUE[second])
        for _ in range(games):
            rows.append({"first": first, "second": second, "score": rng.random() < expected})
    return rows


def test_the_fit_finds_the_ratings_that_made_the_games():
    rows = simulated([("L2", "L1"), ("L3", "L2"), ("L1", "greedy"), ("L3", "greedy")], 3000)
    placed = ratings.fit(ratings.tallies(rows))
    assert placed["L1"]["rating"] == 400  # the anchor
    for name in ("L2", "L3", "greedy"):
        assert placed[name]["low"] <= TRUE[name] <= placed[name]["high"]
        assert abs(placed[name]["rating"] - TRUE[name]) < 40
    assert placed["L2"]["games"] == 6000


def test_a_pairing_won_every_time_is_far_apart_but_finite_and_random_is_level_one():
    rows = [{"first": "L8", "second": "random", "score": "1.0"}] * 68
    placed = ratings.fit(ratings.tallies(rows))
    assert 400 + 600 < placed["L8"]["rating"] < 400 + 900  # two virtual draws: 69 of 70
    assert placed["L8"]["low"] < placed["L8"]["rating"] < placed["L8"]["high"]


def test_a_level_not_joined_to_the_anchor_is_not_placed():
    rows = simulated([("L2", "L1")], 50) + simulated([("L3", "greedy")], 50)
    assert set(ratings.fit(ratings.tallies(rows))) == {"L1", "L2"}


@pytest.mark.parametrize("game", rules.games(), ids=lambda g: g.slug)
def test_the_ratings_shown_are_the_fit_of_the_recorded_games(game):
    """bots/ratings.json is what bench/ratings.py makes of bench/ladder/ as committed: run it
    again after recording games."""
    fitted = json.loads(ratings.OUTPUT.read_text())["games"][game.slug]
    rows = read_records(records_path(game.slug, EMPIRE_SIZE))
    placed = ratings.fit(ratings.tallies(rows)) if rows else {}
    assert fitted["games"] == len(rows)
    assert fitted["steps"] == ratings.steps(rows)
    assert fitted["levels"] == {
        name[1:]: {k: round(v) for k, v in place.items()}
        for name, place in placed.items()
        if name.startswith("L")
    }


def test_each_steps_decision_is_the_sequential_tests_on_the_pairs_played_in_order():
    won = [{"first": "L2", "second": "L1", "seed": str(s), "score": "1.0"} for s in range(80)]
    # Level 3 against level 2: two pairs, then a gap (seed 4 unplayed): only the pairs before
    # it count, and they decide nothing yet.
    going_on = [
        {"first": "L3", "second": "L2", "seed": str(s), "score": score}
        for s, score in ((0, "1.0"), (1, "0.5"), (2, "0.0"), (3, "1.0"), (5, "1.0"))
    ]
    found = ratings.steps(won + going_on)
    assert found["2"] == {"decision": "H1", "games": 68, "score": 100}  # before the last pair
    assert found["3"] == {"decision": None, "games": 4, "score": 62}
    assert set(found) == {"2", "3"}


def test_a_markdown_row_shows_the_anchor_alone_intervals_and_dashes_for_unplaced_levels():
    placed = {
        "levels": {
            "1": {"rating": 400, "low": 400, "high": 400, "games": 68},
            "2": {"rating": 1136, "low": 793, "high": 1478, "games": 136},
        },
        "greedy": None,
        "games": 1204,
    }
    row = ratings.markdown_row("Empress", placed)
    assert row == "| Empress | 400 | 1,136 [793, 1,478] | — | — | — | — | — | — | — | 1,204 |"
