"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), pure: no Django, no I/O.

Written here rather than taken from PyPI: `glicko2` 2.1.0, the common package, puts the
rating (mu squared) where step 5's f(x) has the deviation (phi squared), so it agrees with the
paper's example only because that player's mu is 0, and it keeps tau in a class attribute."""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale over Glicko's
START = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.75  # how far volatility may move: lichess's choice (the paper suggests 0.3 to 1.2)
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these results (opponent, score: 1 a
    win, 0.5 a draw, 0 a loss). No results: only the deviation grows (step 6)."""
    mu, phi, sigma = (player.rating - START) / SCALE, player.rd / SCALE, player.volatility
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    opponents = [((o.rating - START) / SCALE, o.rd / SCALE, score) for o, score in results]
    # Steps 3 and 4: the estimated variance and improvement.
    v = 1 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1 - _expected(mu, mu_j, phi_j))
        for mu_j, phi_j, _ in opponents
    )
    gained = sum(_g(phi_j) * (s - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, s in opponents)
    delta = v * gained
    sigma = _volatility(phi, sigma, v, delta, tau)
    # Steps 6 to 8.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * gained
    return Rating(SCALE * mu + START, SCALE * phi, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x):
        e = math.exp(x)
        return e * (delta * delta - phi * phi - v - e) / (2 * (phi * phi + v + e) ** 2) - (
            x - a
        ) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)


def idle(player: Rating, periods: float) -> Rating:
    """The deviation after `periods` rating periods without a game (step 6, over time), at
    most the starting deviation: an absent player's rating grows uncertain again."""
    if periods <= 0:
        return player
    phi, sigma = player.rd / SCALE, player.volatility
    rd = min(START_RD, SCALE * math.sqrt(phi * phi + periods * sigma * sigma))
    return Rating(player.rating, rd, sigma)
