"""Small words about a game for lists (whose move, time left, result), and the lists of games
themselves, drawn by Jinja2 (fragments/play/lists)."""

from django import template
from django.template.backends.utils import csrf_input, csrf_input_lazy
from django.utils.translation import gettext as _

from play.common import clocks, jinja, language
from play.common.players import shown_name
from play.games.games import SIDE_NAMES
from play.models import Game

register = template.Library()

# Words from the rules (a game's name, a refusal, a move described) in the reader's language.
register.filter("translated", language.translated)


@register.filter
def clock_summary(game: Game, user) -> str:
    if game.status == Game.Status.OPEN:
        return _("waiting for an opponent · %(clock)s") % {
            "clock": clocks.describe(game.time_control)
        }
    if game.status == Game.Status.SETUP:
        return _("arranging pieces")
    if game.is_over:
        return game.result_text
    if game.turn is None:
        return _("in play")
    seat = game.seat_of(user)
    mine = seat is not None and game.turn == seat.index
    if game.deadline is None:
        return _("your move") if mine else _("%(player)s to move") % {"player": mover(game)}
    left = clocks.human(clocks.left(game, game.turn, clocks.now()))
    if mine:
        return _("your move · %(left)s left") % {"left": left}
    return _("%(player)s to move · %(left)s left") % {"player": mover(game), "left": left}


def mover(game: Game) -> str:
    return game.player_name(game.turn)


register.filter("shown", shown_name)


@register.filter
def side_name(side: str) -> str:
    """The side a game's maker plays (white, black, random), as players read it."""
    return SIDE_NAMES.get(side, side)


@register.filter
def clock_words(game: Game) -> str:
    return clocks.describe(game.time_control)


@register.filter
def time_left(moment) -> str:
    """The time until `moment` as the page's script counts it down (static/js/imperia.js), so
    that the page does not change its words, and its lines, once the script runs."""
    return clocks.human((moment - clocks.now()).total_seconds())


def page_url(request, name: str, number: int) -> str:
    """The address of another page of a list, keeping the page's other choices (filters,
    other lists' pages)."""
    query = request.GET.copy()
    query[name] = number
    return "?" + query.urlencode()


@register.simple_tag(takes_context=True)
def game_list(context, page, name: str, empty: str, actions: str = ""):
    """A page of a player's games (the dashboard's lists), with its links to the others: twenty
    rows a list, a handful of lists a page, each row a dozen lookups, drawn by Jinja2 (a tenth
    of the dashboard's instructions less than Django's engine took, bench/pages.py)."""
    return _drawn("play/lists/game_list.html", context, page=page, name=name, empty=empty,
                  actions=actions)  # fmt: skip


@register.simple_tag(takes_context=True)
def pages(context, page, name: str, before: str = "", after: str = ""):
    """The links to a list's other pages, named by the query parameter `name`."""
    return _drawn("play/lists/pages.html", context, page=page, name=name, before=before,
                  after=after)  # fmt: skip


@register.simple_tag(takes_context=True)
def club_members(context, members, slug: str, leads: bool):
    """A page of a club's members, as its table's rows; with a leader's buttons for `leads`
    (the CSRF field made once for their hundred forms: each made anew cost a token's masking)."""
    once = csrf_input(context["request"]) if leads else ""
    return _drawn("clubs/members.html", context, members=members, slug=slug, leads=leads,
                  csrf_input=once)  # fmt: skip


def _drawn(template_name: str, context, **values):
    request = context["request"]
    return jinja.render(
        template_name,
        {
            "request": request,
            "user": context["user"],
            "me": context["user"].pk,  # the rows compare ids, not users (a lazy object each look)
            "csrf_input": csrf_input_lazy(request),
            "clock_summary": clock_summary,
            "page_url": page_url,
            **values,
        },
    )
