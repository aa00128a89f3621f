"""The lobby's open seeks: those the player may accept, as they chose to filter them."""

from __future__ import annotations

from play.common.players import has_account
from play.models import Game
from play.ratings import ratings
from play.relations import relations


def listed(user, game: str = "", speed: str = "", rated: str = ""):
    """Open seeks, newest first: only those whose rating range admits the player (their own
    always), of one game, one speed, rated or casual where chosen."""
    seeks = Game.objects.filter(status=Game.Status.OPEN, listing=Game.Listing.SEEK)
    if has_account(user):  # not those of a player one blocks or is blocked by
        seeks = seeks.exclude(created_by__in=relations.kept_apart(user))
    if game:
        seeks = seeks.filter(game_slug=game)
    if speed:
        seeks = seeks.filter(speed=speed)
    if rated:
        seeks = seeks.filter(rated=rated == "rated")
    return ratings.acceptable(user, seeks).select_related("created_by").order_by("-created_at")
