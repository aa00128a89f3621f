"""The Jinja2 environment of the fragments drawn most often (fragments/play): the #live fragment
and a move's update, drawn for every seat on every move (bench/move.py), and the dashboard's
lists of games (bench/pages.py). Jinja2 compiles a template to Python once where Django's engine
walks its nodes each time."""

from django.template import engines
from django.template.defaultfilters import date
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from jinja2 import Environment

from play.common.language import translated
from play.common.lru import LRU
from play.common.players import is_guest, shown_name


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
    env = Fragments(extensions=["jinja2.ext.i18n"], **options)
    # Django's catalogues, in the reader's language (newstyle: `_("%(n)s moves", n=3)`
    # fills in and escapes its values).
    env.install_gettext_callables(
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals["url"] = url
    env.filters["date"] = date  # Django's formats ("c", "D j M, H:i"); times are UTC
    env.filters["shown"] = shown_name
    env.filters["translated"] = translated
    env.filters["player"] = player_link
    return env


_ADDRESSES = LRU(4096)  # (view name, *its arguments) -> its address


def url(name: str, *args) -> str:
    """reverse(), remembered: a fragment links to its players' pages on every move."""
    return _ADDRESSES.remembered((name, *args), lambda: reverse(name, args=args))


def player_link(user) -> SafeString:
    """A player's name as a link to their page; an anonymous visitor has no page."""
    if is_guest(user):
        return mark_safe(shown_name(user))
    return format_html('<a href="{}">{}</a>', url("profile", user.username), user.username)


def render(name: str, context: dict) -> SafeString:
    """The fragment `name` drawn from `context` alone (no context processors run): HTML, its
    values escaped, so safe to put in a page as it is."""
    return mark_safe(engines["jinja2"].env.get_template(name).render(context))
