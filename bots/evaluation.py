"""Per game: how good a position looks to a seat, and which moves are worth searching.

An evaluation is in hundredths of a piece of material (bots/material.py) plus what the
material does not see: in Imperial Shuffle, how much freer one Emperor is than the other (a
boxed-in Emperor loses); in Empire, nothing beyond the captures: there its moves are told
apart by their shape, the order they are searched in (first_looks) and which of them are
searched below the root (replies)."""

from __future__ import annotations

import heapq
from dataclasses import replace
from functools import cache
from itertools import compress, count
from operator import itemgetter, ne

from bots.material import balance
from rules.empire import VACANT, geometry, runs

PIECE = 100.0
PIECES = frozenset("OX")  # Empire's live pieces
WIDTH = 8  # Empire: how many points a search tries below its root (replies)
KEPT = 12  # Empire: the fewest root moves an iteration takes on to the next (kept)
FAR_KEPT = 4  # Empire's level 8: the root moves it searches past its seventh ply (kept)
POINTS = 4096  # more than any Empire board has (40 x 40): a rank's room for the point


def evaluate(game, state, seat: int) -> float:
    value = PIECE * balance(game, state, seat)
    if game.slug == "imperial-shuffle":
        value += 5.0 * _freedom(game, state, seat)
    return value


def _freedom(game, state, seat: int) -> float:
    """How many more pushes `seat`'s Emperor has than the other's, each side's counted as if
    it were to move. The side to move's count alone would stand for the searcher after an
    even number of plies and against it after an odd one: levels searching to depths of
    either parity would judge the same position by different measures."""
    mine, theirs = (
        state if state.turn == side else replace(state, turn=side) for side in (seat, 1 - seat)
    )
    return len(game.generate(mine)) - len(game.generate(theirs))


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
    """The moves in the order a search tries them at its root, which is the order ties are
    settled in. Empire's evaluation sees captures only, so most of its moves tie: they go by
    their shape (_shape), the best first; a pass comes last; among equals the order given
    stays."""
    if game.slug != "empire":
        return moves
    ranks = _shapes(game, state)[state.turn]

    def shape(move: str) -> float:
        i = game.point(state, move)
        if i is None:
            return float("-inf")  # a pass: last
        return ranks[i] // POINTS if i in ranks else 0  # beside no live piece: no shape

    return sorted(moves, key=shape, reverse=True)


def replies(game, state) -> list[str]:
    """The moves a search tries below its root. Empire's are the WIDTH points of best shape
    (among equals, the first by index): with a hundred candidates a position, a search as
    wide as the root would spend any budget on its second ply, and one this narrow reaches
    the third and fourth, where a ring threatened is closed or a threat met. The other
    games', every candidate."""
    if game.slug != "empire":
        return candidates(game, state)
    ranks = _shapes(game, state)[state.turn]
    names = geometry(state.width, state.height)[0]
    best = [names[POINTS - 1 - rank % POINTS] for rank in heapq.nlargest(WIDTH, ranks.values())]
    return best or candidates(game, state)


