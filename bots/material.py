"""What each side has won so far, in one number per game: what the greedy yardstick
maximises and what the searchers' evaluations start from.

Pieces are read from `captured()` (what each seat has lost, as the position text writes
them), valued by kind; Empire counts its captures (`score()`)."""

from __future__ import annotations

import rules

# Rough worth of a piece by its letter (case folded), per game. Royal pieces whose loss ends
# the game are worth nothing here: the outcome speaks for them.
VALUES = {
    # Chess's usual values; the Empire's pieces move like Queens and capture like the piece
    # they are named for, so they sit between a Rook and a Queen.
    "empire-chess": {
        "p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0,
        "s": 1, "e": 6, "c": 6, "t": 7, "d": 4,
    },
    # Eight Queens each; the game is lost with the last one, so every one counts alike.
    "empress": {"q": 1, "e": 0},
    # Commoners, Nobles; the High Priest and the Emperor are never killed by a match.
    "imperial-shuffle": {"c": 1, "n": 2, "h": 0, "e": 0},
    # The Queens decide the game; the long-range pieces and the Catapult are worth the most.
    "imperial-chess": {
        "e": 9, "m": 4, "k": 4, "q": 6, "i": 5, "j": 2, "p": 4, "a": 2,
        "n": 3, "r": 5, "b": 3, "c": 4, "x": 3, "s": 2, "w": 1,
    },
}  # fmt: skip


def balance(game: rules.Game, state, seat: int) -> float:
    """`seat`'s material lead: what the opponent has lost less what `seat` has lost."""
    score = game.score(state)
    if score is not None:
        return score[seat] - score[1 - seat]
    values = VALUES[game.slug]
    lost = game.captured(state)
    worth = [sum(values.get(piece[0].lower(), 1) for piece in side) for side in lost]
    return worth[1 - seat] - worth[seat]
