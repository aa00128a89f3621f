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
import re
import secrets
import time
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import close_old_connections

from play.accounts import bots
from play.api import challenges, events, tokens
from play.api import games as api_games
from play.api.auth import BEARER
from play.common import limits
from play.models import ChatMessage, Game
from play.push import live, presence

KEEP_ALIVE = 6.0  # seconds between newlines while nothing else is sent
MOST_STREAMS = 16  # open at once, per account, on every server together
LEASE = 60  # seconds a stream's place counts without being renewed (a server that died)
ROUTES = (
    (re.compile(r"/api/stream/event"), "events", ""),
    (re.compile(r"/api/board/game/stream/(?P<gameId>[A-Za-z0-9]{1,12})"), "game", "board:play"),
    (re.compile(r"/api/bot/game/stream/(?P<gameId>[A-Za-z0-9]{1,12})"), "game", "bot:play"),
)


def route(path: str):
    """The stream at this path: (kind, game id or "", scope), or None."""
    for pattern, kind, scope in ROUTES:
        if found := pattern.fullmatch(path):
            return kind, found.groupdict().get("gameId", ""), scope
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
        mine = [tokens.token_group(self.token_id)]
        if self.kind == "events":
            return [*mine, events.group(self.user.pk)]
        return [*mine, live.group_name(self.public_id)]


# Who may open a stream, checked as any API call is (play/api/auth.py).


def _authorize(scope: dict, kind: str, public_id: str, needed: str):
    """The stream for this request, or (status, message) refusing it."""
    close_old_connections()
    headers = dict(scope.get("headers") or [])
    bearer = BEARER.fullmatch(headers.get(b"authorization", b"").decode("latin-1").strip())
    token = tokens.holder(bearer.group(1)) if bearer else None
    if token is None:
        return 401, "Send a live token: Authorization: Bearer <token>."
    if needed and needed not in token.scopes:
        return 403, f"Missing scope: {needed}."
    address = (scope.get("client") or [limits.UNKNOWN])[0]
    try:
        limits.count("api", token.user, address, holder=f"token-{token.pk}")
    except limits.Limited as exc:
        return 429, exc.message
    stream = Stream(token.user, token.pk, kind, public_id)
    if kind == "game":
        game = Game.objects.filter(public_id=public_id).prefetch_related("seats__user").first()
        if game is None:
            return 404, "There is no such game."
        seat = game.seat_of(token.user)
        if seat is None:
            return 403, "Only the players of a game stream it here."
        if needed == "bot:play" and not bots.is_bot(token.user):
            return 403, "The bot API is for bot accounts: upgrade it, or use /api/board/."
        stream.seat = seat.index
    if not _take_place(stream):
        return 429, f"An account has at most {MOST_STREAMS} streams open: close one first."
    return stream


def _places_key(user_id: int) -> str:
    return f"api-streams:{user_id}"


def _take_place(stream: Stream) -> bool:
    key, now = _places_key(stream.user.pk), time.time()
    places = {p: until for p, until in (cache.get(key) or {}).items() if until > now}
    if len(places) >= MOST_STREAMS:
        return False
    places[stream.place] = now + LEASE
    cache.set(key, places, LEASE)
    return True


def _renew_place(stream: Stream, keep: bool = True) -> None:
    key, now = _places_key(stream.user.pk), time.time()
    places = {p: until for p, until in (cache.get(key) or {}).items() if until > now}
    if keep:
        places[stream.place] = now + LEASE
    else:
        places.pop(stream.place, None)
    cache.set(key, places, LEASE)


# What a stream sends.


def _line(data: dict) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode() + b"\n"


def _first_lines(stream: Stream) -> tuple[list[bytes], bool]:
    """What a stream sends as it opens, and whether it ends there: the events stream's games
    in play and open challenges (so a client that reconnects misses nothing); the game's
    stream, the game whole."""
    close_old_connections()
    if stream.kind == "events":
        user = stream.user
        lines = []
        playing = Game.objects.filter(seats__user=user, status__in=Game.IN_PLAY)
        for game in playing.prefetch_related("seats__user").select_related("tournament"):
            seat = game.seat_of(user).index
            lines.append(_line({"type": "gameStart", "game": api_games.for_player(game, seat)}))
        for game in challenges.pending(user).filter(invited_user=user):
            shown = challenges.shown(game, None, user)
            lines.append(_line({"type": "challenge", "challenge": shown}))
        return lines, False
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
    lines = []
    for message in new.select_related("user").order_by("pk")[:100]:
        stream.chat_seen = message.pk
        line = {"type": "chatLine", "room": "player", "username": message.user.username,
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
    cache.set(presence.key(stream.public_id, stream.user.pk), True, presence.SECONDS)


# The ASGI side: a request in, a stream out until the client or the token goes.


async def application(scope, receive, send, found) -> None:
    kind, public_id, needed = found
    if scope["method"] != "GET":
        await _refuse(send, 405, "Use GET here.")
        return
    authorized = await database_sync_to_async(_authorize)(scope, kind, public_id, needed)
    if not isinstance(authorized, Stream):
        await _refuse(send, *authorized)
        return
    stream = authorized
    layer = get_channel_layer()
    channel = await layer.new_channel()
    try:
        # In the groups before the first lines are read: nothing committed after the read
        # is lost between the two.
        for name in stream.groups():
            await layer.group_add(name, channel)
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
        await database_sync_to_async(_renew_place)(stream, False)


async def _serve(stream: Stream, layer, channel: str, receive, send) -> None:
    """Until the client goes, the token is revoked, or the game ends."""
    gone = asyncio.ensure_future(_disconnected(receive))
    message = asyncio.ensure_future(layer.receive(channel))
    renewed = time.monotonic()
    if stream.kind == "game":
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
                elif kind == "game.update":
                    lines, over = await database_sync_to_async(_changed)(stream)
                elif kind == "chat.update":
                    lines = await database_sync_to_async(_chat_lines)(stream)
            else:  # nothing for KEEP_ALIVE seconds
                lines = [b"\n"]
                if stream.kind == "game":
                    lines = await database_sync_to_async(_opponent_gone)(stream) or lines
                if time.monotonic() - renewed > LEASE / 3:
                    renewed = time.monotonic()
                    await database_sync_to_async(_renew_place)(stream)
                    if stream.kind == "game":
                        await database_sync_to_async(_mark_present)(stream)
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


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json")]
    if status == 429:
        headers.append((b"retry-after", b"60"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
