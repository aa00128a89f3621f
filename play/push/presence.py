"""Which players have a game's page open, for the notices: a player at the board is told
nothing of a move there (lichess sends none in live games); and which players are online, a
page of the site open, for those who follow them. Kept in the cache, which every server
shares when there are several, each open page refreshing its mark while its socket is open;
a server that dies leaves marks that lapse within SECONDS."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.cache import cache

from play.push.sockets import Renewals

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


# Which players are online: a page of the site open (its player's socket, play/notify), each
# a place held in one set (imperia_site/cache.py: a sorted set on Redis), so that the players
# one follows, thousands of them, are looked up in one read.
ONLINE = "online-players"


def online(*user_ids: int) -> None:
    """These players have a page open: online for SECONDS more, renewed while it stays open
    (all of a server's in one round trip)."""
    cache.hold_places(ONLINE, [str(pk) for pk in user_ids], SECONDS)


def online_among(user_ids) -> set[int]:
    """Those of these players with a page of the site open."""
    return {int(held) for held in cache.held_among(ONLINE, [str(pk) for pk in user_ids])}


class Marked:
    """A socket that marks its player present under its `presence` key while it is open:
    marked as it opens (mark()), renewed every third of SECONDS with every other open socket
    of the process (one thread hop for all: mark_all()), and, as it closes, the mark dropped
    (`dropped_on_close`) or left to lapse (another page may hold the same mark)."""

    dropped_on_close = True

    @classmethod
    def mark_all(cls, keys: list[str]) -> None:
        """Mark these keys present for SECONDS (in a thread: the cache is Django's)."""
        cache.set_many(dict.fromkeys(keys, True), SECONDS)

    async def mark(self, key: str) -> None:
        self.presence = key
        await _off_the_sockets_thread(self.mark_all)([key])
        self.keep_marked(key)

    def keep_marked(self, key: str) -> None:
        """Renew a mark made as the socket opened while the socket stays open."""
        self.presence = key
        _marked.add(self)

    async def unmark(self) -> None:
        _marked.discard(self)
        if self.dropped_on_close and hasattr(self, "presence"):
            await cache.adelete(self.presence)

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:  # a consumer that failed leaves no mark renewed for ever
            _marked.discard(self)


def _mark_all(sockets) -> None:
    by_kind: dict[type, list[str]] = {}
    for socket in sockets:
        by_kind.setdefault(type(socket), []).append(socket.presence)
    for kind, keys in by_kind.items():
        kind.mark_all(keys)


def _off_the_sockets_thread(marking):
    # Not on the one thread that runs every socket's moves and boards: a mark is a round trip
    # to the cache, and a thousand of them (a server's sockets opening, or renewed) would hold
    # up the moves behind them.
    return sync_to_async(marking, thread_sensitive=False)


_marked = Renewals(lambda: SECONDS / 3, _off_the_sockets_thread(_mark_all))
