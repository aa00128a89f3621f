"""Per game: how good a position looks to a seat, and which moves are worth searching.

An evaluation is in hundredths of a piece of material (bots/material.py) plus what the
material does not see: in Imperial Shuffle, how free each Emperor is (a boxed-in Emperor
loses); in Empire, nothing yet beyond the captures."""

from __future__ import annotations

from bots.material import balance

PIECE = 100.0


def evaluate(game, state, seat: int) -> float:
    value = PIECE * balance(game, state, seat)
    if game.slug == "imperial-shuffle":
        value += 5.0 * _freedom(game, state, seat)
    return value


def _freedom(game, state, seat: int) -> float:
    """How many pushes the side to move has, as `seat` sees it (the other side's own count
    is not known without a move made: it is left out)."""
    moves = len(game.legal_moves(state))
    return moves if game.to_move(state) == seat else -moves


def candidates(game, state) -> list[str]:
    """The moves worth a look. Empire's board has a thousand vacant points: only those within
    two points of a piece already placed can take part in a fight; the rest wait."""
    moves = game.legal_moves(state)
    if game.slug != "empire" or len(moves) < 64:
        return moves
    width, height = state.width, state.height
    near = set()
    for i, symbol in enumerate(state.board):
        if symbol in "OX":
            x, y = i % width, i // width
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < width and 0 <= ny < height:
                        near.add(ny * width + nx)
    names = {name: game.point(state, name) for name in moves if name != "pass"}
    local = [name for name, point in names.items() if point in near]
    return local or moves
