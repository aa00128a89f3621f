"""The game socket: a browser watching a game gets the live fragment at once, then again
after every change. A reconnect is just a new connect, so a missed push heals itself.
After a move, a socket that was sent the revision before is sent only what the move changed.
A player's clicks send their moves over it too (play/playing.py, as the POST does)."""

from __future__ import annotations

import asyncio
import json
import logging

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.cache import cache
from django.template.loader import render_to_string

from play.accounts import accounts
from play.common import limits
from play.common.errors import Refused
from play.models import Game
from play.notify import dashboard
from play.notify.notify import user_group
from play.push import presence
from play.push.live import group_name
from play.round import moves, playing, presenter

log = logging.getLogger("imperia.live")
MOST_SENT = 2000  # characters of a message a page sends on the game socket: a move is far less


class ForwardWithoutThreadHop:
    """Channels sends every message an async consumer handles through a worker thread first,
    to close stale database connections: one shared thread, so every push to every socket
    queued there. These consumers reach the database only through database_sync_to_async,
    which closes them itself; a board drawn elsewhere is forwarded straight from the loop."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class InGroups:
    """A socket in its channel groups for as long as it is open. Channel layers drop a member
    a day after it joined (group_expiry, meant for the sockets of a server that died), but a
    correspondence game's page may stay open for days: so the socket joins again every hour,
    or it would stop being sent the moves, with nothing to say so."""

    rejoin_every = 3600.0  # seconds; the layers' group_expiry is a day

    async def join(self, *groups: str) -> None:
        self.joined = []
        for group in groups:  # a group counts as joined once the layer has added the socket
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined.append(group)
        self._rejoining = asyncio.create_task(self._rejoin())

    async def _rejoin(self) -> None:
        while True:
            await asyncio.sleep(self.rejoin_every)
            for group in self.joined:
                try:
                    await self.channel_layer.group_add(group, self.channel_name)
                except Exception as exc:  # noqa: BLE001 - Redis away: try again next time
                    log.warning("a socket could not rejoin %s: %r", group, exc)

    async def leave(self) -> None:
        if hasattr(self, "_rejoining"):
            self._rejoining.cancel()
        for group in getattr(self, "joined", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.joined = []

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:  # a consumer that failed never leaves: its socket must not rejoin for ever
            if hasattr(self, "_rejoining"):
                self._rejoining.cancel()

    async def disconnect(self, code):
        await self.leave()


class ClosedWithItsLogin:
    """A logged-in player's socket closes once the login it was opened with ends (a logout,
    a password changed elsewhere): nothing private reaches a page whose login is gone."""

    def account_groups(self) -> list[str]:
        user = self.scope["user"]
        return [accounts.account_group(user.pk)] if user.is_authenticated else []

    async def account_check(self, event):
        user, key = self.scope["user"], self.scope["session"].session_key
        holds = await database_sync_to_async(accounts.still_logged_in)(key, user.pk, event["ended"])
        if not holds:
            await self.leave()  # no push after this one
            await self.close(code=4401)


class GameConsumer(ClosedWithItsLogin, InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    """Async, so that forwarding a board drawn elsewhere never waits for the thread that runs
    the views; only a board not drawn yet for this socket's view is drawn here."""

    async def connect(self):
        self.public_id = self.scope["url_route"]["kwargs"]["public_id"]
        # In the group before the board is read: a move committed after the read is pushed
        # after this first message, never lost between the two.
        await self.join(group_name(self.public_id), *self.account_groups())
        first = await database_sync_to_async(self._first_message)(self.public_id)
        if first is None:
            await self.leave()
            await self.close(code=4404)
            return
        await self.accept()
        # One message with the board and the chat: all a reconnecting page may have missed.
        await self.send(text_data=first)
        if hasattr(self, "presence"):  # marked as the board was read: renewed while open
            self._marking = asyncio.create_task(self._mark_present())

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:  # a consumer that failed leaves no mark renewed for ever
            if hasattr(self, "_marking"):
                self._marking.cancel()

    async def _mark_present(self) -> None:
        """The player is at the board (play/presence.py) while this socket is open."""
        while True:
            await asyncio.sleep(presence.SECONDS / 3)
            await cache.aset(self.presence, True, presence.SECONDS)

    async def disconnect(self, code):
        if hasattr(self, "_marking"):
            self._marking.cancel()
        if hasattr(self, "presence"):
            await cache.adelete(self.presence)
        await super().disconnect(code)

    async def game_update(self, event):
        if "to" in event and self.seat not in event["to"]:
            return
        revision, moved = event.get("revision", 0), event.get("moved", False)
        # A move's update fits only a page that was sent the revision before it.
        update = moved and revision == self.revision + 1
        # A board turned over is not among those drawn for the seats: this socket draws it;
        # so does one whose move update does not fit it (it is sent the whole board).
        drawn = None if self.flipped else event.get("rendered", {}).get(str(self.seat))
        html = drawn if update or not moved else None
        if html is None:
            html, update = await database_sync_to_async(self._draw)(revision, update)
        if html:
            self.revision = max(self.revision, revision)
            await self.send(text_data=html if update else presenter.out_of_band(html))

    async def receive(self, text_data=None, bytes_data=None):
        """A move the page sends (`{"type": "move", "move": …, "ply": …, "revision": …}`):
        the checks of the POST, then the same move service. The socket's origin was checked
        as it opened (what CSRF checks for a POST); its login is the page's. Played, it comes
        back as the move's push; refused, the board comes with why. Anything else is ignored."""
        if not text_data or len(text_data) > MOST_SENT:
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "move":
            html = await database_sync_to_async(self._move)(message)
            if html:
                await self.send(text_data=html)

    def _move(self, message: dict) -> str | None:
        user = self.scope["user"]
        try:
            # Counted first, as the POST's decorator counts every POST: junk costs a count too.
            limits.count("move", user, (self.scope.get("client") or [""])[0])
            sent = playing.read(message)
            if not user.is_authenticated:
                raise Refused("Log in to play.", 403)
            if not sent.confirmed:
                shown = playing.to_confirm(_load(self.public_id), user, sent)
                if shown is not None:
                    return presenter.out_of_band(shown)
            moves.submit(self.public_id, user, sent.text, sent.ply, board_revision=sent.base)
        except Refused as exc:  # the board as it is, saying why, as a POST's 4xx answer does
            game = _load(self.public_id)
            if game is None:
                return None
            notice = (exc.message, exc.status)
            return presenter.live_html(
                game, self.seat, notice=notice, oob=True, flipped=self.flipped
            )
        except Game.DoesNotExist:
            return None
        return None

    async def chat_update(self, event):
        html = await database_sync_to_async(self._chat)()
        if html:
            await self.send(text_data=html)

    def _first_message(self, public_id) -> str | None:
        game = _load(public_id)
        if game is None or not game.readable_by(self.scope["user"]):
            return None
        self.seat = presenter.seat_index(game, self.scope["user"])
        user = self.scope["user"]
        if self.seat is not None and user.is_authenticated:  # a player at the board
            self.presence = presence.key(public_id, user.pk)
            cache.set(self.presence, True, presence.SECONDS)
        self.flipped = self.scope.get("cookies", {}).get(presenter.FLIP_COOKIE + public_id) == "1"
        self.revision = game.revision
        chat = presenter.chat_html(game, self.scope["user"], oob=True)
        return presenter.live_html(game, self.seat, oob=True, flipped=self.flipped) + chat

    def _draw(self, revision: int, update: bool) -> tuple[str | None, bool]:
        """This socket's board as the game stands, if it has reached `revision`: the move's
        update where it fits (the game is still at the revision the move made), else whole."""
        game = _load(self.public_id)
        if game is None or game.revision < revision:
            return None, False
        if update and game.revision == revision:
            return presenter.update_html(game, self.seat, self.flipped), True
        self.revision = game.revision
        return presenter.live_html(game, self.seat, flipped=self.flipped), False

    def _chat(self) -> str | None:
        game = _load(self.public_id)
        return presenter.chat_html(game, self.scope["user"], oob=True) if game else None


