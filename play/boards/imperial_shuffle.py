"""Imperial Shuffle: both 4×4 boards side by side with corresponding squares on the same
rows, the viewer's board on the left. Pyramids are sized by kind (Commoner small, Noble
medium, High Priest large, Emperor large and capped) and coloured by hue *and* pattern
(red plain, yellow dotted, green striped, blue lined), so colour is never the only signal;
dead pieces lie on their side. Arrows round the Emperor are the pushes the viewer may make."""

from __future__ import annotations

import functools
import itertools
import math
from html import escape

from django.utils.translation import get_language, gettext, gettext_noop, pgettext

from play.boards.base import Marks, Renderer, click_table
from rules.imperial_shuffle import DIRECTIONS, GRID, ImperialShuffle, alive, dead

CELL = 64
GAP = 44  # between the two boards
TOP = 48  # room for the boards' headings: whose board, then the seat
NAME_SHOWN = 20  # characters of a player's name in a heading, the rest cut with an ellipsis
MARGIN = 20
# Each kind of piece in each colour, named whole (a colour agrees with its kind in many
# languages); the High Priest and the Emperor are named without their colour.
PIECE_NAMES = {
    "Cr": gettext_noop("red Commoner"),
    "Cy": gettext_noop("yellow Commoner"),
    "Cg": gettext_noop("green Commoner"),
    "Cb": gettext_noop("blue Commoner"),
    "Nr": gettext_noop("red Noble"),
    "Ny": gettext_noop("yellow Noble"),
    "Ng": gettext_noop("green Noble"),
    "Nb": gettext_noop("blue Noble"),
    "H": gettext_noop("High Priest"),
    "E": gettext_noop("Emperor"),
}
# (half base width, height) of each kind's pyramid
SIZES = {"C": (11, 22), "N": (15, 31), "H": (20, 42), "E": (20, 42)}
_ids = itertools.count()
UID = "\x00"  # where a drawn square's references to its board's ids take the board's number
LIVE = "lv"  # the game page's boards' number, which a move's update refers to
# Every piece: each kind in each colour, alive and dead, drawn once in a board's defs.
PIECES = tuple(
    f"{kind}{colour}{state}" for kind in "CNHE" for colour in "rygb" for state in ("", "*")
)


