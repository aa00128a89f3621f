"""The Jinja2 environment of the fragments drawn most often (fragments/play): the #live fragment
and a move's update, drawn for every seat on every move (bench/move.py), and the dashboard's
lists of games (bench/pages.py). Jinja2 compiles a template to Python once where Django's engine
walks its nodes each time."""

from django.template import engines
from django.template.defaultfilters import date
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from jinja2 import Environment

from play.common.lru import LRU


class Fragments(Environment):
    def getattr(self, obj, attribute):
        """`a.b` reads a dict's key before trying for an attribute: the fragments' values are
        mostly dicts (players, clocks, addresses), and Jinja2's attribute first cost a raised
        AttributeError on each (118 a move). A key named as a dict's method hides it."""
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(**options) -> Environment:
    env = Fragments(**options)
    env.globals["url"] = url
    env.filters["date"] = date  # Django's formats ("c", "D j M, H:i"); times are UTC
    return env


_ADDRESSES = LRU(4096)  # (view name, *its arguments) -> its address


def url(name: str, *args) -> str:
    """reverse(), remembered: a fragment links to its players' pages on every move."""
    return _ADDRESSES.remembered((name, *args), lambda: reverse(name, args=args))


def render(name: str, context: dict) -> SafeString:
    """The fragment `name` drawn from `context` alone (no context processors run): HTML, its
    values escaped, so safe to put in a page as it is."""
    return mark_safe(engines["jinja2"].env.get_template(name).render(context))
