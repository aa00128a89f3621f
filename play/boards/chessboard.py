"""A rectangular chequered board drawn as SVG, with hooks for each game's pieces."""

from __future__ import annotations

from functools import cache
from html import escape
from typing import NamedTuple

from play.boards.base import Marks, Renderer, clickable
from rules.grid import Grid

CELL = 60
MARGIN = 22  # room for the coordinates


class Annotation(NamedTuple):
    """A game's own marks on one square: CSS classes, words for the label, SVG shapes
    drawn over the square and under the piece. A tuple: a square's picture is drawn once for
    each piece and annotation it shows."""

    classes: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    shapes: tuple[str, ...] = ()


class ChessboardRenderer(Renderer):
    grid: Grid
    title: str

    def __init__(self):
        # Both bounded by the board: its squares, two ways up, the kinds of piece and the game's
        # annotations.
        self._orders: dict[int, list[tuple[int, int, int]]] = {}
        self._plain: dict[tuple, str] = {}

    def piece_at(self, state, sq: int) -> str | None:
        return state.board[sq]

    def annotate(self, state) -> dict[int, Annotation]:
        """Marks the game itself puts on squares (e.g. fields); none by default."""
        return {}

    def piece_name(self, piece: str) -> str:
        raise NotImplementedError

    def draw_piece(self, piece: str, x: float, y: float) -> str:
        raise NotImplementedError

    def mini(self, piece: str) -> str:
        """A small standalone SVG of one piece (captured material)."""
        return (
            f'<svg class="mini" viewBox="0 0 {CELL} {CELL}" aria-hidden="true">'
            f"{self.draw_piece(piece, CELL / 2, CELL / 2)}</svg>"
        )

    def render(
        self, state, *, bottom: int = 0, marks: Marks | None = None, caption="", names=None
    ) -> str:
        """SVG of the board with seat `bottom`'s side at the bottom."""
        marks = marks or Marks()
        g = self.grid
        width, height = g.files * CELL + MARGIN, g.ranks * CELL + MARGIN
        out = [
            f'<svg class="board" viewBox="0 0 {width} {height}" role="group" '
            f'aria-label="{escape(self.title + caption)}" xmlns="http://www.w3.org/2000/svg">',
            f"<title>{escape(self.title)}{escape(caption)}</title>",
        ]
        notes = self.annotate(state)
        pictured, actions = marks.pictured(), marks.actions
        plain, piece_at = self._plain, self.piece_at
        for sq, x, y in self._reading_order(bottom):
            name = g.names[sq]
            note = notes.get(sq, NO_NOTE)
            if name in pictured:
                out.append(self._square(state, sq, x, y, marks, note))
                continue
            # Most of a board: a square with nothing on it but its piece and the game's own
            # annotation, the same picture whenever they are there, drawn once; one that is
            # only clickable gets its action put in its opening tag.
            key = (sq, x, y, piece_at(state, sq), note)
            drawn = plain.get(key)
            if drawn is None:
                drawn = plain[key] = self._square(state, sq, x, y, NO_MARKS, note)
            action = actions.get(name)
            if action:
                end = drawn.index(">")  # of the square's opening tag
                drawn = drawn[:end] + clickable(action) + drawn[end:]
            out.append(drawn)
        out.append(self._coordinates(bottom, height))
        return "".join(out)

    @cache  # noqa: B019 - renderers live for the whole process, one per game
    def _coordinates(self, bottom: int, height: int) -> str:
        """The files' letters and ranks' numbers along the edges, as `bottom` sees them."""
        g, out = self.grid, []
        for i in range(g.files):
            f = i if bottom == 0 else g.files - 1 - i
            out.append(
                f'<text class="coord" x="{MARGIN + i * CELL + CELL / 2}" y="{height - 6}" '
                f'aria-hidden="true">{name_file(g, f)}</text>'
            )
        for i in range(g.ranks):
            r = g.ranks - 1 - i if bottom == 0 else i
            out.append(
                f'<text class="coord" x="{MARGIN / 2}" y="{i * CELL + CELL / 2 + 5}" '
                f'aria-hidden="true">{r + 1}</text>'
            )
        return "".join(out) + "</svg>"

    def _reading_order(self, bottom: int) -> list[tuple[int, int, int]]:
        """(square, x, y) top-left first, so that tabbing and screen readers follow the
        picture."""
        order = self._orders.get(bottom)
        if order is None:
            cells = {sq: self._cell(sq, bottom) for sq in range(self.grid.size)}
            order = [
                (sq, MARGIN + cells[sq][0] * CELL, cells[sq][1] * CELL)
                for sq in sorted(cells, key=lambda sq: cells[sq][::-1])
            ]
            self._orders[bottom] = order
        return order

    def _cell(self, sq: int, bottom: int) -> tuple[int, int]:
        g = self.grid
        f, r = g.file_of(sq), g.rank_of(sq)
        if bottom == 0:
            return f, g.ranks - 1 - r
        return g.files - 1 - f, r

    def _square(self, state, sq, x, y, marks: Marks, note: Annotation) -> str:
        g = self.grid
        name = g.names[sq]
        piece = self.piece_at(state, sq)
        shade = "light" if (g.file_of(sq) + g.rank_of(sq)) % 2 else "dark"
        classes = ["sq", shade, *note.classes]
        label = [name, self.piece_name(piece) if piece else "empty", *note.words]
        if name in marks.last_move:
            classes.append("last")
            label.append("last move")
        if name == marks.check:
            classes.append("check")
            label.append("in check")
        if name == marks.selected:
            classes.append("selected")
            label.append("selected")
        if name in marks.targets:
            classes.append("target")
            label.append("capture here" if piece else "move here")
        if name in marks.strikes:
            classes.append("strike")
            label.append("shoot here")
        if name in marks.alerts:
            classes.append("alert")
            label.append(marks.alert_label)
        action = marks.actions.get(name)
        attrs = clickable(action) if action else ""
        cx, cy = x + CELL / 2, y + CELL / 2
        parts = [
            f'<g class="{" ".join(classes)}" data-square="{name}" '
            f'aria-label="{escape(", ".join(label))}"{attrs}>',
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>',
            *(
                shape.format(x=x, y=y, cx=cx, cy=cy, x2=x + CELL, y2=y + CELL, cell=CELL)
                for shape in note.shapes
            ),
        ]
        # Frames, not only fills, mark the last move (dashed) and the selection (solid).
        frames = {
            "last-frame": name in marks.last_move,
            "selected-frame": name == marks.selected,
            "alert-frame": name in marks.alerts,
        }
        for frame, wanted in frames.items():
            if wanted:
                parts.append(
                    f'<rect class="{frame}" x="{x + 3}" y="{y + 3}" '
                    f'width="{CELL - 6}" height="{CELL - 6}"/>'
                )
        if name == marks.check:
            parts.append(_circle("check-ring", cx, cy, 0.46))
        if piece:
            parts.append(self.draw_piece(piece, cx, cy))
        if name in marks.targets:
            # A ring round a piece to capture, a dot on an empty square: shape, not colour.
            parts.append(
                _circle("capture-ring", cx, cy, 0.44)
                if piece
                else _circle("target-dot", cx, cy, 0.14)
            )
        if name in marks.strikes:
            s = CELL * 0.42  # a crosshair: a shot, not a move
            parts.append(
                f'<path class="crosshair" d="M{cx - s},{cy}H{cx + s}M{cx},{cy - s}V{cy + s}"/>'
                + _circle("crosshair", cx, cy, 0.3)
            )
        parts.append("</g>")
        return "".join(parts)


NO_NOTE = Annotation()
NO_MARKS = Marks()


def _circle(cls: str, cx: float, cy: float, radius: float) -> str:
    return f'<circle class="{cls}" cx="{cx}" cy="{cy}" r="{CELL * radius}"/>'


def name_file(grid: Grid, f: int) -> str:
    return grid.names[f][0]
