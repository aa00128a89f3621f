"""Empire: a grid of intersections. Circles are rings, crosses are crosses (shape, not only
colour); captured pieces are faded and struck through; each out-of-play area is shaded in
its encloser's colour and outlined by the ring that took it. Up to 40×40 points, so the
board is one picture and a click is turned into a point by its position (static/js)."""

from __future__ import annotations

from functools import lru_cache
from html import escape
from itertools import compress, count
from operator import ne

from django.utils.translation import gettext, ngettext, pgettext_lazy

from play.boards.base import Marks, Renderer
from rules.empire import CAPTURED, PIECE, geometry
from rules.grid import column_name

GAP = 20
MARGIN = 26
SIDES = ("circles", "crosses")
NAMES = {
    "O": pgettext_lazy("Empire piece", "circle"),
    "X": pgettext_lazy("Empire piece", "cross"),
    "o": pgettext_lazy("Empire piece", "captured circle"),
    "x": pgettext_lazy("Empire piece", "captured cross"),
}


class EmpireBoard(Renderer):
    slug = "empire"
    zoomable = True
    click_by_position = True

    def piece_name(self, piece: str) -> str:
        return str(NAMES[piece])

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
        marks = marks or Marks()
        w, h = state.width, state.height
        size_x, size_y = 2 * MARGIN + (w - 1) * GAP, 2 * MARGIN + (h - 1) * GAP
        title = gettext("Empire board, %(width)s×%(height)s points") % {"width": w, "height": h}
        title += caption
        names = geometry(w, h)[0]
        stones, words = [], _stone_words()
        houses = (escape(gettext("house of circles")), escape(gettext("house of crosses")))
        for i, c in enumerate(state.board):
            if c in "OXox":
                stones.append(self._piece(c, *self._xy(i, w), names[i], words))
            elif c in "+-":
                x, y = self._xy(i, w)
                owner = "+-".index(c)
                stones.append(
                    f'<rect class="house house-{SIDES[owner]}" x="{x - 4}" y="{y - 4}" width="8" '
                    f'height="8"><title>{houses[owner]}</title></rect>'
                )
        return "".join(
            [
                f'<svg class="board dots-board" viewBox="0 0 {size_x} {size_y}" role="group" '
                f'aria-label="{escape(title)}" data-columns="{w}" data-rows="{h}" '
                f'data-gap="{GAP}" data-margin="{MARGIN}" xmlns="http://www.w3.org/2000/svg">',
                f"<title>{escape(title)}</title>",
                self._grid(w, h),
                *self._areas(state),
                f'<g id="stones">{"".join(stones)}</g>',
                f'<g id="last-move">{self._last_move(state, marks)}</g>',
                "</svg>",
                self._point_click(marks),
            ]
        )

    def update(self, before, after, *, marks: Marks, marks_before: Marks, bottom: int = 0):
        """A placement on an empty point that touches no area adds one stone and moves the
        last-move ring; anything else (a capture, a house, an area) draws the board again."""
        if (before.width, before.height) != (after.width, after.height):
            return None
        w, h = after.width, after.height
        names, points, orth, _, _ = geometry(w, h)
        changed = _changed(
            before.board, after.board, [points[p] for p in marks.last_move if p in points]
        )
        if len(changed) > 1:
            return None
        added = ""
        if changed:
            i = changed[0]
            if before.board[i] != "." or after.board[i] not in "OX":
                return None
            if any(after.board[n] in ",ox" for n in orth[i]):
                return None
            added = self._piece(after.board[i], *self._xy(i, w), names[i], _stone_words())
        ring = self._last_move(after, marks)
        return (
            f'<svg hx-swap-oob="beforeend:#stones">{added}</svg>'
            f'<svg hx-swap-oob="innerHTML:#last-move">{ring}</svg>'
            + self._point_click(marks, oob=True)
        )

    def _last_move(self, state, marks: Marks) -> str:
        w, h = state.width, state.height
        rings = []
        for name in marks.last_move:
            x, y = self._xy(geometry(w, h)[1][name], w)
            rings.append(
                f'<circle class="last-ring" cx="{x}" cy="{y}" r="9.5">'
                f"<title>{escape(gettext('last move, %(point)s') % {'point': name})}</title></circle>"
            )
        points = geometry(w, h)[1]
        for name in sorted(marks.alerts & points.keys()):  # a premove waiting, say
            x, y = self._xy(points[name], w)
            rings.append(
                f'<circle class="alert-ring" cx="{x}" cy="{y}" r="8">'
                f"<title>{escape(marks.alert_label)}, {name}</title></circle>"
            )
        return "".join(rings)

    @staticmethod
    def _point_click(marks: Marks, oob=False) -> str:
        """Where a click on the picture is posted (static/js reads it), when one may be."""
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in marks.board_action.items())
        swap = ' hx-swap-oob="true"' if oob else ""
        return f'<span id="point-click" hidden{attrs}{swap}></span>'

    @staticmethod
    def _xy(i: int, w: int) -> tuple[int, int]:
        return MARGIN + (i % w) * GAP, MARGIN + (i // w) * GAP

    @staticmethod
    @lru_cache(maxsize=64)  # a few sizes of board, each drawn again at every move
    def _grid(w: int, h: int) -> str:
        right, low = MARGIN + (w - 1) * GAP, MARGIN + (h - 1) * GAP
        lines = [f"M{MARGIN + x * GAP},{MARGIN}V{low}" for x in range(w)]
        lines += [f"M{MARGIN},{MARGIN + y * GAP}H{right}" for y in range(h)]
        labels = [
            f'<text class="coord" x="{MARGIN + x * GAP}" y="{MARGIN - 12}">{column_name(x)}</text>'
            for x in range(w)
        ]
        labels += [
            f'<text class="coord" x="{MARGIN - 15}" y="{MARGIN + y * GAP + 4}">{y + 1}</text>'
            for y in range(h)
        ]
        return (
            f'<path class="grid" d="{"".join(lines)}"/><g aria-hidden="true">{"".join(labels)}</g>'
        )

    @staticmethod
    def _piece(c: str, x: int, y: int, name: str, words: dict[str, str]) -> str:
        side = SIDES[0] if c in "Oo" else SIDES[1]
        dead = " dead" if c in "ox" else ""
        label = f'aria-label="{name}, {words[c]}" role="img"'
        if side == "circles":
            shape = f'<circle cx="{x}" cy="{y}" r="6"/>'
        else:
            shape = f'<path d="M{x - 6},{y - 6}L{x + 6},{y + 6}M{x + 6},{y - 6}L{x - 6},{y + 6}"/>'
        strike = f'<path class="strike" d="M{x - 8},{y + 8}L{x + 8},{y - 8}"/>' if dead else ""
        return f'<g class="stone {side}{dead}" {label}>{shape}{strike}</g>'

    def _areas(self, state) -> list[str]:
        """Shade each out-of-play area in its encloser's colour and draw the ring round it."""
        w, h = state.width, state.height
        _, _, orth, ring, _ = geometry(w, h)
        board, seen, out = state.board, set(), []
        for start, c in enumerate(board):
            if c not in ",ox" or start in seen:
                continue
            area, todo = {start}, [start]
            while todo:
                p = todo.pop()
                for n in orth[p]:
                    if n not in area and board[n] in ",ox":
                        area.add(n)
                        todo.append(n)
            seen |= area
            owner = self._encloser(board, area, orth)
            if owner is None:
                continue
            side = SIDES[owner]
            cells = "".join(
                f'<rect x="{x - GAP / 2}" y="{y - GAP / 2}" width="{GAP}" height="{GAP}"/>'
                for x, y in (self._xy(p, w) for p in area)
            )
            wall = {n for p in area for n in orth[p] if board[n] == PIECE[owner]}
            links = []
            for a in wall:
                for b in ring[a]:
                    if b is not None and b in wall and a < b:
                        (ax, ay), (bx, by) = self._xy(a, w), self._xy(b, w)
                        links.append(f"M{ax},{ay}L{bx},{by}")
            label = _area_label(owner, len(area))
            out.append(
                f'<g class="area area-{side}" aria-label="{escape(label)}" role="img">'
                f'{cells}<path class="ring ring-{side}" d="{"".join(links)}"/></g>'
            )
        return out

    @staticmethod
    def _encloser(board, area, orth) -> int | None:
        """Who took an area: who owns its captured pieces, else whose pieces wall it in."""
        for owner in (0, 1):
            if any(board[p] == CAPTURED[1 - owner] for p in area):
                return owner
        walls = [board[n] for p in area for n in orth[p] if board[n] in PIECE]
        if not walls:
            return None
        return max((0, 1), key=lambda side: walls.count(PIECE[side]))


def _stone_words() -> dict[str, str]:
    """Each kind of stone's name in the page's language, looked up once a picture: a board
    holds a thousand stones."""
    return {c: escape(str(name)) for c, name in NAMES.items()}


def _area_label(owner: int, points: int) -> str:
    """An area's words: who took it, and how many points it holds."""
    if owner == 0:
        text = ngettext(
            "area taken by circles, %(count)s point",
            "area taken by circles, %(count)s points",
            points,
        )
    else:
        text = ngettext(
            "area taken by crosses, %(count)s point",
            "area taken by crosses, %(count)s points",
            points,
        )
    return text % {"count": points}


def _changed(before: tuple, after: tuple, placed: list[int]) -> list[int]:
    """The points that differ between two boards, told where the move was placed. The rest of
    a board compared whole, in C, as tuples (most points the same object): point by point it
    was most of an update's work."""
    if before == after:
        return []
    if len(placed) == 1:
        i = placed[0]
        if before[:i] == after[:i] and before[i + 1 :] == after[i + 1 :]:
            return [i]
    return list(compress(count(), map(ne, before, after)))
