"""FEN-style board text shared by the chess-like games: ranks from the top, digit runs."""

from __future__ import annotations

import re

from rules.grid import Grid
from rules.said import said

_RUN = re.compile(r"\d+|.")


def format_board(board: tuple, grid: Grid) -> str:
    rows = []
    for rank in range(grid.ranks - 1, -1, -1):
        row, empty = [], 0
        for sq in range(rank * grid.files, (rank + 1) * grid.files):
            piece = board[sq]
            if piece is None:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(piece)
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/".join(rows)


def parse_board(text: str, grid: Grid, letters: str) -> tuple:
    """Board tuple (None for empty) from FEN ranks; ValueError naming what is wrong."""
    rows = text.split("/")
    if len(rows) != grid.ranks:
        raise ValueError(
            said(
                "The board needs {ranks} ranks separated by '/', not {count}.",
                ranks=grid.ranks,
                count=len(rows),
            )
        )
    board: list = [None] * grid.size
    for i, row in enumerate(rows):
        rank = grid.ranks - 1 - i
        f = 0
        for token in _RUN.findall(row):
            if token.isdigit():
                f += int(token)
                continue
            if token not in letters:
                raise ValueError(
                    said(
                        "{piece} is not a piece of this game (rank {rank}).",
                        piece=repr(token),
                        rank=rank + 1,
                    )
                )
            if f < grid.files:
                board[rank * grid.files + f] = token
            f += 1
        if f != grid.files:
            raise ValueError(
                said(
                    "Rank {rank} has {count} squares instead of {files}.",
                    rank=rank + 1,
                    count=f,
                    files=grid.files,
                )
            )
    return tuple(board)