def _load(public_id) -> Game | None:
    game = Game.objects.filter(public_id=public_id).first()
    return presenter.with_view_related(game) if game else None


class PlayerConsumer(ClosedWithItsLogin, InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    """A logged-in player's own socket, on every page: the bell and the "your turn" count.
    Async like the game socket: only counting and drawing the bell takes a thread."""

    async def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=4403)
            return
        await self.join(user_group(user.pk), *self.account_groups())
        await self.accept()
        await self.bell_update({})

    async def bell_update(self, event):
        await self.send(text_data=await database_sync_to_async(self._bell)())

    async def pool_paired(self, event):
        """Quick pairing found an opponent: the waiting page opens the game."""
        await self.send(text_data=event["html"])

    async def evaluation_ready(self, event):
        """An evaluation asked for is answered: the asking page shows it in place."""
        await self.send(text_data=event["html"])

    def _bell(self) -> str:
        counts = dashboard.counts(self.scope["user"])
        return render_to_string("play/partials/bell.html", {"counts": counts, "oob": True})


class PingConsumer(ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    """Echo through the channel layer: the floor a pushed board cannot beat (bench/live.py).
    Async like the game socket, so that it costs what forwarding a board costs and no more."""

    async def receive(self, text_data=None, bytes_data=None):
        pong = {"type": "pong", "text": (text_data or "")[:64]}
        await self.channel_layer.send(self.channel_name, pong)

    async def pong(self, event):
        await self.send(text_data=event["text"])
