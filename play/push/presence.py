"""Which players have a game's page open, for the notices: a player at the board is told
nothing of a move there (lichess sends none in live games). Kept in the cache, which every
server shares when there are several, each open page refreshing its mark while its socket is
open; a server that dies leaves marks that lapse within SECONDS."""

from __future__ import annotations

from django.core.cache import cache

SECONDS = 90  # a mark's life; each open page renews it every third of that


def key(public_id: str, user_id: int) -> str:
    return f"watching:{public_id}:{user_id}"


def watching(public_id: str, user_id: int) -> bool:
    """Whether the player has this game's page open."""
    return bool(cache.get(key(public_id, user_id)))


# Which players have an event stream open (play/api/streams.py): a bot is online while its
# engine listens for challenges, as lichess counts a bot online.


def listening_key(user_id: int) -> str:
    return f"listening:{user_id}"


def listening(user_id: int) -> None:
    """The player's event stream is open: marked for SECONDS, renewed while it stays."""
    cache.set(listening_key(user_id), True, SECONDS)


def listeners(user_ids) -> set[int]:
    """Those of these players with an event stream open."""
    found = cache.get_many([listening_key(pk) for pk in user_ids])
    return {pk for pk in user_ids if found.get(listening_key(pk))}
