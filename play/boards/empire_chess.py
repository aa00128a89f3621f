"""Empire Chess pieces: the Empire as gold shields with the piece's letter, the Kingdom as
black chess figures, so the two sides differ in shape as well as colour."""

from __future__ import annotations

from html import escape

from django.utils.translation import gettext_lazy, pgettext_lazy

from play.boards.base import word
from play.boards.chessboard import CELL, ChessboardRenderer, side_piece
from rules.empire_chess import GRID, PIECE_NAMES

# Translators: Empire Chess's two sides, as its pieces are named ("Empire Duke").
SIDES = (
    pgettext_lazy("Empire Chess side", "Empire"),
    pgettext_lazy("Empire Chess side", "Kingdom"),
)
KINGDOM_GLYPHS = {"k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟"}


class EmpireChessBoard(ChessboardRenderer):
    slug = "empire-chess"
    grid = GRID
    title = gettext_lazy("Empire Chess board")
    pieces = "".join(PIECE_NAMES)

    def piece_name(self, piece: str) -> str:
        side = SIDES[0] if piece.isupper() else SIDES[1]
        return side_piece(str(side), word(PIECE_NAMES[piece]))

    def draw_piece(self, piece: str, x: float, y: float) -> str:
        return f'<g class="piece" aria-hidden="true">{self.glyph(piece, x, y)}</g>'

    @staticmethod
    def glyph(piece: str, x: float, y: float, size: float = CELL) -> str:
        s = size / CELL
        if piece.isupper():
            # A gold shield: flat top, pointed bottom; the Kaiser wears a crown.
            w, h = 21 * s, 24 * s
            path = (
                f"M{x - w},{y - h * 0.8} L{x + w},{y - h * 0.8} L{x + w},{y + h * 0.2} "
                f"Q{x + w},{y + h * 0.7} {x},{y + h} Q{x - w},{y + h * 0.7} {x - w},{y + h * 0.2} Z"
            )
            crown = ""
            if piece == "K":
                points = [
                    (-12, 0.8),
                    (-12, 1.15),
                    (-6, 0.95),
                    (0, 1.2),
                    (6, 0.95),
                    (12, 1.15),
                    (12, 0.8),
                ]
                d = " L".join(f"{x + px * s},{y - h * py}" for px, py in points)
                crown = f'<path class="crown" d="M{d} Z"/>'
            return (
                f'<path class="empire" d="{path}"/>{crown}'
                f'<text class="empire-letter" x="{x}" y="{y + 9 * s}" font-size="{24 * s}">'
                f"{escape(piece)}</text>"
            )
        return (
            f'<text class="kingdom" x="{x}" y="{y + 15 * s}" font-size="{46 * s}">'
            f"{KINGDOM_GLYPHS[piece]}</text>"
        )