def kept(game, depth: int, count: int, far: bool = False) -> int:
    """How many of its root's moves, best first, a search takes on to its next iteration,
    after one `depth` plies deep over `count` of them. Empire's root has a hundred moves whose
    third ply costs about as much as a level's whole budget: from the second ply on each
    iteration keeps the better half (KEPT at least), so that a bigger budget buys the next
    ply on the moves that matter rather than the same ply on the rest; a search that goes
    `far` (Empire's level 8) takes only its best FAR_KEPT past the seventh ply, so that its
    budget reaches the ninth on them. The other games keep all."""
    if game.slug != "empire" or depth < 2:
        return count
    if far and depth >= 7:
        return FAR_KEPT
    return max(KEPT, count // 2)


def deeper(game, depth: int) -> int:
    """The depth of a search's next iteration where it goes far (Empire's level 8), after one
    `depth` plies deep. Empire's search finds its captures on the plies that end on its own
    move: from the fifth ply on it goes two deeper at a time, to the seventh, then the ninth
    (a search to the sixth, the other side's reply, measured no stronger than one to the
    fifth). The other games, one at a time."""
    if game.slug == "empire" and depth >= 5:
        return depth + 2
    return depth + 1


def remembered(game, state):
    """What tells one position from another in the table of a search that goes far (Empire's
    level 8): Empire's board, side to move and passes just made. The ply is left out: it does
    not change what a position is worth, and the same position is reached by moves in
    another order, which is what the table is for."""
    return state.board, state.turn, state.passes


def made(game, state, move: str):
    """The position after `move`, as a search makes it: in Empire, noting where it came from,
    so that its shapes, if ever asked for, are the parent's with those round the point
    renewed instead of counted again over the whole board."""
    after = game.apply(state, move)
    if "shapes" in state.memo:
        after.memo["shapes from"] = (state, move)
    return after


Ranks = tuple[dict[int, int], dict[int, int]]


def _shapes(game, state) -> Ranks:
    """Each vacant point beside a live piece (no other point has any shape), ranked by its
    shape (_shape) for circles to move and for crosses to move: the rank is the shape times
    POINTS, plus POINTS less one less the point's index (the first by index the higher
    among equals). Kept in the state's memo."""
    memo = state.memo
    if "shapes" not in memo:
        source = memo.pop("shapes from", None)
        memo["shapes"] = _renewed(game, *source, state) if source else _counted(state)
    return memo["shapes"]


def _counted(state) -> Ranks:
    board, circles = state.board, geometry(state.width, state.height)[3]
    beside = set()
    for i in compress(count(), map(PIECES.__contains__, board)):
        beside.update(circles[i])
    beside.discard(None)
    ranks = ({}, {})
    _rank(ranks, _padded(board), _around(state.width, state.height), beside)
    return ranks


def _renewed(game, parent, move: str, state) -> Ranks:
    """The shapes after a move: the parent's, with those of the points it changed and of
    their neighbours counted again (a placement changes its own point; a capture more)."""
    if move == "pass":
        return _shapes(game, parent)  # the same board
    board, circles = state.board, geometry(state.width, state.height)[3]
    i, before = game.point(parent, move), parent.board
    if before[:i] == board[:i] and before[i + 1 :] == board[i + 1 :]:
        changed = [i]  # a placement that took nothing: the whole board compared at C's pace
    else:
        changed = list(compress(count(), map(ne, before, board)))
    ranks = tuple(map(dict, _shapes(game, parent)))
    touched = set(changed)
    for i in changed:
        touched.update(circles[i])
    touched.discard(None)
    _rank(ranks, _padded(board), _around(state.width, state.height), touched)
    return ranks


def _rank(ranks: Ranks, board: tuple, around, points) -> None:
    """Rank `points` anew: those vacant and beside a live piece, the others dropped."""
    for p in points:
        shapes = _shapes_of(around[p](board)) if board[p] in VACANT else None
        if shapes is None:
            ranks[0].pop(p, None)
            ranks[1].pop(p, None)
        else:
            ranks[0][p] = shapes[0] * POINTS + POINTS - 1 - p
            ranks[1][p] = shapes[1] * POINTS + POINTS - 1 - p


def _padded(board: tuple) -> tuple:
    """The board with one more point, off it, for the neighbours a point on its edge lacks."""
    return (*board, "#")


@cache
def _around(width: int, height: int) -> tuple:
    """For each point's index, what stands on its eight neighbours in circular order, as a
    function of the padded board (_padded): one call, not eight look-ups."""
    off = width * height
    return tuple(
        itemgetter(*(off if p is None else p for p in circle))
        for circle in geometry(width, height)[3]
    )


@cache
def _shapes_of(around: tuple[str, ...]) -> tuple[int, int] | None:
    """A vacant point's shape for circles to move and for crosses to move, by what stands
    round it; None beside no live piece (it has no shape)."""
    if not PIECES.intersection(around):
        return None
    circles, crosses = [c == "O" for c in around], [c == "X" for c in around]
    return _shape(circles, crosses), _shape(crosses, circles)


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
