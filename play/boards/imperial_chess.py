"""Imperial Chess: 12×12, fifteen kinds of piece. Each is a badge with its letter, shaped by
family (Imperials an eight-point star, other royalty a shield, Horsemen a circle, Rook and
Bishop a square, Catapult a triangle, Crossbowman and Pikeman a diamond, Pawn a small disc),
White light and Black dark; each carries its name and move as a tooltip. Catapult targets are
crosshairs, not dots."""

from __future__ import annotations

import math

from django.utils.translation import gettext, gettext_lazy

import rules
from play.boards.base import word
from play.boards.chessboard import ChessboardRenderer, side_piece
from rules.imperial_chess import GRID, PIECE_MOVES, PIECE_NAMES, RANK_ORDER

SEATS = rules.get("imperial-chess").seats

FAMILIES = {
    **dict.fromkeys("EMIJ", "star"),
    **dict.fromkeys("KQPA", "shield"),
    "N": "circle",
    **dict.fromkeys("RB", "square"),
    "C": "triangle",
    **dict.fromkeys("XS", "diamond"),
    "W": "pawn",
}


def _outline(family: str, x: float, y: float) -> str:
    if family == "star":
        points = []
        for i in range(16):
            radius, angle = (24 if i % 2 == 0 else 17), math.pi * i / 8
            points.append(f"{x + math.sin(angle) * radius:.1f},{y - math.cos(angle) * radius:.1f}")
        return f'<polygon points="{" ".join(points)}"/>'
    if family == "shield":
        return (
            f'<path d="M{x - 19},{y - 20} H{x + 19} V{y + 2} Q{x + 19},{y + 17} {x},{y + 23} '
            f'Q{x - 19},{y + 17} {x - 19},{y + 2} Z"/>'
        )
    if family == "circle":
        return f'<circle cx="{x}" cy="{y}" r="21"/>'
    if family == "square":
        return f'<rect x="{x - 19}" y="{y - 19}" width="38" height="38" rx="4"/>'
    if family == "triangle":
        return f'<polygon points="{x},{y - 23} {x + 23},{y + 18} {x - 23},{y + 18}"/>'
    if family == "diamond":
        return f'<polygon points="{x},{y - 24} {x + 22},{y} {x},{y + 24} {x - 22},{y}"/>'
    return f'<circle cx="{x}" cy="{y}" r="14"/>'


class ImperialChessBoard(ChessboardRenderer):
    slug = "imperial-chess"
    grid = GRID
    title = gettext_lazy("Imperial Chess board")
    pieces = RANK_ORDER + RANK_ORDER.lower()

    def piece_name(self, piece: str) -> str:
        side = SEATS[0] if piece.isupper() else SEATS[1]
        return side_piece(gettext(side), word(PIECE_NAMES[piece.upper()]))

    def piece_help(self, piece: str) -> str:
        # Translators: a piece and how it moves, as its tooltip says.
        return gettext("%(piece)s: %(moves)s") % {
            "piece": self.piece_name(piece),
            "moves": word(PIECE_MOVES[piece.upper()]),
        }

    def piece_title(self, piece: str) -> str:
        return self.piece_help(piece)

    def draw_piece(self, piece: str, x: float, y: float) -> str:
        kind = piece.upper()
        side = "white" if piece.isupper() else "black"
        size = 15 if kind == "W" else 19
        return (
            f'<g class="badge {side}-badge family-{FAMILIES[kind]}">'
            f"{_outline(FAMILIES[kind], x, y)}"
            f'<text x="{x}" y="{y + size * 0.36}" font-size="{size}">{kind}</text></g>'
        )

    def legend(self) -> list[tuple[str, str, str]]:
        """(picture, name, move) of every kind, in rank order, for the key beside the board."""
        return [(self.mini(k), word(PIECE_NAMES[k]), word(PIECE_MOVES[k])) for k in RANK_ORDER]
