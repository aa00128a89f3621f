"""A player as the API shows them, in lichess's shape (its `User` and `UserExtended`): their
ratings as `perfs` (keyed by game, `-correspondence` for the slower speed, since a player
here has a rating per game and speed), when they joined and were last seen, their games'
counts, and a bot account's title, BOT."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, F, Q
from django.urls import reverse

from play.accounts import bots
from play.common import players
from play.models import Game, Rating, RatingChange, Seat
from play.push import presence
from play.ratings import ratings

PROGRESS_GAMES = 12  # lichess's `prog`: the rating's change over the last twelve rated games


def milliseconds(at) -> int | None:
    return int(at.timestamp() * 1000) if at else None


def perf_key(slug: str, speed: str) -> str:
    return slug if speed == "live" else f"{slug}-{speed}"


def progress(rating: Rating) -> int:
    """How far the rating moved over its last PROGRESS_GAMES changes (0 with none)."""
    changes = RatingChange.objects.filter(
        user_id=rating.user_id, game_slug=rating.game_slug, speed=rating.speed
    ).order_by("-pk")
    last = list(changes.values_list("rating_before", "rating_after")[:PROGRESS_GAMES])
    return round(last[0][1] - last[-1][0]) if last else 0


def counts(user, viewer) -> dict:
    """lichess's `count`: the player's finished games and how they went, their games in play,
    those against the viewer (`me`, 0 when no one asks), the records they imported; no game
    is bookmarked here (the site has no bookmarks)."""
    over = Q(game__status=Game.Status.FINISHED)
    count = Seat.objects.filter(user=user).aggregate(
        all=Count("pk", filter=over),
        rated=Count("pk", filter=over & Q(game__rated=True)),
        win=Count("pk", filter=over & Q(game__winner=F("index"))),
        draw=Count("pk", filter=over & Q(game__winner__isnull=True)),
        playing=Count("pk", filter=Q(game__status__in=Game.IN_PLAY)),
    )
    count["loss"] = count["all"] - count["win"] - count["draw"]
    count["bookmark"] = 0
    count["import"] = Game.objects.filter(created_by=user, imported=True).count()
    count["me"] = 0
    if viewer is not None and viewer.is_authenticated and viewer.pk != user.pk:
        count["me"] = Seat.objects.filter(
            user=user, game__status=Game.Status.FINISHED, game__seats__user=viewer
        ).count()
    return count


def shown(user) -> dict:
    """lichess's User: the player, their ratings, when they joined and were last seen."""
    perfs = {
        perf_key(r.game_slug, r.speed): {
            "games": r.games,
            "rating": round(r.rating),
            "rd": round(r.rd),
            "prog": progress(r),
            "prov": r.rd > ratings.PROVISIONAL_RD,
        }  # fmt: skip
        for r in Rating.objects.filter(user=user).order_by("game_slug", "speed")
    }
    player = {
        "id": user.username.lower(),
        "username": user.username,
        "perfs": perfs,
        "createdAt": milliseconds(user.date_joined),
    }
    if user.last_login is not None:  # lichess leaves out what it has not seen
        player["seenAt"] = milliseconds(user.last_login)
    if players.is_bot(user):
        player["title"] = "BOT"
    return player


def extended(user, request) -> dict:
    """lichess's UserExtended: the player, their page and their games' counts."""
    return {
        **shown(user),
        "url": request.build_absolute_uri(reverse("profile", args=[user.username])),
        "count": counts(user, getattr(request, "user", None)),
    }


def bots_online(most: int) -> list:
    """The bot accounts listening for challenges (an event stream open), by name."""
    listening = presence.listeners(bots.ids_from_database())
    found = get_user_model().objects.filter(pk__in=listening, is_active=True)
    return list(found.order_by("username")[:most])
