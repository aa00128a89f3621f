"""Pushes from the workers to the server on one machine, and a word the other way.

The embedded default runs one server with the in-memory channel layer, and beside it the
computer's worker, the evaluations' worker and the sweeper in processes of their own: their
pushes (the computer's move, a timeout, an evaluation's answer) cannot reach the server's
layer. So those processes hand each push to the server over a Unix socket in the var folder,
one JSON line per push, and the server sends it on through its layer, as Redis carries them
between processes when REDIS_URL is set. The socket is the server's user's alone (mode 0600).
A push that finds no server is dropped: no page is open to be told, and a page that opens
reads the game as it stands.

The other way, the server wakes the computer's workers when a player moves against it: each
worker waits on a datagram socket of its own there, rather than looking at the database
only every so often. Several servers (Redis) leave the workers to look by themselves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import select
import socket
import threading
import time
from pathlib import Path

from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger("imperia.live")
LONGEST = 16 * 1024 * 1024  # bytes of one push: a whole board drawn for a 40×40 Empire is far less


def path() -> str:
    return str(settings.VAR_DIR / "pushes.sock")


def needed() -> bool:
    """Whether pushes must be carried between this machine's processes: with the in-memory
    layer, which reaches no other process (Redis does)."""
    return "InMemory" in settings.CHANNEL_LAYERS["default"]["BACKEND"]


# The server's side.

_listening: asyncio.AbstractServer | None = None


async def listen() -> None:
    """Take the workers' pushes, on this server's loop (started with its first request)."""
    global _listening
    if _listening is not None or not needed():
        return
    where = path()
    if os.path.exists(where):
        os.unlink(where)  # a server stopped without removing it
    _listening = await asyncio.start_unix_server(_take, path=where, limit=LONGEST)
    os.chmod(where, 0o600)


async def _take(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    layer = get_channel_layer()
    try:
        while line := await reader.readline():
            try:
                group, event = json.loads(line)
            except ValueError:
                log.warning("a push that is not JSON was dropped")
                continue
            await layer.group_send(group, event)
    except (ConnectionError, asyncio.LimitOverrunError, ValueError) as exc:
        log.warning("a worker's pushes stopped: %r", exc)
    finally:
        writer.close()


# A worker's side.

_forwarding = False
_connection: socket.socket | None = None
FORWARD_WAIT = 2.0  # seconds a push may wait for the server to take it
DOWN_FOR = 5.0  # seconds the pushes are dropped at once after the server failed to take one
_down_until = 0.0
_lock = threading.Lock()


def forward_from_this_process() -> None:
    """This process is a worker beside the server: its pushes go to the server."""
    global _forwarding
    _forwarding = needed()


def forward(group: str, event: dict) -> None:
    """Hand a push to the server, if this process forwards them; dropped when none listens,
    and for a few seconds after the server last failed to take one."""
    global _connection, _down_until
    if not _forwarding or time.monotonic() < _down_until:
        return
    line = json.dumps([group, event]).encode() + b"\n"
    with _lock:
        for attempt in (1, 2):  # a server restarted since: connect again, once
            try:
                if _connection is None:
                    _connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    # A server that stopped reading (hung, or gone with its socket left)
                    # never holds a worker: past this, the push is dropped and logged.
                    _connection.settimeout(FORWARD_WAIT)
                    _connection.connect(path())
                _connection.sendall(line)
                return
            except TimeoutError as exc:  # it stopped reading: no point asking again now
                _connection.close()
                _connection = None
                log.warning("the server took no push for %s s: %r", FORWARD_WAIT, exc)
                _down_until = time.monotonic() + DOWN_FOR
                return
            except OSError as exc:
                if _connection is not None:
                    _connection.close()
                _connection = None
                if attempt == 2:
                    log.info("a push found no server to take it: %r", exc)
                    _down_until = time.monotonic() + DOWN_FOR


# The computer's workers, woken.


def wake_workers() -> None:
    """Tell every computer's worker on this machine to look for games now."""
    if not needed():
        return
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
        sender.setblocking(False)
        for where in Path(settings.VAR_DIR).glob("wake-bots-*.sock"):
            with contextlib.suppress(OSError):  # a worker gone, or one already woken
                sender.sendto(b"!", str(where))


class Alarm:
    """A computer's worker's wait between looks, cut short when the server wakes it."""

    def __init__(self):
        self.where = str(settings.VAR_DIR / f"wake-bots-{os.getpid()}.sock")
        self.socket = None
        if needed():
            if os.path.exists(self.where):
                os.unlink(self.where)
            self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self.socket.bind(self.where)
            os.chmod(self.where, 0o600)
            self.socket.setblocking(False)

    def wait(self, seconds: float) -> bool:
        """Wait `seconds`, or until woken: whether it was woken."""
        if self.socket is None:
            time.sleep(seconds)
            return False
        if not select.select([self.socket], [], [], seconds)[0]:
            return False
        with contextlib.suppress(BlockingIOError):
            while self.socket.recv(16):  # every word waiting: one look answers them all
                pass
        return True

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
            os.unlink(self.where)
