"""The rules of Imperia's games: pure Python, no Django, no I/O, immutable states.

import rules
g = rules.get("empire-chess")
s = g.play(g.initial(), "e3e4")
"""

from rules.base import Game, IllegalMove, Outcome, State, UnreadableMove
from rules.empire import Empire
from rules.empire_chess import EmpireChess
from rules.empress import Empress
from rules.imperial_chess import ImperialChess
from rules.imperial_shuffle import ImperialShuffle

_GAMES = {
    game.slug: game
    for game in (Empress(), EmpireChess(), Empire(), ImperialShuffle(), ImperialChess())
}


def get(slug: str) -> Game:
    try:
        return _GAMES[slug]
    except KeyError:
        raise ValueError(f"There is no game called {slug!r}.") from None


def games() -> list[Game]:
    return list(_GAMES.values())


__all__ = ["Game", "IllegalMove", "Outcome", "State", "UnreadableMove", "games", "get"]
