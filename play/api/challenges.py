"""Challenges through the API, as lichess's: a challenge is a private game sent to one
player (play/games/games.py), shown in lichess's shape; sent, accepted, declined with a
reason, cancelled. The computer's players take every challenge at once, as on the site."""

from __future__ import annotations

from django.db.models import Q

from play.api.games import SIDES, player, variant
from play.api.params import Params
from play.api.users import perf_key
from play.common import clocks
from play.common.errors import Refused
from play.computer import opponents
from play.games import games
from play.models import DECLINE_REASONS, Game

MOST_LIMIT = 180 * 60  # seconds: the longest live clock
MOST_INCREMENT = 180
DAYS = clocks.CORRESPONDENCE_DAYS


def time_control(params: Params) -> dict:
    """lichess's `clock.limit` (seconds, in whole minutes here) and `clock.increment`, or
    `days`; neither: no clock."""
    limit = params.number("clock.limit", MOST_LIMIT)
    increment = params.number("clock.increment", MOST_INCREMENT)
    days = params.number("days", max(DAYS), 1)
    if limit is not None and days is not None:
        raise Refused("Send clock.limit (a live clock) or days (correspondence), not both.")
    if limit is not None:
        if limit < 60 or limit % 60:
            raise Refused("clock.limit is in seconds, in whole minutes here: 60, 120, … 10800.")
        return {"kind": "live", "minutes": limit // 60, "increment": increment or 0}
    if increment is not None:
        raise Refused("clock.increment needs clock.limit.")
    return {"kind": "days", "days": days} if days is not None else {}


def create(user, target, params: Params) -> Game:
    """A challenge to `target` from the call's parameters; with the computer, its game."""
    if target.pk == user.pk:
        raise Refused("Challenge someone else.")
    if params.text("fen", most=4000):
        raise Refused("A challenge starts from its game's own start: set it with options "
                      "(docs/api.md), not fen.")  # fmt: skip
    slug = params.text("variant", most=40)
    if not slug:
        raise Refused("Name the game: variant is one of the games' slugs (docs/api.md).")
    side = params.text("color", "random", most=10)
    rated = params.flag("rated")
    options, tc = params.json_object("options"), time_control(params)
    level = opponents.level_of(target)
    if level is not None:
        return opponents.start(user, slug, level, side, options, tc)
    return games.create(user, slug, side, Game.Listing.INVITE, options, tc, invited=target,
                        rated=rated)  # fmt: skip


def open_challenge(public_id: str) -> Game:
    game = Game.objects.filter(public_id=public_id[:12], invited_user__isnull=False).first()
    if game is None:
        raise Refused("There is no such challenge.", 404)
    if game.status != Game.Status.OPEN:
        raise Refused("This challenge is no longer open.", 409)
    return game


def cancel(game: Game, user) -> Game:
    if game.created_by_id != user.pk:
        raise Refused("Only its challenger may cancel a challenge.", 403)
    return games.abort(game, user)


def status(game: Game) -> str:
    if game.status == Game.Status.OPEN:
        return "created"
    if game.status == Game.Status.ABORTED and game.reason == "declined":
        return "declined"
    if game.status == Game.Status.ABORTED and game.started_at is None and game.ply == 0:
        return "canceled"
    return "accepted"


def _time_control(tc: dict) -> dict:
    if tc.get("kind") == "live":
        return {"type": "clock", "limit": tc["minutes"] * 60, "increment": tc["increment"],
                "show": f"{tc['minutes']}+{tc['increment']}"}  # fmt: skip
    if tc.get("kind") == "days":
        return {"type": "correspondence", "daysPerTurn": tc["days"]}
    if tc.get("kind") == "bank":  # Imperia's own: a bank of days
        return {"type": "correspondence", "bank": {k: v for k, v in tc.items() if k != "kind"}}
    return {"type": "unlimited"}


def shown(game: Game, request, viewer=None) -> dict:
    """The challenge in lichess's shape; `direction` as the viewer sees it."""
    seats = {s.index: s for s in game.seat_rows()}
    mine = next(s for s in seats.values() if s.user_id == game.created_by_id)
    dest = seats.get(1 - mine.index)
    challenge = {
        "id": game.public_id,
        "url": request.build_absolute_uri(game.get_absolute_url())
        if request
        else game.get_absolute_url(),
        "status": status(game),
        "challenger": player(mine.user, mine.rating),
        "destUser": player(dest.user, dest.rating) if dest else player(game.invited_user),
        "variant": variant(game.game_slug),
        "rated": game.rated,
        "speed": game.speed,
        "timeControl": _time_control(game.time_control),
        "color": game.requested_side,
        "finalColor": SIDES[1 - mine.index],  # the side the challenged player gets
        "perf": {"name": perf_key(game.game_slug, game.speed)},
        "initialFen": game.initial_position,
        "options": game.options,
    }
    if viewer is not None:
        challenge["direction"] = "out" if viewer.pk == game.created_by_id else "in"
    if challenge["status"] == "declined":
        key = game.decline_reason or "generic"
        challenge["declineReasonKey"] = key
        challenge["declineReason"] = DECLINE_REASONS[key]
    return challenge


def pending(user):
    """The player's open challenges, both ways, newest first."""
    found = Game.objects.filter(
        Q(created_by=user) | Q(invited_user=user), status=Game.Status.OPEN,
        invited_user__isnull=False,
    )  # fmt: skip
    return found.select_related("invited_user").prefetch_related("seats__user")
