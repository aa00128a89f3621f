"""Empress: Queens as chess queens, each Empress as an eight-rayed star (she sees along
eight rays), and the Fields of View drawn on the board: each side's effective field tinted
and marked with its own shape, neutral squares hatched, protected Queens ringed."""

from __future__ import annotations

import math

from django.utils.translation import gettext, gettext_lazy, gettext_noop

import rules
from play.boards.chessboard import Annotation, ChessboardRenderer, side_piece
from rules.empress import GRID

EMPRESS = rules.get("empress")

SIDES = ("white", "black")  # as the CSS classes name them
# Marks of the fields; all carry class field-mark, so one switch can hide them.
TINT = (
    '<rect class="field-mark field-tint tint-{side}" x="{{x}}" y="{{y}}" width="60" height="60"/>'
)
FIELD_SHAPES = (  # White: a ring in the corner; Black: a small square
    TINT.format(side="white") + '<circle class="field-mark white-mark" cx="{x}" cy="{y}" r="6" '
    'transform="translate(10 10)"/>',
    TINT.format(side="black")
    + '<rect class="field-mark black-mark" x="{x}" y="{y}" width="10" height="10" '
    'transform="translate(5 5)"/>',
)
NEUTRAL_SHAPE = (  # three diagonal hatch lines
    '<path class="field-mark neutral-mark" '
    'd="M{x},{cy} L{cx},{y} M{x},{y2} L{x2},{y} M{cx},{y2} L{x2},{cy}"/>'
)
PROTECTED_SHAPE = '<circle class="protected-ring" cx="{cx}" cy="{cy}" r="27"/>'


class EmpressBoard(ChessboardRenderer):
    slug = "empress"
    grid = GRID
    title = gettext_lazy("Empress board")
    pieces = "QqEe"
    shapes = (*FIELD_SHAPES, NEUTRAL_SHAPE, PROTECTED_SHAPE)
    has_fields = True

    def piece_name(self, piece: str) -> str:
        side = EMPRESS.seats[0] if piece.isupper() else EMPRESS.seats[1]
        # The rules' words (`said`), each its own message in the catalogue.
        name = gettext("Queen") if piece in "Qq" else gettext("Empress")
        return side_piece(gettext(side), name)

    def draw_piece(self, piece: str, x: float, y: float) -> str:
        side = "white" if piece.isupper() else "black"
        if piece in "Qq":
            return (
                f'<text class="queen {side}-piece" x="{x}" y="{y + 15}" font-size="46" '
                f'aria-hidden="true">♛</text>'
            )
        # An eight-pointed star, its points on the eight queen directions.
        rays = []
        for i in range(16):
            radius, angle = (25 if i % 2 == 0 else 11), math.pi * i / 8
            rays.append(f"{x + math.sin(angle) * radius:.1f},{y - math.cos(angle) * radius:.1f}")
        star = f'<polygon class="empress {side}-piece" points="{" ".join(rays)}"/>'
        letter = f'<text class="empress-letter {side}-letter" x="{x}" y="{y + 6}">E</text>'
        return f'<g aria-hidden="true">{star}{letter}</g>'

    def annotate(self, state) -> dict[int, Annotation]:
        fields = EMPRESS.fields(state)
        notes: dict[int, Annotation] = {}
        for side in (0, 1):
            notes.update(dict.fromkeys(fields.effective(side), FIELD_NOTES[side]))
        notes.update(dict.fromkeys(fields.neutral, NEUTRAL_NOTE))
        for sq in EMPRESS.protected(state):
            notes[sq] = PROTECTED[notes[sq]]
        return notes


FIELD_WORDS = (gettext_noop("White's field"), gettext_noop("Black's field"))
FIELD_NOTES = tuple(
    Annotation((f"field-{side}",), (FIELD_WORDS[i],), (FIELD_SHAPES[i],))
    for i, side in enumerate(SIDES)
)
NEUTRAL_NOTE = Annotation(
    ("neutral",), (gettext_noop("neutral, in both fields"),), (NEUTRAL_SHAPE,)
)
# A protected Queen stands in a field: its square's note gains the word and the ring.
PROTECTED = {
    note: Annotation(
        note.classes,
        # Translators: a Queen in her side's field of view, which cannot be captured.
        (*note.words, gettext_noop("protected")),
        (*note.shapes, PROTECTED_SHAPE),
    )
    for note in (*FIELD_NOTES, NEUTRAL_NOTE)
}
