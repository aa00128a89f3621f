"""What every board renderer shares: the marks put on a position, and the switches the
page offers around the picture."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.utils.translation import gettext, pgettext

from rules.said import read


def word(text: str) -> str:
    """A word from the rules (a piece's name, how it moves) in the active language."""
    return read(text, gettext, pgettext)


@dataclass
class Marks:
    """What to show on top of the position."""

    last_move: tuple[str, ...] = ()
    check: str | None = None
    selected: str | None = None
    targets: frozenset = frozenset()
    # square -> what a click there does (htmx attributes): click_table
    actions: dict[str, dict[str, str]] = field(default_factory=dict)
    # attributes for the whole picture, for boards clicked by position
    board_action: dict[str, str] = field(default_factory=dict)
    # targets struck from a distance (a Catapult's shots), drawn unlike ordinary moves
    strikes: frozenset = frozenset()
    # squares to call out (e.g. a clash at setup, or what the last move killed), and why
    alerts: frozenset = frozenset()
    alert_label: str = ""
    # a spectator's view: no board is the viewer's own, nothing on it ever answers a click
    watching: bool = False

    def pictured(self) -> set[str]:
        """Every square whose picture something here changes: every mark but an action, which
        only makes a square clickable."""
        return {
            *self.last_move,
            *((self.check,) if self.check else ()),
            *((self.selected,) if self.selected else ()),
            *self.targets,
            *self.strikes,
            *self.alerts,
        }


PLACE = "{}"  # where a click's action takes the name of what is clicked (click_table)


def click_table(actions: dict[str, dict[str, str]]) -> str:
    """What a click on each square (or reserve piece, or direction) does, as one element the
    page's script reads (static/js/imperia.js, `clicks`): the element named makes itself a
    button with those attributes. Squares whose actions are alike but for their own name (every
    piece's "select", every target's move) share one entry, the name written as PLACE: a move's
    update sends a player's clicks in a few dozen bytes, not in every square's picture."""
    groups: dict[tuple, list[str]] = {}
    for name, action in actions.items():
        if not action:
            continue
        if any(PLACE in value for value in action.values()):
            raise ValueError(f"an action holds {PLACE}: {action}")
        shared = tuple((key, value.replace(name, PLACE)) for key, value in action.items())
        groups.setdefault(shared, []).append(name)
    table = json.dumps(
        [[dict(shared), " ".join(names)] for shared, names in groups.items()],
        separators=(",", ":"),
    )
    # In single quotes, which JSON never holds unescaped: its double quotes cost nothing.
    quoted = table.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;")
    return f"<g data-clicks='{quoted}'/>"


def actions_of(table: str) -> dict[str, dict[str, str]]:
    """The actions of a click_table's data-clicks, by name, as the page's script reads them."""
    return {
        name: {key: value.replace(PLACE, name) for key, value in shared.items()}
        for shared, names in json.loads(table)
        for name in names.split(" ")
    }


class Renderer:
    slug: str
    has_fields = False  # whether the page offers a switch for the game's field marks
    zoomable = False  # whether the page offers a larger, scrollable board
    click_by_position = False  # one click per move, read off the picture by the page's script
    shows_changes = False  # whether it marks what the last move changed

    def piece_name(self, piece: str) -> str:
        raise NotImplementedError

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
        """SVG of the position from seat `bottom`'s side; `names` labels each seat's pieces
        where the picture shows whose they are; `live`, the game page's board, which later
        moves update in place (update()): whatever ids it holds are the same each time."""
        raise NotImplementedError

    def picture(self, state) -> str:
        """A small picture of the position, from the first seat's side, for a link that says
        in words which game it is (screen readers skip the picture). As render() draws it
        where the board is small; games with many squares draw fewer shapes."""
        return self.render(state)

    def piece_help(self, piece: str) -> str:
        """A piece's name, and its move where the game needs telling."""
        return self.piece_name(piece)

    def legend(self) -> list[tuple[str, str, str]]:
        """(picture, name, move) of each kind of piece, for games that need a key."""
        return []

    def update(self, before, after, *, marks: Marks, marks_before: Marks, bottom: int = 0):
        """What turns this board as drawn for `before` with `marks_before` into the one for
        `after` with `marks`, seen from seat `bottom` (None: draw it again, a move that changes
        most of the board)."""
        return None

    def changes(self, before, after) -> frozenset:
        """Squares the last move changed in a way worth calling out."""
        return frozenset()
