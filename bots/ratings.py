"""The levels' ratings as measured: games between the levels and two yardsticks, recorded by
`bench/bots.py --sprt` (bench/ladder/) and fitted to one Elo scale per game by
`bench/ratings.py`, which writes ratings.json beside this file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FITTED = Path(__file__).resolve().parent / "ratings.json"


@dataclass(frozen=True)
class Measured:
    """A level's rating in one game, its 95 % interval, and the recorded games it rests on."""

    rating: int
    low: int
    high: int
    games: int


@cache
def _fitted() -> dict:
    return json.loads(FITTED.read_text()) if FITTED.exists() else {"games": {}}


def measured(slug: str, level: int) -> Measured | None:
    """The level's measured rating in the game, or None where it has not been placed."""
    place = _fitted()["games"].get(slug, {}).get("levels", {}).get(str(level))
    return Measured(**place) if place else None


def anchor() -> tuple[int, int]:
    """The stated choice the scale hangs from: (the level, its rating)."""
    stated = _fitted().get("anchor", {"level": 1, "rating": 400})
    return stated["level"], round(stated["rating"])
