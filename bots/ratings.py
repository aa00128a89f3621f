"""The levels' ratings as measured: games between the levels and two yardsticks, recorded by
`bench/bots.py --sprt` (bench/ladder/) and fitted to one Elo scale per game by
`bench/ratings.py`, which writes ratings.json beside this file, with where each level's step
over the level below stands."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FITTED = Path(__file__).resolve().parent / "ratings.json"


@dataclass(frozen=True)
class Step:
    """Where a level's step over the level below stands in the sequential test: "H1" (the
    level scores at least 60 % against it), "H0" (under 55 %), or None while the test goes
    on; the games it took, and the level's score over them in per cent."""

    below: int
    decision: str | None
    games: int
    score: int


@dataclass(frozen=True)
class Measured:
    """A level's rating in one game, its 95 % interval, and the recorded games it rests on;
    and its step over the level below, where that pairing has been played."""

    rating: int
    low: int
    high: int
    games: int
    step: Step | None = None


@cache
def _fitted() -> dict:
    return json.loads(FITTED.read_text()) if FITTED.exists() else {"games": {}}


def measured(slug: str, level: int) -> Measured | None:
    """The level's measured rating in the game, or None where it has not been placed."""
    fitted = _fitted()["games"].get(slug, {})
    place = fitted.get("levels", {}).get(str(level))
    if not place:
        return None
    step = fitted.get("steps", {}).get(str(level))
    return Measured(**place, step=Step(level - 1, **step) if step else None)


def anchor() -> tuple[int, int]:
    """The stated choice the scale hangs from: (the level, its rating)."""
    stated = _fitted().get("anchor", {"level": 1, "rating": 400})
    return stated["level"], round(stated["rating"])
