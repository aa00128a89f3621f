"""{% diagram slug position from="d4" %}: a small board for the rules pages, drawn by the
game's own renderer; `from` marks where the piece there may go, by the rules engine."""

from django import template
from django.utils.safestring import mark_safe

import rules
from play.boards import renderer
from play.boards.chessboard import Marks

register = template.Library()


@register.simple_tag
def diagram(slug, position, caption="", **kwargs):
    game_rules = rules.get(slug)
    state = game_rules.parse(position)
    marks = Marks()
    origin = kwargs.get("from")
    if origin:
        marks.selected = origin
        marks.targets = frozenset(
            game_rules.move_squares(m)[1]
            for m in game_rules.legal_moves(state)
            if game_rules.move_squares(m)[0] == origin
        )
    svg = renderer(slug).render(state, marks=marks, caption=f": {caption}" if caption else "")
    return mark_safe(f"<figure>{svg}<figcaption>{caption}</figcaption></figure>")
