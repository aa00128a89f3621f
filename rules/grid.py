"""Rectangular boards: square names, steps, rays and leaps, precomputed once per size."""

from __future__ import annotations

from functools import cache

from rules.said import said

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
KNIGHT_LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def column_name(x: int) -> str:
    """Letters naming column x beyond z too: 0 -> a, 25 -> z, 26 -> aa, 27 -> ab."""
    name = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        name = chr(ord("a") + r) + name
    return name


class Grid:
    """Squares numbered rank * files + file, a1 = 0; named like chess (`a1`, `l12`)."""

    def __init__(self, files: int, ranks: int):
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.names = tuple(FILE_LETTERS[i % files] + str(i // files + 1) for i in range(self.size))
        self._index = {name: i for i, name in enumerate(self.names)}

    def index(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise ValueError(
                said("{name} is not a square of this board.", name=repr(name))
            ) from None

    def find(self, name: str) -> int | None:
        """The index of a square's name; None for anything else."""
        return self._index.get(name)

    def is_square(self, name: str) -> bool:
        return name in self._index

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def offset(self, sq: int, df: int, dr: int) -> int | None:
        f, r = sq % self.files + df, sq // self.files + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return None

    @cache  # noqa: B019 - grids live for the whole process, one per size
    def ray(self, sq: int, direction: tuple[int, int]) -> tuple[int, ...]:
        """Squares from `sq` (excluded) to the edge in one direction."""
        out = []
        nxt = self.offset(sq, *direction)
        while nxt is not None:
            out.append(nxt)
            nxt = self.offset(nxt, *direction)
        return tuple(out)

    @cache  # noqa: B019
    def rays(self, sq: int, directions: tuple) -> tuple[tuple[int, ...], ...]:
        return tuple(r for r in (self.ray(sq, d) for d in directions) if r)

    @cache  # noqa: B019
    def leaps(self, sq: int, offsets: tuple) -> tuple[int, ...]:
        """Squares reached by each (file, rank) offset that stays on the board."""
        return tuple(t for t in (self.offset(sq, *o) for o in offsets) if t is not None)

    def between(self, a: int, b: int) -> tuple[int, ...] | None:
        """Squares strictly between a and b on a shared line, or None if not aligned."""
        df = self.file_of(b) - self.file_of(a)
        dr = self.rank_of(b) - self.rank_of(a)
        if (df, dr) == (0, 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return None
        step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
        ray = self.ray(a, step)
        return ray[: ray.index(b)]
