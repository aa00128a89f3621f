"""{% game_fields form %} (or `challenge=True`): the fields of a new game, a challenge or a
game against the computer. A blank form is drawn once per process: its 37 widgets, drawn by
Django's form templates, were a third of the lobby's time (bench/pages.py)."""

from django import template
from django.template.loader import render_to_string

from play.lru import LRU

register = template.Library()
_BLANK = LRU(64)  # (form class, prefix, initial, challenge) -> its fields drawn
TEMPLATE = "play/partials/new_game_fields.html"


@register.simple_tag
def game_fields(form, challenge=False):
    if form.is_bound:  # with what was typed and what was wrong with it
        return render_to_string(TEMPLATE, {"form": form, "challenge": challenge})
    key = (type(form), form.prefix, repr(sorted(form.initial.items())), challenge)
    html = _BLANK.get(key)
    if html is None:
        html = render_to_string(TEMPLATE, {"form": form, "challenge": challenge})
        _BLANK.put(key, html)
    return html
