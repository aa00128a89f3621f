"""{{ text|markdown }}: what a player wrote (a post, a club's description), drawn as safe HTML
with its boards (play/markup/). Drawn once a text and a language in each process: a thread's
page shows the same posts to every reader. {{ text|gist }}: its own words as plain text."""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from play.common.lru import LRU
from play.markup import markup

register = template.Library()
_drawn = LRU(2000)
_gists = LRU(2000)


@register.filter
def markdown(text: str) -> str:
    return mark_safe(_drawn.remembered((get_language(), text), lambda: markup.render(text)))


@register.filter
def gist(text: str) -> str:
    return _gists.remembered(text, lambda: markup.gist(text))
