"""Per game: how good a position looks to a seat, and which moves are worth searching.

An evaluation is in hundredths of a piece of material (bots/material.py) plus what the
material does not see: in Imperial Shuffle, how free each Emperor is (a boxed-in Emperor
loses); in Empire, nothing beyond the captures: there its moves are told apart by their
shape, the order they are searched in (first_looks)."""

from __future__ import annotations

from functools import cache
from itertools import compress, count

from bots.material import balance
from rules.empire import geometry, runs

PIECE = 100.0
PIECES = frozenset("OX")  # Empire's live pieces


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
    width, height, board = state.width, state.height, state.board
    names, within_two = _point_names(game, width, height), _within_two(width, height)
    near = set()
    for i in compress(count(), map(PIECES.__contains__, board)):
        near.update(within_two[i])
    legal = set(moves)
    local = [names[i] for i in sorted(near) if names[i] in legal]
    return local or moves


def first_looks(game, state, moves: list[str]) -> list[str]:
    """The moves in the order a search tries them, which is the order ties are settled in.
    Empire's evaluation sees captures only, so most of its moves tie: they go by their shape
    (_shape), the best first; a pass comes last; among equals the order given stays."""
    if game.slug != "empire":
        return moves
    circles = geometry(state.width, state.height)[3]
    own, other = ("O", "X") if game.to_move(state) == 0 else ("X", "O")

    def shape(move: str) -> float:
        i = game.point(state, move)
        if i is None:
            return float("-inf")  # a pass: last
        around = [None if p is None else state.board[p] for p in circles[i]]
        return _shape([c == own for c in around], [c == other for c in around])

    return sorted(moves, key=shape, reverse=True)


def _shape(own: list[bool], other: list[bool]) -> int:
    """How good a point looks by the pieces round it (`own`, `other`: which of its eight
    neighbours, in circular order, hold the mover's pieces and the other side's), as a Dots
    player reads shape (the Dots engine oppai orders its moves the same way). A point that
    links separate groups of the mover's pieces is how a ring is closed; one that touches
    separate groups of the other side's is how their rings are cut and their pieces held; a
    fight is where the two are in balance; a point already crowded by one side's pieces adds
    little there."""
    links, touches = _groups(own), _groups(other)
    crowding = max(0, sum(own) - 3) ** 2 + max(0, sum(other) - 3) ** 2
    return (3 * links + 2 * touches) * (5 - abs(links - touches)) - crowding


def _groups(marks: list[bool]) -> int:
    """How many separate groups the marked neighbours make (a full circle is one)."""
    return runs(marks) or int(all(marks))


@cache
def _within_two(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each point's index, the indices of the points within two of it (a 5x5 square, cut
    short by the edges)."""
    return tuple(
        tuple(
            ny * width + nx
            for ny in range(max(0, y - 2), min(height, y + 3))
            for nx in range(max(0, x - 2), min(width, x + 3))
        )
        for y in range(height)
        for x in range(width)
    )


@cache
def _point_names(game, width: int, height: int) -> tuple[str, ...]:
    """Each point's name by its index on a board of this size (None where the game starts
    with a piece: no move is ever made there)."""
    start = game.initial({"width": width, "height": height})
    by_index = {game.point(start, name): name for name in game.legal_moves(start) if name != "pass"}
    return tuple(by_index.get(i) for i in range(width * height))
