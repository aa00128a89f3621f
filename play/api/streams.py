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
from play.api import boards, challenges, events, tokens
from play.api import games as api_games
from play.api.auth import authorize
from play.common import limits
from play.common.errors import Refused
from play.models import ChatMessage, Game
from play.push import live, presence

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
        mine = [tokens.token_group(self.token_id)]
        if self.kind == "events":
            return [*mine, events.group(self.user.pk)]
        return [*mine, live.group_name(self.public_id)]


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
    if not _place(stream, keep=True, taking=True):
        raise Refused(f"An account has at most {MOST_STREAMS} streams open: close one first.", 429)
    return stream


def _place(stream: Stream, *, keep: bool, taking: bool = False) -> bool:
    """The stream's place among its account's, leased LEASE seconds: taken (refused, False,
    when the account has MOST_STREAMS already), renewed, or given up (`keep` False)."""
    key, now = f"api-streams:{stream.user.pk}", time.time()
    places = {p: until for p, until in (cache.get(key) or {}).items() if until > now}
    if taking and len(places) >= MOST_STREAMS:
        return False
    if keep:
        places[stream.place] = now + LEASE
    else:
        places.pop(stream.place, None)
    cache.set(key, places, LEASE)
    return True


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
    kind, public_id, api = found
    if scope["method"] != "GET":
        await _refuse(send, 405, "Use GET here.")
        return
    try:
        stream = await database_sync_to_async(_authorize)(scope, kind, public_id, api)
    except Refused as exc:
        await _refuse(send, exc.status, exc.message, getattr(exc, "retry_after", 60))
        return
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
        await database_sync_to_async(_place)(stream, keep=False)


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
            if time.monotonic() - renewed > min(LEASE, layer.group_expiry) / 3:
                renewed = time.monotonic()
                await database_sync_to_async(_place)(stream, keep=True)
                if stream.kind == "game":
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


async def _refuse(send, status: int, message: str, retry_after: int) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json")]
    if status == 429:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
