"""{% game_fields form %} (or `challenge=True`, `casual=True`): the fields of a new game, a challenge or a
game against the computer. A blank form is drawn once per process: its 37 widgets, drawn by
Django's form templates, were a third of the lobby's time (bench/pages.py). {% widget field %}:
one field's widget, drawn once per value."""

from django import template
from django.forms import BoundField
from django.template.loader import render_to_string
from django.utils.translation import get_language

from play.common.lru import LRU

register = template.Library()
# Both keyed by the reader's language too: the labels and choices are in it.
_BLANK = LRU(64)  # (form class, prefix, initial, challenge, casual, language) -> its fields drawn
_WIDGETS = LRU(256)  # (form class, prefix, field, value, has errors, language) -> its widget
TEMPLATE = "play/partials/new_game_fields.html"


@register.simple_tag
def game_fields(form, challenge=False, casual=False):
    """`casual`: without the rating's choices, for a player without an account."""
    context = {"form": form, "challenge": challenge, "casual": casual}
    if form.is_bound:  # with what was typed and what was wrong with it
        return render_to_string(TEMPLATE, context)
    key = (
        type(form),
        form.prefix,
        repr(sorted(form.initial.items())),
        challenge,
        casual,
        get_language(),
    )
    return _BLANK.remembered(key, lambda: render_to_string(TEMPLATE, context))


@register.simple_tag
def widget(field):
    """The field's widget, as `{{ field }}` draws it, remembered by its value: the lobby's five
    choices cost it as much as its lists of games. For fields whose choices never change."""
    if not isinstance(field, BoundField):  # a form the page was not given: nothing, as {{ }}
        return ""
    form = field.form
    key = (
        type(form),
        form.prefix,
        field.name,
        repr(field.value()),
        bool(field.errors),
        get_language(),
    )
    return _WIDGETS.remembered(key, lambda: str(field))
