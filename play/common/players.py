"""How players are named on pages, whoever shows them."""

from __future__ import annotations

import time

from django.core.cache import cache
from django.utils.translation import pgettext

# An anonymous player's account: made for a visitor who plays without signing up, kept by their
# session, named with a prefix a sign-up may not take (play/accounts/guests.py).
GUEST_PREFIX = "anonymous-"
# A deleted account's (play/privacy/erasure.py): its games stay, under a name shown as "deleted".
DELETED_PREFIX = "deleted-"
ANONYMOUS = "Anonymous"
BOTS_KEY = "players:bots"
BOTS_KEPT = 60  # seconds the cache keeps the bots' ids (dropped on every change here)
BOTS_HELD = 5.0  # seconds a process holds them between looks at the cache
_bots: tuple[float, frozenset[int]] = (0.0, frozenset())
# How the bots' ids are read when no cache has them: set by play/accounts when the app is
# ready (the models stand above this layer).
find_bots = None


def is_guest(user) -> bool:
    """Whether this player is an anonymous visitor's account."""
    return bool(user and user.is_authenticated and user.username.startswith(GUEST_PREFIX))


def has_account(user) -> bool:
    """Whether this is a player with an account of their own: logged in, and not anonymous."""
    return bool(user and user.is_authenticated) and not is_guest(user)


def bot_ids() -> frozenset[int]:
    """The bot accounts' ids: few, read for every name shown, so held in the process for a
    few seconds over the shared cache, and never a query a name."""
    global _bots
    held_at, ids = _bots
    if time.monotonic() - held_at < BOTS_HELD:
        return ids
    ids = cache.get(BOTS_KEY)
    if ids is None:
        ids = frozenset(find_bots()) if find_bots else frozenset()
        cache.set(BOTS_KEY, ids, BOTS_KEPT)
    _bots = (time.monotonic(), ids)
    return ids


def bots_changed() -> None:
    """An account became a bot: every process reads the ids again within BOTS_HELD."""
    global _bots
    cache.delete(BOTS_KEY)
    _bots = (0.0, frozenset())


def is_bot(user) -> bool:
    return bool(user and user.pk is not None and user.pk in bot_ids())


def is_deleted(user) -> bool:
    return bool(user and user.username.startswith(DELETED_PREFIX))


def public_name(user) -> str:
    """A player's name as the API gives it, the title apart: an anonymous visitor's account
    is "Anonymous", as on the pages; a deleted account, "deleted"."""
    if is_deleted(user):
        return "deleted"
    return ANONYMOUS if is_guest(user) else user.username


def shown_name(user) -> str:
    """A player's name as pages show it: an anonymous visitor is "Anonymous", a bot account
    "BOT name", as lichess writes its title."""
    if is_guest(user):
        return pgettext("a player without an account", "Anonymous")  # the API's stays English
    if is_deleted(user):
        return pgettext("a deleted account", "deleted")
    return f"BOT {user.username}" if is_bot(user) else user.username
