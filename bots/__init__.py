"""The computer opponents: pure Python over the rules contract and engine drivers, no Django.

    import bots
    p = bots.get("empire", level=5, seed=0)   # any of the five slugs; levels 1..8
    bots.get("empire-chess", 5, own_search=True)  # not Fairy-Stockfish: Imperia's own search
    move = p.choose(state, budget_ms=None)    # a move the rules accept, for the seat to move
    bots.levels()                             # (1, 2, ..., 8)
    bots.analyse("empress", state, seconds=1) # Opinion: score for the side to move, the line
    bots.measured("empress", 5)               # Measured rating, interval, games, step; or None

`choose` answers every phase a game has. Imperial Shuffle's arrangement comes before there is
a position: it is asked with `bots.Arranging(options, seat, other)` and answers a board text.
Fairy-Stockfish's failures (missing, stopped, hung, an illegal move) raise
`bots.EngineFailure`. Same seed, same state, same level: same move (a level is bound by a count of positions, not
by time, unless `budget_ms` or the 1.8 s every move is held to cuts it short).
"""

from __future__ import annotations

import rules
from bots.analyse import Opinion
from bots.analyse import analyse as _analyse
from bots.fairy import EngineFailure, FairyPlayer
from bots.players import Arranging, Player, by_level
from bots.ratings import Measured, anchor, measured

LEVELS = tuple(range(1, 9))


def levels() -> tuple[int, ...]:
    return LEVELS


def get(slug: str, level: int = 1, seed: int = 0, own_search: bool = False) -> Player:
    """The computer opponent for a game at a level (1 the weakest, 8 the strongest); with
    `own_search`, Empire Chess's is Imperia's own search rather than Fairy-Stockfish."""
    if level not in LEVELS:
        raise ValueError(f"Levels run from 1 to {LEVELS[-1]}.")
    game = rules.get(slug)
    if game.slug == "empire-chess" and not own_search:
        return FairyPlayer(game, level, seed)
    return by_level(game, level, seed)


def describe(slug: str, level: int) -> str:
    """How the computer plays a game at a level, in a phrase for its profile."""
    return get(slug, level).describe()


def analyse(slug: str, state, seconds: float = 1.0) -> Opinion:
    """The computer's score for the side to move in `state`, and the line it expects."""
    return _analyse(rules.get(slug), state, seconds)


__all__ = [
    "Arranging",
    "EngineFailure",
    "Measured",
    "Opinion",
    "Player",
    "analyse",
    "anchor",
    "describe",
    "get",
    "levels",
    "measured",
]
