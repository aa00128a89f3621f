"""The API's streams, as lichess's: a player's events (`GET /api/stream/event`) and a game's
(`GET /api/board|bot/game/stream/{id}`), NDJSON a line an event, served on the server's
loop without a thread each (play/api/events.py says what they are sent). Each stream is a
channel of the channel layer, in its groups for as long as it is open, so a change on any
server reaches it. A newline every KEEP_ALIVE seconds keeps proxies from closing it and
tells the client the server is there. It closes when its token is revoked (a password
changed or reset revokes them all), and an account has at most MOST_STREAMS open."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import secrets
import time
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import close_old_connections

from play.accounts import accounts, bots
from play.api import boards, events
from play.api import games as api_games
from play.api.auth import authorize, refused, wrong_method
from play.common import limits, players
from play.common.errors import Refused
from play.models import ChatMessage, Game
from play.push import live, presence
from play.relations import relations

KEEP_ALIVE = 6.0  # seconds between newlines while nothing else is sent
MOST_STREAMS = 16  # open at once, per account, on every server together
LEASE = 60  # seconds a stream's place counts without being renewed (a server that died)
ROUTES = (
    (re.compile(r"/api/stream/event"), "events", ""),
    (re.compile(r"/api/board/game/stream/(?P<gameId>[A-Za-z0-9]{1,12})"), "game", "board"),
    (re.compile(r"/api/bot/game/stream/(?P<gameId>[A-Za-z0-9]{1,12})"), "game", "bot"),
)


def route(path: str):
    """The stream at this path: (kind, game id or "", the API: board, bot or none), or None."""
    if not path.startswith("/api/"):  # every request is asked: most go by at once
        return None
    for pattern, kind, api in ROUTES:
        if found := pattern.fullmatch(path):
            return kind, found.groupdict().get("gameId", ""), api
    return None


@dataclass
class Stream:
    """One open stream: whose, on which token, and what it has sent so far."""

    user: object
    token_id: int
    kind: str
    public_id: str = ""
    place: str = field(default_factory=lambda: secrets.token_hex(8))
    revision: int = -1
    chat_seen: int = 0
    opponent_gone: bool = False
    seat: int | None = None

    def groups(self) -> list[str]:
        mine = [accounts.token_group(self.token_id)]
        if self.kind == "events":
            return [*mine, events.group(self.user.pk), _events_group(self.token_id)]
        return [*mine, live.group_name(self.public_id)]


# A token has one event stream, as on lichess: the latest opened. Each, as it opens, writes
# itself as its token's latest, then tells its token's event streams, itself included; each
# told reads the latest and ends unless it is. However they interleave, every stream but the
# last to write is told after that write, and ends.


def _events_group(token_id: int) -> str:
    return f"api-events-token-{token_id}"


def _latest_key(token_id: int) -> str:
    return f"api-events-latest:{token_id}"


def _replaced(stream: Stream) -> bool:
    return cache.get(_latest_key(stream.token_id)) != stream.place


# Who may open a stream, checked as any API call is (play/api/auth.py).


def _authorize(scope: dict, kind: str, public_id: str, api: str):
    """The stream for this request, or Refused saying why not."""
    close_old_connections()
    header = dict(scope.get("headers") or []).get(b"authorization")
    address = (scope.get("client") or [limits.UNKNOWN])[0]
    scopes = [boards.SCOPES[api]] if api else []
    token = authorize(header and header.decode("latin-1"), address, scopes)
    stream = Stream(token.user, token.pk, kind, public_id)
    if kind == "game":
        boards.check_api(bots.is_bot(token.user), api)  # read from its row: once a stream
        game = Game.objects.filter(public_id=public_id).prefetch_related("seats__user").first()
        if game is None:
            raise Refused("There is no such game.", 404)
        stream.seat = game.seat_of_player(token.user, "Only the players of a game stream it.").index
    if wait := _hold(stream, MOST_STREAMS):
        message = f"An account has at most {MOST_STREAMS} streams open: close one first."
        raise limits.Limited(message, math.ceil(wait))
    if kind == "events":  # read only as the streams are told, moments later
        cache.set(_latest_key(token.pk), stream.place, LEASE)
    return stream


def _places_key(user) -> str:
    return f"api-stream-places:{user.pk}"


def _hold(stream: Stream, most: int | None = None) -> float:
    """The stream's place among its account's, leased LEASE seconds, on every server together
    (imperia_site/cache.py): taken, while fewer than `most` are, or renewed. 0 once held; else
    the seconds until a place held would lapse if not renewed."""
    return cache.hold_place(_places_key(stream.user), stream.place, LEASE, most)


def _give_up(stream: Stream) -> None:
    cache.give_up_place(_places_key(stream.user), stream.place)


# What a stream sends.


def _line(data: dict) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode() + b"\n"


def _first_lines(stream: Stream) -> tuple[list[bytes], bool]:
    """What a stream sends as it opens, and whether it ends there: the events stream's games
    in play and open challenges (so a client that reconnects misses nothing); the game's
    stream, the game whole."""
    close_old_connections()
    if stream.kind == "events":
        return [_line(line) for line in events.replayed(stream.user)], False
    game, moves = _game(stream.public_id)
    stream.revision = game.revision
    stream.chat_seen = _last_chat(game)
    full = api_games.full(game, moves, stream.user)
    return [_line(full)], game.is_over


def _game(public_id: str):
    game = Game.objects.prefetch_related("seats__user", "offers").select_related("tournament")
    game = game.get(public_id=public_id)
    moves = list(game.moves.order_by("ply").values_list("text", flat=True))
    return game, moves


def _last_chat(game: Game) -> int:
    return game.messages.order_by("-pk").values_list("pk", flat=True).first() or 0


def _changed(stream: Stream) -> tuple[list[bytes], bool]:
    """A game's stream after its game changed: its state, if it is new to this stream."""
    close_old_connections()
    game, moves = _game(stream.public_id)
    if game.revision == stream.revision:
        return [], False
    stream.revision = game.revision
    return [_line(api_games.state(game, moves, stream.user))], game.is_over


