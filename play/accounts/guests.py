"""Playing without an account, as lichess lets a visitor: the first game a visitor starts makes
them an anonymous player, an account kept by their session and shown as "Anonymous". They play
the computer and casual games by invitation link; the pool, seeks, challenges and rated games
are for players with an account. Signing up turns the same account into a named one, so every
game played so far stays theirs."""

from __future__ import annotations

import secrets

from django.contrib import auth
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from play.common import limits
from play.common.errors import Refused
from play.common.players import has_account
from play.models import GUEST_PREFIX, Game

BACKEND = "django.contrib.auth.backends.ModelBackend"
# Why a visitor or an anonymous player is refused, by what they asked to do: whole sentences,
# as a translation takes them.
REFUSALS = {
    "play rated games": _(
        "Sign up (it keeps the games you played) to play rated games: anonymous players play "
        "the computer and casual games by invitation link."
    ),
    "open a seek in the lobby": _(
        "Sign up (it keeps the games you played) to open a seek in the lobby: anonymous players"
        " play the computer and casual games by invitation link."
    ),
    "challenge a player": _(
        "Sign up (it keeps the games you played) to challenge a player: anonymous players play "
        "the computer and casual games by invitation link."
    ),
    "enter the pool": _(
        "Sign up (it keeps the games you played) to enter the pool: anonymous players play the "
        "computer and casual games by invitation link."
    ),
    "play in cups": _(
        "Sign up (it keeps the games you played) to play in cups: anonymous players play the "
        "computer and casual games by invitation link."
    ),
    "play in championships": _(
        "Sign up (it keeps the games you played) to play in championships: anonymous players "
        "play the computer and casual games by invitation link."
    ),
    "make API tokens": _(
        "Sign up (it keeps the games you played) to make API tokens: anonymous players play the"
        " computer and casual games by invitation link."
    ),
    "make tournaments": _(
        "Sign up (it keeps the games you played) to make tournaments: anonymous players play "
        "the computer and casual games by invitation link."
    ),
    "play in tournaments": _(
        "Sign up (it keeps the games you played) to play in tournaments: anonymous players play"
        " the computer and casual games by invitation link."
    ),
    "write in a tournament's chat": _(
        "Sign up (it keeps the games you played) to write in a tournament's chat: anonymous "
        "players play the computer and casual games by invitation link."
    ),
    "accept a seek": _(
        "Sign up (it keeps the games you played) to accept a seek: anonymous players play the "
        "computer and casual games by invitation link."
    ),
}


def player_for(request):
    """The player a visitor's game is played by: their own account, or a new anonymous one,
    logged in for this session. Limited per address: each is a row kept for weeks."""
    if request.user.is_authenticated:
        return request.user
    limits.check("guest", request)
    guest = get_user_model()(username=GUEST_PREFIX + secrets.token_hex(6))
    guest.set_unusable_password()
    guest.save()
    auth.login(request, guest, backend=BACKEND)
    return guest


def refuse(user, what: str) -> None:
    """Refused (403) when a visitor or an anonymous player asks for what only an account may:
    `what` names it as REFUSALS does ("play rated games")."""
    if not has_account(user):
        raise Refused(str(REFUSALS[what]), 403)


def check_new_game(user, *, listing: str, rated: bool, challenged: bool) -> None:
    """Refused when a visitor or an anonymous player asks for a game only an account may make:
    asked before a visitor is made one, so that a refusal makes nothing."""
    if rated:
        refuse(user, "play rated games")
    if listing == Game.Listing.SEEK:
        refuse(user, "open a seek in the lobby")
    if challenged:
        refuse(user, "challenge a player")
