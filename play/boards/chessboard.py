"""A rectangular chequered board drawn as SVG, with hooks for each game's pieces."""

from __future__ import annotations

import re
from functools import cache
from html import escape
from itertools import compress, count, repeat
from operator import is_
from typing import NamedTuple

from django.utils.translation import get_language, gettext, pgettext

from play.boards.base import Marks, Renderer, click_table
from rules.grid import Grid

CELL = 60
MARGIN = 22  # room for the coordinates
# Where a drawn square's references to its board's pieces (<use>) take the board's ids: a
# square's picture is kept and drawn again on other boards. The game page's board is LIVE,
# which a move's update refers to; any other, a number of its own (no id twice in a page).
UID = "\x00"
LIVE = "lv"
_ids = count()
TOOLTIP = re.compile(r"<title>.*?</title>")


class Annotation(NamedTuple):
    """A game's own marks on one square: CSS classes, words for the label, SVG shapes
    drawn over the square and under the piece. A tuple: a square's picture is drawn once for
    each piece and annotation it shows."""

    classes: tuple[str, ...] = ()
    words: tuple[str, ...] = ()  # English, marked by gettext_noop: drawn in the page's language
    shapes: tuple[str, ...] = ()


class Layout(NamedTuple):
    """A board's squares in reading order, as one side sees them."""

    order: list[tuple[int, int, int]]  # (square, x, y)
    squares: tuple[int, ...]
    at: dict[str, int]  # a square's name -> its place in the order
    # each place's pictures: (piece, annotation) -> SVG (piece alone where the game has none)
    drawn: list[dict]


