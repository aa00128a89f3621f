"""{% diagram slug position caption from="d4" move="E" %}: a small board for the rules pages,
drawn by the game's own renderer. `from` marks where the piece there may go; `move` shows the
position after that move, with what it changed marked. Both use the rules engine."""

from django import template
from django.utils.safestring import mark_safe

import rules
from play.boards import figure, renderer
from play.boards.base import Marks

register = template.Library()


@register.simple_tag
def diagram(slug, position, caption="", **kwargs):
    game_rules = rules.get(slug)
    state = game_rules.parse(position)
    marks = Marks()
    origin, move = kwargs.get("from"), kwargs.get("move")
    if origin:
        marks.selected = origin
        for move in game_rules.legal_moves(state):
            squares = game_rules.move_squares(move)
            if len(squares) > 1 and squares[0] == origin:
                if game_rules.strikes(move):
                    marks.strikes |= {squares[1]}
                else:
                    marks.targets |= {squares[1]}
    if move:
        before, state = state, game_rules.play(state, move)
        marks.last_move = game_rules.move_squares(move)
        marks.alerts = renderer(slug).changes(before, state)
        marks.alert_label = "changed by the move"
    return mark_safe(figure(slug, state, marks=marks, caption=caption))
