"""The sequential test of bench/sprt.py: against the figures fastchess's own tests publish
(the same generalised ratio as fishtest's), and against simulated matches of known odds."""

import random

import pytest

from bench.sprt import Sprt, elo_of_score, estimate, llr, score_of_elo

GAME_SCORES = (0.0, 0.5, 1.0)


@pytest.mark.parametrize(
    "counts, elo0, elo1, expected",
    [
        # fastchess app/tests/sprt_test.cpp, "logistic pentanomial 1" and "2": pairs lost
        # twice, lost and drawn, won and lost or drawn twice, won and drawn, won twice.
        ((223, 9863, 20279 + 1000, 10037, 246), 0.5, 2.5, -3.07),
        ((871, 26175, 55003 + 980, 26678, 821), 0.0, 2.0, -4.98),
    ],
)
def test_the_ratio_over_pairs_is_fastchess_s(counts, elo0, elo1, expected):
    assert llr(counts, score_of_elo(elo0), score_of_elo(elo1)) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize(
    "losses, draws, wins, elo0, elo1, expected",
    [
        # fastchess, "logistic trinomial 1" and "2": single games lost, drawn, won.
        (21184, 40708, 21404, 0.5, 2.5, -1.57),
        (57030, 106593, 57433, 0.0, 2.0, -2.59),
    ],
)
def test_the_ratio_over_games_is_fastchess_s(losses, draws, wins, elo0, elo1, expected):
    ratio = llr((losses, draws, wins), score_of_elo(elo0), score_of_elo(elo1), GAME_SCORES)
    assert ratio == pytest.approx(expected, abs=0.01)


def test_elo_and_score_are_each_other_s_inverse():
    assert score_of_elo(0) == 0.5
    assert elo_of_score(0.6) == pytest.approx(70.44, abs=0.01)
    assert elo_of_score(score_of_elo(-250)) == pytest.approx(-250)
    assert elo_of_score(1.0) == float("inf") and elo_of_score(0.0) == float("-inf")


def simulated_pair(rng: random.Random, score: float) -> float:
    """A pair's points when each game is drawn 2 times in 5 and won `score` - 0.2 of the
    time (so it scores `score`), the two games independent."""
    return sum(1.0 if r < score - 0.2 else 0.5 if r < score + 0.2 else 0.0
               for r in (rng.random(), rng.random()))  # fmt: skip


@pytest.mark.parametrize(
    "true_score, least, most",
    [
        (0.50, 0.0, 0.01),  # far below H0: H1 all but never
        (0.55, 0.0, 0.09),  # at H0: H1 at most alpha (5 %), and the simulation's noise
        (0.60, 0.91, 1.0),  # at H1: H1 at least 1 - beta (95 %), less the same noise
        (0.70, 0.99, 1.0),
    ],
)
def test_a_simulated_match_is_decided_with_the_errors_asked_for(true_score, least, most):
    """Matches of known odds, 200 of each, each decided: the share that accepts H1 is what
    alpha = beta = 0.05 promise (a fixed seed, so the same every run)."""
    rng, test, runs = random.Random(f"sprt-{true_score}"), Sprt(0.55, 0.60), 200
    accepted = 0
    for _ in range(runs):
        decision, _, _ = test.decide([simulated_pair(rng, true_score) for _ in range(2000)])
        assert decision is not None
        accepted += decision == "H1"
    assert least <= accepted / runs <= most


def test_an_unanimous_match_is_decided_and_its_interval_is_exact():
    decision, pairs, _ = Sprt(0.55, 0.60).decide([2.0] * 100)
    assert (decision, pairs) == ("H1", 34)
    found = estimate([2.0] * pairs)
    assert found.score == 1.0 and found.high == 1.0
    assert found.low**pairs == pytest.approx(0.025)  # 34 pairs in a row happen 1 time in 40


def test_the_interval_is_the_normal_one_on_the_pairs_variance():
    found = estimate([2, 1, 1, 0])  # shares 1, .5, .5, 0: mean .5, variance .125
    assert found.score == 0.5
    assert found.high - 0.5 == pytest.approx(1.96 * (0.125 / 4) ** 0.5, rel=1e-3)
    assert found.elo[0] == 0
