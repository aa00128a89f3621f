"""The sequential probability ratio test as Stockfish's fishtest and fastchess run it, on
pairs of games (one opening, sides swapped), under the pentanomial model: a pair scores 0,
1/2, 1, 3/2 or 2 points, and pairs, not games, are the independent samples.

The log-likelihood ratio is the generalised one of Michel Van den Bergh ("Comments on
Normalized Elo"): for each hypothesis (an expected score), the distribution of the five
outcomes closest to the one observed that has that score; the ratio of the two likelihoods.
An empty outcome counts as a thousandth of a pair, as fishtest and fastchess count it, so
that an unanimous result still has a variance. The test stops when the ratio leaves
[log(beta / (1 - alpha)), log((1 - beta) / alpha)]."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's points, as a share of its two games
EMPTY = 1e-3
Z95 = 1.959963984540054


def score_of_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def llr(counts: Sequence[float], score0: float, score1: float, scores=PAIR_SCORES) -> float:
    """log(likelihood at score1 / likelihood at score0) of the outcomes counted, `counts[i]`
    of them scoring `scores[i]` (pairs by default; a game's 0, 1/2, 1 works alike)."""
    regularised = [count or EMPTY for count in counts]
    total = sum(regularised)
    observed = [count / total for count in regularised]
    closest0 = _closest(observed, scores, score0)
    closest1 = _closest(observed, scores, score1)
    return total * sum(
        p * (math.log(q1) - math.log(q0))
        for p, q0, q1 in zip(observed, closest0, closest1, strict=True)
    )


def _closest(observed, scores, score: float) -> list[float]:
    """The distribution over `scores` with mean `score` that is likeliest to have given the
    `observed` shares: observed_i / (1 + theta (score_i - score)), theta the one root of
    sum observed_i (score_i - score) / (1 + theta (score_i - score)) = 0 between the poles
    (Van den Bergh, proposition 1.1), found by bisection: the sum falls as theta grows."""
    gaps = [s - score for s in scores]
    low, high = -1 / max(gaps), -1 / min(gaps)
    while high - low > 1e-10:
        theta = (low + high) / 2
        if sum(p * g / (1 + theta * g) for p, g in zip(observed, gaps, strict=True)) > 0:
            low = theta
        else:
            high = theta
    theta = (low + high) / 2
    return [p / (1 + theta * g) for p, g in zip(observed, gaps, strict=True)]


@dataclass(frozen=True)
class Sprt:
    """H0: the first player scores `score0`; H1: it scores `score1` (score0 < score1)."""

    score0: float = 0.55
    score1: float = 0.60
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def decide(self, pair_points: Sequence[float]) -> tuple[str | None, int, float]:
        """Run over the pairs in the order played (each pair's points, 0 to 2): the decision
        ("H1", "H0", or None while it goes on), the pairs it took, and the ratio then."""
        counts = [0] * len(PAIR_SCORES)
        ratio = 0.0
        for played, points in enumerate(pair_points, start=1):
            counts[round(points * 2)] += 1
            ratio = llr(counts, self.score0, self.score1)
            if ratio >= self.upper:
                return "H1", played, ratio
            if ratio <= self.lower:
                return "H0", played, ratio
        return None, len(pair_points), ratio


@dataclass(frozen=True)
class Estimate:
    """The first player's score over pairs, with its 95 % interval, and the same in Elo."""

    pairs: int
    score: float
    low: float
    high: float

    @property
    def elo(self) -> tuple[float, float, float]:
        return elo_of_score(self.score), elo_of_score(self.low), elo_of_score(self.high)


def estimate(pair_points: Sequence[float]) -> Estimate:
    """The mean of the pairs' scores, and a normal interval on the pairs' own variance. When
    every pair scored alike there is no variance to go on: the interval is then the exact
    one-sided bound (the shares at which so many pairs in a row would happen 1 time in 40)."""
    pairs = len(pair_points)
    if not pairs:
        return Estimate(0, 0.5, 0.0, 1.0)
    shares = [points / 2 for points in pair_points]
    mean = sum(shares) / pairs
    variance = sum((s - mean) ** 2 for s in shares) / pairs
    if variance == 0:
        bound = 0.025 ** (1 / pairs)
        if mean == 1:
            return Estimate(pairs, 1.0, bound, 1.0)
        if mean == 0:
            return Estimate(pairs, 0.0, 0.0, 1 - bound)
    margin = Z95 * math.sqrt(variance / pairs)
    return Estimate(pairs, mean, max(0.0, mean - margin), min(1.0, mean + margin))