class ImperialShuffleBoard(Renderer):
    slug = "imperial-shuffle"
    shows_changes = True  # wants the position before the last move, to mark what it did

    def __init__(self):
        # (square's name, board's left, piece, marks, language) -> the square, its pattern ids
        # UID: bounded by the 32 places, the pieces, the marks and the languages.
        self._drawn: dict[tuple, str] = {}

    def piece_name(self, piece: str) -> str:
        kind = piece[0]
        name = gettext(PIECE_NAMES[kind if kind in "HE" else piece[:2]])
        # Translators: a piece of Imperial Shuffle lying dead ("red Noble, dead").
        return gettext("%(piece)s, dead") % {"piece": name} if dead(piece) else name

    def mini(self, piece: str, live=False) -> str:
        """A small picture of one piece; `live`, beside the game page's boards, whose defs
        it uses."""
        if live:
            shape = f'<use href="#{LIVE}-{piece}" x="{CELL // 2}" y="{CELL // 2}"/>'
        else:
            uid = next(_ids)
            shape = _patterns(uid) + self._pyramid(piece, CELL / 2, CELL / 2, uid)
        return f'<svg class="mini" viewBox="0 0 {CELL} {CELL}" aria-hidden="true">{shape}</svg>'

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
        return self.render_boards(
            state.boards, viewer=bottom, marks=marks, caption=caption, names=names, live=live
        )

    def render_boards(
        self, boards, *, viewer: int, marks=None, caption="", names=None, live=False
    ) -> str:
        """Both boards (None for one still hidden), the viewer's on the left, each under its
        heading: whose it is (`names`: each seat's player, None for the viewer's own), then
        the seat. `live`: the game page's boards, which a move's update changes in place, so
        their pattern ids are the same each time they are drawn."""
        marks = marks or Marks()
        uid = LIVE if live else next(_ids)
        width = 2 * MARGIN + 8 * CELL + GAP
        height = TOP + 4 * CELL + MARGIN
        title = gettext("Imperial Shuffle boards") + caption
        out = [
            f'<svg class="board shuffle-board" viewBox="0 0 {width} {height}" role="group" '
            f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
            f"<title>{escape(title)}</title>",
            _patterns(uid),
            _pieces(uid),
        ]
        for column, seat in enumerate((viewer, 1 - viewer)):
            left = MARGIN + column * (4 * CELL + GAP)
            out.append(_heading(names, seat, left + 2 * CELL))
            own = marks if column == 0 and not marks.watching else None
            squares, arrows = self._parts(boards[seat], left, own, marks)
            out.append(
                f'<g class="shuffle-side{" own" if own else ""}" data-side="{seat}">'
                + "".join(squares).replace(UID, str(uid))
            )
            if boards[seat] is None:
                out.append(
                    f'<text class="hidden-note" x="{left + 2 * CELL}" y="{TOP + 2 * CELL}">'
                    f"{escape(gettext('still arranging…'))}</text>"
                )
            if own:
                out.append(arrows + click_table(marks.actions))
            out.append("</g>")
        out.append("</svg>")
        return "".join(out)

    def update(self, before, after, *, marks: Marks, marks_before: Marks, bottom: int = 0):
        """The squares whose pictures differ on either board, each in its side's group, and
        the viewer's arrows and clicks; None where most squares changed (a long push)."""
        sides, changed = [], 0
        for column, seat in enumerate((bottom, 1 - bottom)):
            left = MARGIN + column * (4 * CELL + GAP)
            own = column == 0 and not marks.watching
            old, old_arrows = self._parts(
                before.boards[seat], left, marks_before if own else None, marks_before
            )
            new, arrows = self._parts(after.boards[seat], left, marks if own else None, marks)
            differ = [n for o, n in zip(old, new, strict=True) if o is not n and o != n]
            changed += len(differ)
            if own:
                differ += [arrows] if arrows != old_arrows else []
                differ.append(click_table(marks.actions))
            if differ:
                sides.append(f'<g data-side="{seat}">{"".join(differ)}</g>')
        if 2 * changed > 2 * GRID.size:
            return None
        return f"<svg hidden data-board-update>{''.join(sides).replace(UID, LIVE)}</svg>"

    def _parts(self, board, left, own_marks: Marks | None, marks: Marks) -> tuple[list, str]:
        """A board's squares as shown, their pattern ids written as UID, and the viewer's
        arrows round the Emperor (the pushes a click may choose, one part)."""
        squares, language = [], get_language()
        for sq, name in enumerate(GRID.names):
            shown = (
                name,
                left,
                None if board is None else board[sq],
                name in marks.alerts and marks.alert_label,
                bool(own_marks) and name == own_marks.selected,
                bool(own_marks) and name in own_marks.targets,
            )
            # Each square as it is shown drawn once a language (its label is words).
            drawn = self._drawn.get((*shown, language))
            if drawn is None:
                drawn = self._drawn[*shown, language] = self._square(sq, *shown)
            squares.append(drawn)
        arrows = self._arrows(board, left, own_marks) if board and own_marks else ""
        return squares, f'<g data-part="arrows">{arrows}</g>' if own_marks else ""

    def _square(self, sq, name, left, piece, alert_label, selected, target) -> str:
        """One square as shown (`piece` None: hidden), its board's ids written as UID."""
        f, r = GRID.file_of(sq), GRID.rank_of(sq)
        x, y = left + f * CELL, TOP + (3 - r) * CELL
        classes, label = ["sq", "light" if (f + r) % 2 else "dark"], [name]
        label.append(pgettext("piece", "hidden") if piece is None else self.piece_name(piece))
        if alert_label is not False:
            classes.append("alert")
            label.append(alert_label)
        if selected:
            classes.append("selected")
            label.append(pgettext("square", "selected"))
        if target:
            classes.append("target")
            label.append(gettext("revive this piece"))
        out = [
            f'<g class="{" ".join(classes)}" data-square="{name}" '
            f'aria-label="{escape(", ".join(label))}" role="img">'
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'
        ]
        if alert_label is not False:
            out.append(
                f'<rect class="alert-frame" x="{x + 3}" y="{y + 3}" '
                f'width="{CELL - 6}" height="{CELL - 6}"/>'
            )
        if piece is not None:
            out.append(f'<use href="#{UID}-{piece}" x="{x + CELL // 2}" y="{y + CELL // 2}"/>')
        out.append("</g>")
        return "".join(out)

    @staticmethod
    def _arrows(board, left, marks: Marks) -> str:
        emperor = next(sq for sq, p in enumerate(board) if p[0] == "E")
        cx = left + GRID.file_of(emperor) * CELL + CELL / 2
        cy = TOP + (3 - GRID.rank_of(emperor)) * CELL + CELL / 2
        out, push = [], gettext("push %(direction)s")
        for direction, (dx, dy) in DIRECTIONS.items():
            length = math.hypot(dx, dy)
            ux, uy = dx / length, -dy / length  # screen y grows downwards
            tip = (cx + ux * CELL * 0.62, cy + uy * CELL * 0.62)
            base = (cx + ux * CELL * 0.40, cy + uy * CELL * 0.40)
            side = (-uy * 9, ux * 9)
            points = " ".join(
                f"{px:.1f},{py:.1f}"
                for px, py in (
                    tip,
                    (base[0] + side[0], base[1] + side[1]),
                    (base[0] - side[0], base[1] - side[1]),
                )  # fmt: skip
            )
            selected = " selected" if marks.selected == direction else ""
            # Every direction: shown once the board's clicks make it a button (its
            # click_table), so that a move changes the arrows only where the Emperor moved.
            out.append(
                f'<g class="arrow{selected}" role="img" '
                f'aria-label="{escape(push % {"direction": direction})}" '
                f'data-direction="{direction}"><polygon points="{points}"/></g>'
            )
        return "".join(out)

    @staticmethod
    def _pyramid(piece: str, cx: float, cy: float, uid) -> str:
        kind, colour = piece[0], piece[1]
        half, height = SIZES[kind]
        points = (
            f"{cx - half},{cy + height / 2} {cx + half},{cy + height / 2} {cx},{cy - height / 2}"
        )
        lying = f' transform="rotate(90 {cx} {cy})"' if dead(piece) else ""
        cap = ""
        if kind == "E":
            cap = f'<circle class="cap" cx="{cx}" cy="{cy - height / 2}" r="5"/>'
        state = "dead" if dead(piece) else "alive"
        return (
            f'<g class="pyramid {state} colour-{colour}"{lying} aria-hidden="true">'
            f'<polygon class="hue" points="{points}"/>'
            f'<polygon class="pattern" points="{points}" fill="url(#pat-{colour}-{uid})"/>{cap}</g>'
        )

    def changes(self, before, after) -> frozenset:
        """Squares where the last move killed (a match) or revived a piece."""
        if before is None:
            return frozenset()
        return frozenset(
            GRID.names[sq]
            for b_before, b_after in zip(before.boards, after.boards, strict=True)
            for sq in range(16)
            if b_before[sq] != b_after[sq] and alive(b_before[sq]) == alive(b_after[sq])
        )


