"""What every board renderer shares: the marks put on a position, and the switches the
page offers around the picture."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

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
    # square -> extra attributes (e.g. htmx) making it clickable
    actions: dict[str, dict[str, str]] = field(default_factory=dict)
    # attributes for the whole picture, for boards clicked by position
    board_action: dict[str, str] = field(default_factory=dict)
    # targets struck from a distance (a Catapult's shots), drawn unlike ordinary moves
    strikes: frozenset = frozenset()
    # squares to call out (e.g. a clash at setup, or what the last move killed), and why
    alerts: frozenset = frozenset()
    alert_label: str = ""

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


def clickable(square: str, action: dict[str, str]) -> str:
    """A square's SVG, drawn as it looks (an image with its label), made a button that does
    `action` (its htmx attributes): they go at the end of its opening tag."""
    end = square.index(">")
    attrs = "".join(f' {k}="{escape(v)}"' for k, v in action.items())
    opening = square[:end].replace(' role="img"', ' role="button" tabindex="0"', 1)
    return opening + attrs + square[end:]


class Renderer:
    slug: str
    has_fields = False  # whether the page offers a switch for the game's field marks
    zoomable = False  # whether the page offers a larger, scrollable board
    click_by_position = False  # one click per move, read off the picture by the page's script
    shows_changes = False  # whether it marks what the last move changed
    updates_in_place = False  # whether a move's update changes the picture in place (update())

    def piece_name(self, piece: str) -> str:
        raise NotImplementedError

    def render(
        self, state, *, bottom: int = 0, marks: Marks | None = None, caption="", names=None
    ) -> str:
        """SVG of the position from seat `bottom`'s side; `names` labels each seat's pieces
        where the picture shows whose they are."""
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

    def update(self, before, after, *, marks: Marks) -> str | None:
        """Out-of-band swaps that turn this board as drawn for `before` into the one for
        `after` with `marks`, where a picture grows with the game (None: draw it again).
        Asked only of a renderer that `updates_in_place`."""
        return None

    def changes(self, before, after) -> frozenset:
        """Squares the last move changed in a way worth calling out."""
        return frozenset()
