"""Where a game's actions are posted: a fragment links to a dozen, and working each out again
with reverse() is a tenth of drawing it, so they are worked out once per game."""

from __future__ import annotations

from django.urls import reverse

from play.common.lru import LRU
from play.models import Game

_URLS = LRU(4096)  # public id -> its game's actions' URLs
ACTIONS = (
    "live",
    "move",
    "premove",
    "charge",
    "setup",
    "flag",
    "draw",
    "give-time",
    "berserk",
    "rematch",
    "abort",
    "resign",
    "takeback",
)


def of(game: Game) -> dict[str, str]:
    """The game's actions' URLs by name ("give_time": its URL, ...)."""
    return _URLS.remembered(
        game.public_id,
        lambda: {a.replace("-", "_"): reverse(f"game-{a}", args=[game.public_id]) for a in ACTIONS},
    )
