"""What the rules answer besides positions: a refusal and a result. Below `base` and
`record`, which both use them."""

from __future__ import annotations

from dataclasses import dataclass


class IllegalMove(ValueError):
    """A move or position the rules refuse; the message is written for the player."""

    @property
    def message(self) -> str:
        """The message as the rules said it (`str(exc)` is plain English): a `Said`, which the
        play layer translates where it shows it."""
        return self.args[0] if self.args else ""


class UnreadableMove(IllegalMove):
    """A move the rules cannot read at all: no move of the game on this board (a typo)."""


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # seat index, or None for a draw
    reason: str
