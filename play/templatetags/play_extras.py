"""Small words about a game for lists: whose move, time left, result."""

from django import template

from play import clocks
from play.models import Game

register = template.Library()


@register.filter
def clock_summary(game: Game, user) -> str:
    if game.status == Game.Status.OPEN:
        return f"waiting for an opponent · {clocks.describe(game.time_control)}"
    if game.status == Game.Status.SETUP:
        return "arranging pieces"
    if game.is_over:
        return game.result_text
    if game.turn is None:
        return "in play"
    seat = game.seat_of(user)
    mine = seat is not None and game.turn == seat.index
    words = "your move" if mine else f"{game.player_name(game.turn)} to move"
    if game.deadline is not None:
        words += f" · {clocks.human(clocks.left(game, game.turn, clocks.now()))} left"
    return words


@register.filter
def clock_words(game: Game) -> str:
    return clocks.describe(game.time_control)


@register.simple_tag(takes_context=True)
def page_url(context, name: str, number: int) -> str:
    """The address of another page of a list, keeping the page's other choices (filters,
    other lists' pages)."""
    query = context["request"].GET.copy()
    query[name] = number
    return "?" + query.urlencode()
