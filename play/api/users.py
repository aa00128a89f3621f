"""A player as the API shows them, in lichess's shape (its `User` and `UserExtended`): their
ratings as `perfs` (keyed by game, `-correspondence` for the slower speed, since a player
here has a rating per game and speed), when they joined and were last seen, their games'
counts."""

from __future__ import annotations

from django.db.models import Count, F, Q
from django.urls import reverse

from play.models import Game, Rating, Seat
from play.ratings import ratings


def milliseconds(at) -> int | None:
    return int(at.timestamp() * 1000) if at else None


def perf_key(slug: str, speed: str) -> str:
    return slug if speed == "live" else f"{slug}-{speed}"


def shown(user, request) -> dict:
    perfs = {
        perf_key(r.game_slug, r.speed): {
            "games": r.games,
            "rating": round(r.rating),
            "rd": round(r.rd),
            "prov": r.rd > ratings.PROVISIONAL_RD,
        }  # fmt: skip
        for r in Rating.objects.filter(user=user).order_by("game_slug", "speed")
    }
    over = Q(game__status=Game.Status.FINISHED)
    count = Seat.objects.filter(user=user).aggregate(
        all=Count("pk", filter=over),
        rated=Count("pk", filter=over & Q(game__rated=True)),
        win=Count("pk", filter=over & Q(game__winner=F("index"))),
        draw=Count("pk", filter=over & Q(game__winner__isnull=True)),
        playing=Count("pk", filter=Q(game__status__in=Game.IN_PLAY)),
    )
    count["loss"] = count["all"] - count["win"] - count["draw"]
    return {
        "id": user.username.lower(),
        "username": user.username,
        "perfs": perfs,
        "createdAt": milliseconds(user.date_joined),
        "seenAt": milliseconds(user.last_login),
        "url": request.build_absolute_uri(reverse("profile", args=[user.username])),
        "count": count,
    }
