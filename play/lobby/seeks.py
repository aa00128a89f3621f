"""The lobby's open seeks: those the player may accept, as they chose to filter them."""

from __future__ import annotations

from play.models import Game
from play.ratings import ratings


def listed(user, game: str = "", speed: str = "", rated: str = ""):
    """Open seeks, newest first: only those whose rating range admits the player (their own
    always), of one game, one speed, rated or casual where chosen."""
    seeks = Game.objects.filter(status=Game.Status.OPEN, listing=Game.Listing.SEEK)
    if game:
        seeks = seeks.filter(game_slug=game)
    if speed:
        seeks = seeks.filter(speed=speed)
    if rated:
        seeks = seeks.filter(rated=rated == "rated")
    return ratings.acceptable(user, seeks).select_related("created_by").order_by("-created_at")
