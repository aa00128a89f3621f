"""An arena player's score, game by game, as lichess's arenas count it (lila's ArenaSheet):
a win 2, a draw 1 (0 when it came in under 10 plies), a loss 0; after two wins in a row each
game counts double (a win 4, a draw 2) until one is not won, the streak; and a berserk
player's win of at least 7 of their own moves one point more. Pure: no Django."""

from __future__ import annotations

from dataclasses import dataclass

QUICK_DRAW_PLIES = 10  # a draw shorter than this scores nothing: no arranged draws
BERSERK_MOVES = 7  # a berserk win scores its extra point only after this many own moves


@dataclass(frozen=True)
class Played:
    """One finished arena game, as one of its players sees it."""

    score: float  # 1 won, 0.5 drawn, 0 lost
    plies: int  # the game's length
    moves: int  # this player's own moves
    berserk: bool = False


@dataclass(frozen=True)
class Scored:
    points: int
    on_fire: bool  # counted double: the two games before it were won
    berserk_point: bool  # the extra point of a berserk win


def sheet(played: list[Played]) -> list[Scored]:
    """What each game (in the order played) scored."""
    scored, wins_in_a_row = [], 0
    for game in played:
        on_fire = wins_in_a_row >= 2
        if game.score == 1:
            points = 4 if on_fire else 2
        elif game.score == 0.5 and game.plies >= QUICK_DRAW_PLIES:
            points = 2 if on_fire else 1
        else:
            points = 0
        bonus = game.score == 1 and game.berserk and game.moves >= BERSERK_MOVES
        scored.append(Scored(points + bonus, on_fire, bonus))
        wins_in_a_row = wins_in_a_row + 1 if game.score == 1 else 0
    return scored


def on_fire(played: list[Played]) -> bool:
    """Whether the player's next game counts double: their last two were won."""
    return len(played) >= 2 and played[-1].score == 1 and played[-2].score == 1
