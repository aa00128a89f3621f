"""Imperial Chess's Charge for the computer: every file moves one piece in one turn, so the
charges are far too many to list among the legal moves. One is composed, part by part, the
way a player would in the composer: each part the capture that wins the most, or a piece
moved at random where nothing can be taken. The search then weighs it like any other move,
so a charge is played when it is the best move found."""

from __future__ import annotations

import random

from bots.material import balance
from rules import IllegalMove


def compose(game, state, rng: random.Random) -> str | None:
    """A whole charge for the side to move, or None where no charge may be announced."""
    if not getattr(game, "charge_available", None) or not game.charge_available(state):
        return None
    seat, parts = game.to_move(state), []
    try:
        charge = game.charge(state, parts)
        while not charge.complete:
            parts.append(_best_part(game, state, parts, charge, seat, rng))
            charge = game.charge(state, parts)
    except IllegalMove:  # a part the rules refuse after all: no charge from this attempt
        return None
    return ",".join(parts)


def _best_part(game, state, parts, charge, seat, rng) -> str:
    board, grid = charge.state.board, game.grid
    best, best_gain = None, None
    for part in rng.sample(charge.options, len(charge.options)):
        squares = game.move_squares(part)
        takes = len(squares) == 2 and board[grid.index(squares[1])] is not None
        gain = balance(game, game.charge(state, [*parts, part]).state, seat) if takes else None
        if best is None or (gain is not None and (best_gain is None or gain > best_gain)):
            best, best_gain = part, gain
    return best