class ChessboardRenderer(Renderer):
    grid: Grid
    title: str  # lazy (gettext_lazy): the board's name in the page's language
    pieces: str  # every piece's letter: each drawn once in a board's defs, used by squares
    shapes: tuple[str, ...] = ()  # every annotation's shape (Annotation.shapes), the same way

    def __init__(self):
        # Bounded by the board: its squares, two ways up, the languages (its labels are words),
        # the kinds of piece and the game's annotations.
        self._layouts: dict[tuple[int, str], Layout] = {}

    def piece_at(self, state, sq: int) -> str | None:
        return state.board[sq]

    def annotate(self, state) -> dict[int, Annotation]:
        """Marks the game itself puts on squares (e.g. fields); none by default."""
        return {}

    def piece_name(self, piece: str) -> str:
        raise NotImplementedError

    def draw_piece(self, piece: str, x: float, y: float) -> str:
        raise NotImplementedError

    def mini(self, piece: str, live=False) -> str:
        """A small SVG of one piece (captured material): standalone, drawn once a language
        (a piece may carry its name), for every captured piece is shown again with each
        move; `live`, beside the game page's board, whose defs it uses."""
        if live:
            return (
                f'<svg class="mini" viewBox="0 0 {CELL} {CELL}" aria-hidden="true">'
                f'<use href="#{LIVE}-{piece}" x="{CELL // 2}" y="{CELL // 2}"/></svg>'
            )
        return self._mini(piece, get_language())

    @cache  # noqa: B019 - one renderer per game for the whole process, and a few pieces each
    def _mini(self, piece: str, language: str) -> str:
        return (
            f'<svg class="mini" viewBox="0 0 {CELL} {CELL}" aria-hidden="true">'
            f"{self.draw_piece(piece, CELL / 2, CELL / 2)}</svg>"
        )

    def render(
        self,
        state,
        *,
        bottom: int = 0,
        marks: Marks | None = None,
        caption="",
        names=None,
        live=False,
    ) -> str:
        """SVG of the board with seat `bottom`'s side at the bottom."""
        marks = marks or Marks()
        g = self.grid
        width, height = g.files * CELL + MARGIN, g.ranks * CELL + MARGIN
        title = str(self.title)  # lazy: in the page's language
        uid = LIVE if live else f"b{next(_ids)}"
        squares = "".join(self._pictures(state, bottom, marks)).replace(UID, uid)
        return "".join(
            [
                f'<svg class="board" viewBox="0 0 {width} {height}" role="group" '
                f'aria-label="{escape(title + caption)}" xmlns="http://www.w3.org/2000/svg">',
                f"<title>{escape(title)}{escape(caption)}</title>",
                self._defs().replace(UID, uid),
                squares,
                click_table(marks.actions),
                self._coordinates(bottom, height),
            ]
        )

    @cache  # noqa: B019 - renderers live for the whole process, one per game
    def _defs(self) -> str:
        """Each piece drawn once, round the origin, and each annotation's shape at the corner,
        for the squares to use."""
        drawn = "".join(f'<g id="{UID}-{p}">{self.draw_piece(p, 0, 0)}</g>' for p in self.pieces)
        drawn += "".join(
            f'<g id="{UID}-s{i}">'
            + shape.format(x=0, y=0, cx=CELL / 2, cy=CELL / 2, x2=CELL, y2=CELL, cell=CELL)
            + "</g>"
            for i, shape in enumerate(self.shapes)
        )
        return f"<defs>{drawn}</defs>"

    def piece_title(self, piece: str) -> str:
        """A piece's tooltip on the board, where the game gives one."""
        return ""

    def update(self, before, after, *, marks: Marks, marks_before: Marks, bottom: int = 0):
        """The squares whose pictures differ, in a hidden picture the page swaps square by
        square (static/js/imperia.js), and the clicks; None where most of the board changed."""
        changed = [
            new
            for old, new in zip(
                self._pictures(before, bottom, marks_before),
                self._pictures(after, bottom, marks),
                strict=True,
            )
            if old is not new and old != new
        ]
        if 2 * len(changed) > self.grid.size:
            return None
        squares = "".join(changed).replace(UID, LIVE)
        return f"<svg hidden data-board-update>{squares}{click_table(marks.actions)}</svg>"

    def _pictures(self, state, bottom: int, marks: Marks) -> list[str]:
        """Each square's picture, in reading order, as `marks` show it. Most of a board: a
        square with nothing on it but its piece and the game's own annotation, the same picture
        whenever they are there, drawn once for its place; each is looked up in C (a map over
        the board in reading order), and only the few squares marked or not yet drawn are done
        one by one."""
        layout = self._layout(bottom)
        notes = self.annotate(state)
        pieces = map(state.board.__getitem__, layout.squares)
        keys = zip(pieces, map(notes.get, layout.squares), strict=True) if notes else pieces
        drawn = list(map(dict.get, layout.drawn, keys))
        at = layout.at
        for i in compress(count(), map(is_, drawn, repeat(None))):
            sq, x, y = layout.order[i]
            note = notes.get(sq)
            key = (state.board[sq], note) if notes else state.board[sq]
            picture = self._square(state, sq, x, y, NO_MARKS, note or NO_NOTE)
            drawn[i] = layout.drawn[i][key] = picture
        for name in marks.pictured():  # marked: drawn once for each way it is, as plain ones are
            if name in at:
                i = at[name]
                sq, x, y = layout.order[i]
                shown = (
                    name in marks.last_move,
                    name == marks.check,
                    name == marks.selected,
                    name in marks.targets,
                    name in marks.strikes,
                    name in marks.alerts and marks.alert_label,
                )
                key = (state.board[sq], notes.get(sq), shown)
                picture = layout.drawn[i].get(key)
                if picture is None:
                    only = Marks(
                        last_move=(name,) if shown[0] else (),
                        check=name if shown[1] else None,
                        selected=name if shown[2] else None,
                        targets=frozenset((name,) if shown[3] else ()),
                        strikes=frozenset((name,) if shown[4] else ()),
                        alerts=frozenset((name,) if shown[5] is not False else ()),
                        alert_label=shown[5] or "",
                    )
                    note = notes.get(sq, NO_NOTE)
                    picture = layout.drawn[i][key] = self._square(state, sq, x, y, only, note)
                drawn[i] = picture
        return drawn

    def picture(self, state) -> str:
        """The board in two shapes (the dark squares' ground, the light squares as one path)
        and its pieces without their tooltips: no coordinates, labels, marks or handles. A
        few dozen elements where render() draws hundreds, for a page showing several."""
        pieces = [
            TOOLTIP.sub("", self.draw_piece(piece, x + CELL / 2, y + CELL / 2))
            for sq, x, y in self._layout(0).order
            if (piece := self.piece_at(state, sq))
        ]
        return self._squares() + "".join(pieces) + "</svg>"

    @cache  # noqa: B019 - renderers live for the whole process, one per game
    def _squares(self) -> str:
        g = self.grid
        width, height = g.files * CELL, g.ranks * CELL
        light = "".join(
            f"M{x},{y}h{CELL}v{CELL}h-{CELL}z"
            for sq, x, y in self._layout(0).order
            if (g.file_of(sq) + g.rank_of(sq)) % 2
        )
        return (
            f'<svg class="board picture" viewBox="{MARGIN} 0 {width} {height}" '
            f'aria-hidden="true" xmlns="http://www.w3.org/2000/svg">'
            f'<rect class="dark-squares" x="{MARGIN}" y="0" width="{width}" height="{height}"/>'
            f'<path class="light-squares" d="{light}"/>'
        )

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

    def _layout(self, bottom: int) -> Layout:
        """The squares in reading order, top-left first, so that tabbing and screen readers
        follow the picture, as `bottom` sees them; with each place's pictures drawn so far in
        the language of the page (their labels are words)."""
        key = (bottom, get_language())
        layout = self._layouts.get(key)
        if layout is None:
            cells = {sq: self._cell(sq, bottom) for sq in range(self.grid.size)}
            order = [
                (sq, MARGIN + cells[sq][0] * CELL, cells[sq][1] * CELL)
                for sq in sorted(cells, key=lambda sq: cells[sq][::-1])
            ]
            layout = self._layouts[key] = Layout(
                order=order,
                squares=tuple(sq for sq, _, _ in order),
                at={self.grid.names[sq]: i for i, (sq, _, _) in enumerate(order)},
                drawn=[{} for _ in order],
            )
        return layout

    def _cell(self, sq: int, bottom: int) -> tuple[int, int]:
        g = self.grid
        f, r = g.file_of(sq), g.rank_of(sq)
        if bottom == 0:
            return f, g.ranks - 1 - r
        return g.files - 1 - f, r

    def _square(self, state, sq, x, y, marks: Marks, note: Annotation) -> str:
        """One square as `marks` show it (its clicks are the board's click_table)."""
        g = self.grid
        name = g.names[sq]
        piece = self.piece_at(state, sq)
        shade = "light" if (g.file_of(sq) + g.rank_of(sq)) % 2 else "dark"
        classes = ["sq", shade, *note.classes]
        label = [
            name,
            self.piece_name(piece) if piece else pgettext("square", "empty"),
            *map(gettext, note.words),
        ]
        if name in marks.last_move:
            classes.append("last")
            label.append(gettext("last move"))
        if name == marks.check:
            classes.append("check")
            label.append(gettext("in check"))
        if name == marks.selected:
            classes.append("selected")
            label.append(pgettext("square", "selected"))
        if name in marks.targets:
            classes.append("target")
            label.append(gettext("capture here") if piece else gettext("move here"))
        if name in marks.strikes:
            classes.append("strike")
            label.append(gettext("shoot here"))
        if name in marks.alerts:
            classes.append("alert")
            label.append(marks.alert_label)
        cx, cy = x + CELL / 2, y + CELL / 2
        parts = [
            f'<g class="{" ".join(classes)}" data-square="{name}" '
            f'aria-label="{escape(", ".join(label))}" role="img">',
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>',
            *(
                f'<use href="#{UID}-s{self.shapes.index(shape)}" x="{x}" y="{y}"/>'
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
            tip = self.piece_title(piece)
            tip = f"><title>{escape(tip)}</title></use>" if tip else "/>"
            parts.append(f'<use href="#{UID}-{piece}" x="{cx:g}" y="{cy:g}"{tip}')
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


def side_piece(side: str, piece: str) -> str:
    """A piece named with its side ("White Queen"), both words in the page's language."""
    # Translators: a piece and its side ("White Queen", "Empire Duke"); where the words
    # would have to agree, write it as "%(piece)s (%(side)s)" or the like.
    return pgettext("piece and its side", "%(side)s %(piece)s") % {"side": side, "piece": piece}


def name_file(grid: Grid, f: int) -> str:
    return grid.names[f][0]
