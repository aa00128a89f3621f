"""Challenges through the API, as lichess's: a challenge is a private game sent to one
player (play/games/games.py), shown in lichess's shape; sent, shown, accepted, declined with
a reason, cancelled. The computer's players take every challenge at once, as on the site.
lichess's open challenge is the site's invitation link: a game its maker sits in, for
whoever opens the link first."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q

from play.api.games import SIDES, player, speed, variant
from play.api.params import Params
from play.api.users import perf_key
from play.common import clocks
from play.common.errors import Refused
from play.computer import opponents
from play.games import games
from play.models import DECLINE_REASONS, Game
from play.ratings import ratings

# lichess's `perf.icon` is a glyph of its own icon font; each game's here is a Unicode sign.
ICONS = {"empress": "\u265b", "empire-chess": "\u265a", "empire": "\u25c9",
         "imperial-shuffle": "\u265e", "imperial-chess": "\u265c"}  # fmt: skip
# lichess's decline reasons as it reads them (in any case: `tooFast` or `toofast`).
DECLINE_KEYS = {key.lower(): key for key in DECLINE_REASONS}

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


def _game_asked(params: Params) -> tuple[str, str, bool, dict, dict]:
    """The game a challenge asks for: its slug, the challenger's side, rated or not, its
    options and its time control."""
    if params.text("fen", most=4000):
        raise Refused("A challenge starts from its game's own start: set it with options "
                      "(docs/api.md), not fen.")  # fmt: skip
    slug = params.text("variant", most=40)
    if not slug:
        raise Refused("Name the game: variant is one of the games' slugs (docs/api.md).")
    side = params.text("color", "random", most=10)
    rated = params.flag("rated")
    return slug, side, rated, params.json_object("options"), time_control(params)


def create(user, target, params: Params) -> Game:
    """A challenge to `target` from the call's parameters; with the computer, its game."""
    if target.pk == user.pk:
        raise Refused("Challenge someone else.")
    slug, side, rated, options, tc = _game_asked(params)
    level = opponents.level_of(target)
    if level is not None:
        return opponents.start(user, slug, level, side, options, tc)
    return games.create(user, slug, side, Game.Listing.INVITE, options, tc, invited=target,
                        rated=rated)  # fmt: skip


def create_link(user, params: Params) -> Game:
    """lichess's open challenge: the site's invitation link, its maker seated."""
    if params.text("users", most=200):
        raise Refused("An invitation link is for whoever opens it first: it cannot be kept "
                      "to named players (users).")  # fmt: skip
    slug, side, rated, options, tc = _game_asked(params)
    return games.create(user, slug, side, Game.Listing.INVITE, options, tc, rated=rated)


# A challenge: a game sent to a player, or an invitation link not yet taken.
CHALLENGES = Q(invited_user__isnull=False) | Q(listing=Game.Listing.INVITE, status=Game.Status.OPEN)


def challenge(public_id: str) -> Game:
    game = Game.objects.filter(CHALLENGES, public_id=public_id[:12]).first()
    if game is None:
        raise Refused("There is no such challenge.", 404)
    return game


def open_challenge(public_id: str) -> Game:
    game = challenge(public_id)
    if game.status != Game.Status.OPEN:
        raise Refused("This challenge is no longer open.", 409)
    return game


def seen_by(public_id: str, user) -> Game:
    """The challenge, open or answered, for its challenger or the player it was sent to."""
    game = challenge(public_id)
    if user.pk not in (game.created_by_id, game.invited_user_id):
        raise Refused("There is no such challenge.", 404)
    return game


def decline_reason(text: str) -> str:
    """lichess's reason to decline, read in any case, as lichess reads it."""
    return DECLINE_KEYS.get(text.lower(), text)


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


def _challenge_user(game: Game, user, seat=None) -> dict:
    """A side of a challenge (lichess's ChallengeUser): its rating in the game asked for (its
    seat's once play began); the computer has none, as lichess's AI has none."""
    if opponents.level_of(user) is not None:
        return player(user)
    rating = seat.rating if seat is not None and seat.rating is not None else None
    if rating is None:
        rating = ratings.of(user, game.game_slug, game.speed).rating
    return player(user, round(rating))


def shown(game: Game, request, viewer=None) -> dict:
    """The challenge in lichess's shape; `direction` as the viewer sees it. Its `url` is
    absolute: on the request's address, or the site's when no request asks (a stream's)."""
    seats = {s.index: s for s in game.seat_rows()}
    mine = next(s for s in seats.values() if s.user_id == game.created_by_id)
    dest = seats.get(1 - mine.index)
    path = game.get_absolute_url()
    challenge = {
        "id": game.public_id,
        "url": request.build_absolute_uri(path) if request else settings.SITE_URL + path,
        "status": status(game),
        "challenger": _challenge_user(game, mine.user, mine),
        "destUser": _challenge_user(game, dest.user, dest) if dest
        else _challenge_user(game, game.invited_user) if game.invited_user else None,
        "variant": variant(game.game_slug),
        "rated": game.rated,
        "speed": speed(game.time_control),
        "timeControl": _time_control(game.time_control),
        "color": game.requested_side,
        "finalColor": SIDES[1 - mine.index],  # the side the challenged player gets
        "perf": {"icon": ICONS[game.game_slug], "name": perf_key(game.game_slug, game.speed)},
        "initialFen": game.initial_position,
        "options": game.options,
    }  # fmt: skip
    if viewer is not None:
        challenge["direction"] = "out" if viewer.pk == game.created_by_id else "in"
    if challenge["status"] == "declined":
        key = game.decline_reason or "generic"
        challenge["declineReasonKey"] = key.lower()  # lichess's keys are lower case
        challenge["declineReason"] = DECLINE_REASONS[key]
    return challenge


def pending(user):
    """The player's open challenges, both ways, newest first."""
    found = Game.objects.filter(
        Q(created_by=user) | Q(invited_user=user), status=Game.Status.OPEN,
        invited_user__isnull=False,
    )  # fmt: skip
    return found.select_related("invited_user").prefetch_related("seats__user")