def _chat_lines(stream: Stream) -> list[bytes]:
    close_old_connections()
    new = ChatMessage.objects.filter(game__public_id=stream.public_id, pk__gt=stream.chat_seen)
    new = new.exclude(user__in=relations.blocked_ids(stream.user))  # as the page hides them
    lines = []
    for message in new.select_related("user").order_by("pk")[:100]:
        stream.chat_seen = message.pk
        line = {"type": "chatLine", "room": "player", "username": players.public_name(message.user),
                "text": message.text}  # fmt: skip
        lines.append(_line(line))
    return lines


def _opponent_gone(stream: Stream) -> list[bytes]:
    """`opponentGone` when the opponent has left the game (no page or stream of theirs open
    on it), and again when they are back."""
    close_old_connections()
    game = Game.objects.prefetch_related("seats").get(public_id=stream.public_id)
    opponent = game.player(1 - stream.seat)
    if opponent is None or game.is_over:
        return []
    gone = not presence.watching(stream.public_id, opponent.pk)
    if gone == stream.opponent_gone:
        return []
    stream.opponent_gone = gone
    return [_line({"type": "opponentGone", "gone": gone})]


def _mark_present(stream: Stream) -> None:
    """The player is at the game (its stream open), or listening for events (their event
    stream open: a bot online)."""
    if stream.kind == "events":
        presence.listening(stream.user.pk)
    else:
        cache.set(presence.key(stream.public_id, stream.user.pk), True, presence.SECONDS)


# The ASGI side: a request in, a stream out until the client or the token goes.


async def application(scope, receive, send, found) -> None:
    kind, public_id, api = found
    if scope["method"] != "GET":
        await _answer(send, wrong_method(["GET"]))
        return
    try:
        stream = await database_sync_to_async(_authorize)(scope, kind, public_id, api)
    except Refused as exc:
        await _answer(send, refused(exc))
        return
    layer = get_channel_layer()
    channel = await layer.new_channel()
    try:
        # In the groups before the first lines are read: nothing committed after the read
        # is lost between the two.
        for name in stream.groups():
            await layer.group_add(name, channel)
        if stream.kind == "events":
            await layer.group_send(_events_group(stream.token_id), {"type": "api.opened"})
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/x-ndjson"),
                                (b"cache-control", b"no-cache"),
                                (b"x-accel-buffering", b"no")]})  # fmt: skip
        lines, over = await database_sync_to_async(_first_lines)(stream)
        await send({"type": "http.response.body", "body": b"".join(lines) or b"\n",
                    "more_body": not over})  # fmt: skip
        if not over:
            await _serve(stream, layer, channel, receive, send)
    finally:
        for name in stream.groups():
            with contextlib.suppress(Exception):
                await layer.group_discard(name, channel)
        await database_sync_to_async(_give_up)(stream)


async def _serve(stream: Stream, layer, channel: str, receive, send) -> None:
    """Until the client goes, the token is revoked, or the game ends."""
    gone = asyncio.ensure_future(_disconnected(receive))
    message = asyncio.ensure_future(layer.receive(channel))
    renewed = time.monotonic()
    await database_sync_to_async(_mark_present)(stream)
    try:
        while True:
            done, _ = await asyncio.wait({gone, message}, timeout=KEEP_ALIVE,
                                         return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            if gone in done:
                return
            lines, over = [], False
            if message in done:
                event = message.result()
                message = asyncio.ensure_future(layer.receive(channel))
                kind = event.get("type")
                if kind == "api.line":
                    lines = [_line(event["line"])]
                elif kind == "api.close":
                    over = True
                elif kind == "api.opened":  # an event stream on this token
                    over = await database_sync_to_async(_replaced)(stream)
                # A premove kept tells the game's group at the same revision: nothing to read.
                elif kind == "game.update" and event.get("revision", 0) > stream.revision:
                    lines, over = await database_sync_to_async(_changed)(stream)
                elif kind == "chat.update":
                    lines = await database_sync_to_async(_chat_lines)(stream)
            else:  # nothing for KEEP_ALIVE seconds
                lines = [b"\n"]
                if stream.kind == "game":
                    lines = await database_sync_to_async(_opponent_gone)(stream) or lines
            if time.monotonic() - renewed > min(LEASE, layer.group_expiry) / 3:
                renewed = time.monotonic()
                await database_sync_to_async(_hold)(stream)
                await database_sync_to_async(_mark_present)(stream)
                # Its channel groups renewed, as a socket's are (play/push/sockets.py); a
                # game's stream that had dropped out of them (Redis restarted) catches up.
                lost = [await layer.group_add(name, channel) for name in stream.groups()]
                if any(lost) and stream.kind == "game":
                    caught_up, ended = await database_sync_to_async(_changed)(stream)
                    lines, over = lines + caught_up, over or ended
            if lines or over:
                await send({"type": "http.response.body", "body": b"".join(lines),
                            "more_body": not over})  # fmt: skip
            if over:
                return
    finally:
        gone.cancel()
        message.cancel()


async def _disconnected(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _answer(send, response) -> None:
    """A refusal, made as the calls make theirs (play/api/auth.py), sent whole."""
    headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in response.items()]
    await send({"type": "http.response.start", "status": response.status_code,
                "headers": headers})  # fmt: skip
    await send({"type": "http.response.body", "body": response.content})
