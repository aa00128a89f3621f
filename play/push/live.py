"""Pushing changes to the browsers watching them (Channels groups)."""

from __future__ import annotations

import asyncio
import logging
from concurrent import futures

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from imperia_site.outages import Outage
from play.push import relay, sockets

log = logging.getLogger("imperia.live")
_pushes = Outage(log, "pushing to the sockets")
_server_loop: asyncio.AbstractEventLoop | None = None
# How long a view's thread waits for the loop to take a prompt push: past it, it goes on
# rather than leave the next request queued behind a busy loop.
PROMPT_WAIT = 0.005


def serve_from(loop: asyncio.AbstractEventLoop | None) -> None:
    """The server's event loop, which delivers what the views' threads send, and takes the
    workers' pushes when they need carrying to it (play/push/relay.py). Called on the loop, by the
    first request or socket (imperia_site/asgi.py)."""
    global _server_loop
    if _server_loop is loop:
        return
    _server_loop = loop
    if loop is not None:
        loop.create_task(relay.listen())


def group_name(public_id: str) -> str:
    return f"game-{public_id}"


def send(group: str, event: dict, *, promptly: bool = False) -> None:
    """Hand an event to every socket in the group. From a view's thread under the server the
    event loop delivers it while the view goes on answering (a thread waiting for the loop
    is a thread not serving the next request); elsewhere (commands, tests) it is delivered
    before this returns, and from a worker beside the server, handed to the server too
    (play/push/relay.py). A `promptly` event is one a player is waiting for: the thread waits
    until the loop has taken it, since a thread that went straight on drawing would keep
    Python's lock and the loop would wait for it (bench/live.py: 2 ms at the median, 6 at
    the 90th percentile)."""
    send_many([(group, event)], promptly=promptly)


def send_many(events: list[tuple[str, dict]], *, promptly: bool = False) -> None:
    """Several events, each to its group, as send() hands one, in one trip to the loop (a
    tournament's pairing tells a thousand players)."""
    if not events:
        return
    layer, loop = get_channel_layer(), _server_loop
    if loop is None or not loop.is_running() or _on_loop(loop):
        async_to_sync(_deliver)(layer, events)
        if loop is None:  # a worker beside the server: to the server too
            for group, event in events:
                relay.forward(group, event)
        return
    future = asyncio.run_coroutine_threadsafe(_deliver(layer, events), loop)
    future.add_done_callback(_log_failure)
    if promptly:
        futures.wait([future], timeout=PROMPT_WAIT)


async def _deliver(layer, events: list[tuple[str, dict]]) -> None:
    """Send the events; a failure is tried once more, on a fresh connection (redis-py drops a
    broken one: Redis restarted). Failing again, this process's sockets in those groups are
    closed, so that their pages reconnect and are sent the board as it stands; the other
    servers' sockets catch up as they renew their groups (play/push/sockets.py)."""
    try:
        await _send(layer, events)
    except Exception:  # noqa: BLE001 - once more
        try:
            await _send(layer, events)
        except Exception as exc:  # noqa: BLE001 - the pages are told another way
            _pushes.failed(exc)
            sockets.close_sockets_in({group for group, _ in events})
            return
    _pushes.recovered()


async def _send(layer, events: list[tuple[str, dict]]) -> None:
    if len(events) == 1:  # a move's push: no task to gather
        await layer.group_send(*events[0])
    else:
        await asyncio.gather(*(layer.group_send(group, event) for group, event in events))


def broadcast(
    game,
    rendered: dict | None = None,
    to: list | None = None,
    *,
    promptly: bool = False,
    moved: bool = False,
) -> None:
    """Tell the sockets on this game that it changed: all of them, or those of the seats in
    `to` (None there: the spectators'). `rendered` carries what is already drawn for some
    seats: seat ("0", "1") -> (the language it is drawn in, the fragment), the player to move's
    first; the other sockets, and those that read in another language, draw their own, once
    per view and language. `moved`: the change was a move, and `rendered` holds its updates
    (round/updates.update_parts), which fit a socket that was sent the revision before.
    `promptly`: as in send()."""
    event = {
        "type": "game.update",
        "game": game.public_id,
        "revision": game.revision,
        "rendered": rendered or {},
    }
    if moved:
        event["moved"] = True
    if to is not None:
        event["to"] = to
    send(group_name(game.public_id), event, promptly=promptly)


def _on_loop(loop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _log_failure(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a push was not delivered: %r", future.exception())