def _heading(names, seat: int, x: float) -> str:
    """A board's heading, each line within its board: "Your board" or the player's ("ann's
    board", a long name cut short, whole in its title), then the seat; with no names, the
    seat's board."""
    seat_name = gettext(ImperialShuffle.seats[seat])
    if not names:
        # Translators: Imperial Shuffle's board of a seat ("First player's board").
        whose = gettext("%(seat)s's board") % {"seat": seat_name}
        return f'<text class="board-name" x="{x}" y="{TOP - 9}">{escape(whose)}</text>'
    name = names[seat]
    # Translators: Imperial Shuffle's board of a player, by their name ("ann's board").
    players_board = gettext("%(name)s's board")
    whose = gettext("Your board") if name is None else players_board % {"name": _short(name)}
    cut = name is not None and _short(name) != name
    title = "<title>" + escape(players_board % {"name": name}) + "</title>" if cut else ""
    return (
        f'<text class="board-name" x="{x}" y="{TOP - 26}">{title}{escape(whose)}</text>'
        f'<text class="board-seat" x="{x}" y="{TOP - 9}">{escape(seat_name)}</text>'
    )


def _short(name: str) -> str:
    return name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"


@functools.cache
def _shapes() -> str:
    return "".join(
        f'<g id="{UID}-{piece}">{ImperialShuffleBoard._pyramid(piece, 0, 0, UID)}</g>'
        for piece in PIECES
    )


def _pieces(uid) -> str:
    """Every piece drawn once, round the origin, for the squares to use."""
    return f"<defs>{_shapes().replace(UID, str(uid))}</defs>"


def _patterns(uid) -> str:
    """Per-colour patterns: red plain, yellow dotted, green striped, blue lined."""
    return (
        "<defs>"
        f'<pattern id="pat-r-{uid}" width="6" height="6" patternUnits="userSpaceOnUse"></pattern>'
        f'<pattern id="pat-y-{uid}" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<circle cx="3" cy="3" r="1.3" fill="#5b4300"/></pattern>'
        f'<pattern id="pat-g-{uid}" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="2.2" height="6" fill="#0d3b1a"/></pattern>'
        f'<pattern id="pat-b-{uid}" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<rect width="6" height="2" fill="#0c1f4d"/></pattern>'
        "</defs>"
    )
