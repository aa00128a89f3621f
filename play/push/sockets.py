"""What every socket shares: its channel groups for as long as it is open, and pushes forwarded
without a hop through a thread; and the echo the benchmarks measure the floor with."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from imperia_site.outages import Outage

log = logging.getLogger("imperia.live")


class ForwardWithoutThreadHop:
    """Channels sends every message an async consumer handles through a worker thread first,
    to close stale database connections: one shared thread, so every push to every socket
    queued there. These consumers reach the database only through database_sync_to_async,
    which closes them itself; a board drawn elsewhere is forwarded straight from the loop.

    And each of a socket's two sources, its page and the channel layer, is read by a loop of
    its own: channels waits on both afresh for every message, with a new task and a wait,
    a fifth of what a server spent forwarding a move to its spectators (bench/spectators.py).
    One message is handled at a time, as in channels."""

    async def __call__(self, scope, receive, send):
        self.scope, self.base_send = scope, send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        sources = [receive]
        if self.channel_layer is not None:
            self.channel_name = await self.channel_layer.new_channel()
            self.channel_receive = partial(self.channel_layer.receive, self.channel_name)
            sources.append(self.channel_receive)
        handling = asyncio.Lock()

        async def handle_each(source):
            while True:
                message = await source()
                async with handling:
                    await self.dispatch(message)

        readers = [asyncio.ensure_future(handle_each(source)) for source in sources]
        try:
            done, _ = await asyncio.wait(readers, return_when=asyncio.FIRST_COMPLETED)
            for reader in done:
                with contextlib.suppress(StopConsumer):  # the socket closed: a clean end
                    reader.result()
        finally:
            for reader in readers:
                reader.cancel()
            ended = await asyncio.gather(*readers, return_exceptions=True)
            # A reader's end (the socket closed, the other reader cancelled) keeps its frames,
            # and they the loop's handle on its task: a cycle per socket that only a full
            # collection would free, walking every other socket to find it.
            for end in ended:
                if isinstance(end, BaseException):
                    end.__traceback__ = None

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class Renewals:
    """What open sockets keep in Redis for a while and must renew while they stay open (their
    channel groups, their players' presence), renewed for all of a process's sockets at once
    by one task. A task and a timer of each socket's own would make a round trip each (two
    thousand open sockets: over two hundred a second) and keep a dozen more objects per
    socket for the collector to walk. `renew(sockets)` renews those open on this loop, every
    `every()` seconds while any is open."""

    def __init__(self, every, renew):
        self.every, self.renew = every, renew
        self.open: set = set()
        self._task: asyncio.Task | None = None
        self._sleeping = False

    def add(self, socket) -> None:
        socket._loop = loop = asyncio.get_running_loop()
        self.open.add(socket)
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self._task = loop.create_task(self._renewing())

    def discard(self, socket) -> None:
        self.open.discard(socket)
        # The last one gone: no task left behind, asleep, on a loop that may be closing.
        if self._task is not None and self._sleeping and not self._here(self._task.get_loop()):
            self._task.cancel()
            self._task = None

    def _here(self, loop) -> set:
        return {socket for socket in self.open if socket._loop is loop}

    async def _renewing(self) -> None:
        loop = asyncio.get_running_loop()
        # A socket of a loop since closed (a test's) is never renewed, nor kept.
        while here := self._here(loop):
            self.open = {socket for socket in self.open if not socket._loop.is_closed()}
            self._sleeping = True
            try:
                await asyncio.sleep(self.every())
            finally:
                self._sleeping = False
            try:
                await self.renew(here & self.open)
            except Exception:  # a renewal's own failures are its own; nothing stops the next
                log.exception("renewing the open sockets")


class InGroups:
    """A socket in its channel groups for as long as it is open. A membership lasts the
    layer's group_expiry (settings.CHANNEL_GROUP_EXPIRY, a minute) unless renewed, so that a
    socket that died without leaving stops being sent pushes soon after: the process renews
    its open sockets' every third of that, all at once (group_renew). A renewal that finds a
    socket out of a group (Redis restarted empty), or that follows one that failed (Redis
    away), may have missed pushes: then `rejoined()` catches the page up. Each process knows
    its open sockets by group, to close them when a push to their group cannot be delivered
    (close_sockets_in)."""

    async def join(self, *groups: str) -> None:
        self.joined, self._loop = [], asyncio.get_running_loop()
        for group in groups:  # a group counts as joined once the layer has added the socket
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined.append(group)
            _open.setdefault(group, set()).add(self)
        _in_groups.add(self)

    async def rejoined(self) -> None:
        """Back in a group it had dropped out of: what the socket may have missed meanwhile
        is sent again (nothing, unless the socket says otherwise)."""

    async def leave(self) -> None:
        self._forget()
        for group in getattr(self, "joined", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.joined = []

    def _forget(self) -> None:
        _in_groups.discard(self)
        _behind.discard(self)
        for group in getattr(self, "joined", ()):
            members = _open.get(group, set())
            members.discard(self)
            if not members:
                _open.pop(group, None)

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:  # a consumer that failed never leaves: its socket must not rejoin for ever
            self._forget()

    async def disconnect(self, code):
        await self.leave()


async def _renew_groups(sockets: set[InGroups]) -> None:
    by_layer: dict = {}
    for socket in sockets:
        by_layer.setdefault(socket.channel_layer, []).append(socket)
    for layer, some in by_layer.items():
        try:
            out = await layer.group_renew(
                [(group, socket.channel_name) for socket in some for group in socket.joined]
            )
        except Exception as exc:  # noqa: BLE001 - Redis away: each may miss pushes meanwhile
            _rejoins.failed(exc)
            _behind.update(some)
            continue
        _rejoins.recovered()
        _behind.update(s for s in some for group in s.joined if (group, s.channel_name) in out)
    behind = [socket for socket in sockets if socket in _behind]
    caught_up = await asyncio.gather(*(s.rejoined() for s in behind), return_exceptions=True)
    for socket, failed in zip(behind, caught_up, strict=True):
        if isinstance(failed, Exception):  # the database away: next time
            _rejoins.failed(failed)
        else:
            _behind.discard(socket)


_in_groups = Renewals(lambda: get_channel_layer().group_expiry / 3, _renew_groups)
_behind: set[InGroups] = set()  # sockets that may have missed pushes, to catch up
_open: dict[str, set[InGroups]] = {}  # this process's open sockets, by group
_rejoins = Outage(log, "renewing the sockets' channel groups")
RECONNECT = 1012  # "service restart": the page's socket opens again (htmx's ws extension)


def unsent(parts, sent: dict[str, str]) -> str:
    """What a page needs of `parts` ((element id, html) pairs, each swapped in by its id),
    given those last `sent` to it (updated): the ones that differ. The page holds the rest as
    they were sent (a move's update: one that shows more puts it back first, imperia.js)."""
    out = []
    for name, html in parts:
        if sent.get(name) != html:
            sent[name] = html
            out.append(html)
    return "".join(out)


def close_sockets_in(groups) -> None:
    """Close this process's sockets in these groups, from any thread: their pages reconnect
    and are sent the board as it stands."""
    for socket in {socket for group in groups for socket in _open.get(group, ())}:
        socket._loop.call_soon_threadsafe(_close, socket)


def _close(socket: InGroups) -> None:
    asyncio.ensure_future(socket.close(code=RECONNECT))


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
