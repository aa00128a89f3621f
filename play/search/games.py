"""The site's finished games found by what a player asks of them: who played (and against
whom), which game, how fast, rated or casual, how it came out for the player, how strong the
two were (the mean of their ratings as the game began), when it ended, how long it lasted and
how it ended. Latest first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db.models import F, FilteredRelation, Q

from play.models import Game


@dataclass(frozen=True)
class Asked:
    """A search, as its form cleans it: each filter None (or "") when not asked."""

    player: str = ""
    opponent: str = ""
    game: str = ""
    speed: str = ""
    rated: bool | None = None
    result: str = ""  # "win", "loss" or "draw": the player's
    rating_min: int | None = None
    rating_max: int | None = None
    since: date | None = None
    until: date | None = None
    plies_min: int | None = None
    plies_max: int | None = None
    reason: str = ""


def found(asked: Asked):
    """The finished games asked for, latest first (imported records aside: they have no
    players of the site)."""
    games = Game.objects.filter(status=Game.Status.FINISHED, imported=False)
    if asked.player:
        games = _seated(games, "mine", asked.player)
        games = _result(games, asked.result)
    if asked.opponent:
        games = _seated(games, "theirs", asked.opponent)
        if asked.player:
            games = games.exclude(theirs=F("mine"))
    games = games.filter(**{
        key: value for key, value in {
            "game_slug": asked.game, "speed": asked.speed, "rated": asked.rated,
            "ply__gte": asked.plies_min, "ply__lte": asked.plies_max, "reason": asked.reason,
            "finished_at__gte": _day(asked.since), "finished_at__lt": _day(asked.until, 1),
        }.items() if value not in (None, "")
    })  # fmt: skip
    if asked.rating_min is not None:
        games = games.filter(rating_mean__gte=asked.rating_min)
    if asked.rating_max is not None:
        games = games.filter(rating_mean__lte=asked.rating_max)
    return games.order_by("-finished_at", "-pk")


def _seated(games, seat: str, name: str):
    """The games where the player named sits, joined to their seat (read off the seats'
    index by player), its index as `seat`."""
    named = list(
        get_user_model().objects.filter(username__iexact=name).values_list("pk", flat=True)
    )
    joined = FilteredRelation("seats", condition=Q(seats__user__in=named))
    games = games.annotate(**{f"{seat}_seat": joined}).filter(**{f"{seat}_seat__isnull": False})
    return games.annotate(**{seat: F(f"{seat}_seat__index")})


def _result(games, result: str):
    if result == "win":
        return games.filter(winner=F("mine"))
    if result == "loss":
        return games.filter(winner__isnull=False).exclude(winner=F("mine"))
    if result == "draw":
        return games.filter(winner__isnull=True)
    return games


def _day(day: date | None, after: int = 0) -> datetime | None:
    """The start of `day` (or of the day `after` days later), in UTC: the dates asked are
    whole days."""
    if day is None:
        return None
    return datetime.combine(day, time(), tzinfo=UTC) + timedelta(days=after)
