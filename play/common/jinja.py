"""The Jinja2 environment of the fragments drawn most often (fragments/play): the #live fragment
and a move's update, drawn for every seat on every move (bench/move.py), and the dashboard's
lists of games (bench/pages.py). Jinja2 compiles a template to Python once where Django's engine
walks its nodes each time."""

from django.conf import settings
from django.template import engines
from django.template.defaultfilters import date
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, npgettext, pgettext, trans_real
from jinja2 import Environment
from markupsafe import Markup

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


class Words:
    """One language's words for the fragments, as Jinja2's newstyle gettext gives them (the
    translation is the template's own HTML; `_("%(n)s moves", n=3)` fills in its values,
    escaped), each translation remembered: a move draws some seventy words for every seat, and
    Jinja2's wrappers around Django's lookup cost half as much again as the rest of the move."""

    def __init__(self, language: str):
        self.catalogue = trans_real.translation(language)
        self.language = language
        self.drawn: dict = {}

    def gettext(self, message: str, **values) -> Markup:
        return self._said(None, message, values)

    def pgettext(self, context: str, message: str, **values) -> Markup:
        return self._said(context, message, values)

    def ngettext(self, singular: str, plural: str, num: int, **values) -> Markup:
        values.setdefault("num", num)
        return Markup(self.catalogue.ngettext(singular, plural, num)) % values

    def npgettext(self, context: str, singular: str, plural: str, num: int, **values) -> Markup:
        values.setdefault("num", num)
        with translation.override(self.language):
            return Markup(npgettext(context, singular, plural, num)) % values

    def _said(self, context, message, values) -> Markup:
        """The translation filled in with `values`; with none, as it is (its %% read as %),
        kept."""
        key = (context, message, bool(values))
        text = self.drawn.get(key)
        if text is None:
            with translation.override(self.language):
                text = Markup(pgettext(context, message) if context else gettext(message))
            if not values:
                text = text % {}
            self.drawn[key] = text
        return text % values if values else text

    def callables(self) -> dict:
        return {name: getattr(self, method) for name, method in GETTEXT.items()}


GETTEXT = {name: name for name in ("gettext", "ngettext", "pgettext", "npgettext")} | {
    "_": "gettext"
}


_LANGUAGES: dict[str, Words] = {}


def words() -> Words:
    """The active language's words."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    found = _LANGUAGES.get(language)
    if found is None:
        found = _LANGUAGES[language] = Words(language)
    return found


def _in_active_language(name: str):
    """The gettext family as globals, for a fragment drawn without render() (in the active
    language, looked up on each call)."""

    method = GETTEXT[name]

    def call(*args, **values):
        return getattr(words(), method)(*args, **values)

    return call


def environment(**options) -> Environment:
    env = Fragments(extensions=["jinja2.ext.i18n"], **options)
    # Django's catalogues, in the reader's language, called as Jinja2's newstyle gettext
    # (`{% trans %}` blocks too); render() gives each fragment its language's Words.
    env.newstyle_gettext = True
    env.globals.update({name: _in_active_language(name) for name in GETTEXT})
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


_LINKS = LRU(4096)  # username -> the link to their page: two in every view of a game


def player_link(user) -> SafeString:
    """A player's name as a link to their page; an anonymous visitor has no page."""
    if is_guest(user):
        return mark_safe(shown_name(user))
    name = user.username
    return _LINKS.remembered(
        name, lambda: format_html('<a href="{}">{}</a>', url("profile", name), name)
    )


def render(name: str, context: dict) -> SafeString:
    """The fragment `name` drawn from `context` alone (no context processors run): HTML, its
    values escaped, so safe to put in a page as it is."""
    template = engines["jinja2"].env.get_template(name)
    return mark_safe(template.render(context, **words().callables()))
