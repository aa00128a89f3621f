"""What every socket shares: its channel groups for as long as it is open, and pushes forwarded
without a hop through a thread; and the echo the benchmarks measure the floor with."""

from __future__ import annotations

import asyncio
import logging

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

log = logging.getLogger("imperia.live")


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


class PingConsumer(ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    """Echo through the channel layer: the floor a pushed board cannot beat (bench/live.py).
    Async like the game socket, so that it costs what forwarding a board costs and no more."""

    async def receive(self, text_data=None, bytes_data=None):
        pong = {"type": "pong", "text": (text_data or "")[:64]}
        await self.channel_layer.send(self.channel_name, pong)

    async def pong(self, event):
        await self.send(text_data=event["text"])


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any address no socket is at, a malformed id included: refused with a close code at the
    handshake, never an error."""

    async def connect(self):
        await self.close(code=4404)
