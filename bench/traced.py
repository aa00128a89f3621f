"""The site exactly as imperia_site.asgi serves it, with the stages of each move written down,
for `bench/live.py --trace`. Nothing in the site knows about it: the stages are marked by
wrapping a few of its functions here.

Each mark is a line "stage key time" appended to $IMPERIA_TRACE/<pid>.txt. The key is
"<game>:<ply the move makes>"; the time is time.perf_counter(), which on Linux reads
CLOCK_MONOTONIC, one clock for every process on the machine, so the servers' marks line up
with the benchmark client's."""

import contextvars
import gc
import json
import os
import re
import threading
import time

from channels.db import database_sync_to_async
from django.http import HttpResponse, HttpResponseForbidden
from django.urls import path
from django.utils import translation
from django.views.decorators.http import require_POST

from imperia_site.asgi import application  # noqa: F401 - what daphne serves
from imperia_site.http import PooledHTTPHandler
from play.models import Game
from play.push import live
from play.round import moves, presenter, updates
from play.round.consumers import GameConsumer

_file = os.open(
    os.path.join(os.environ["IMPERIA_TRACE"], f"{os.getpid()}.txt"),
    os.O_WRONLY | os.O_CREAT | os.O_APPEND,
)
_arrived = contextvars.ContextVar("arrived", default=None)  # when daphne handed the request over
_move = threading.local()  # the key of the move a worker thread is making, when it began
_PLY = re.compile(r'(?:data-ply|name="ply" value)="(\d+)"')  # a whole board's, an update's


def mark(stage: str, key: str, at: float | None = None) -> None:
    at = time.perf_counter() if at is None else at
    os.write(_file, f"{stage} {key} {at:.7f}\n".encode())


def _around(owner, name, wrapper_of):
    setattr(owner, name, wrapper_of(getattr(owner, name)))


# Daphne hands the request to Django's handler; the context goes with it to the worker thread.
def _http(call):
    async def http(self, scope, receive, send):
        _arrived.set(time.perf_counter())
        return await call(self, scope, receive, send)

    return http


# A worker thread takes the request (Django's middleware comes next).
def _respond(respond):
    def responding(self, scope, body):
        _move.began = time.perf_counter()
        return respond(self, scope, body)

    return responding


# A move sent on the game socket: the consumer reads it on the loop, a worker thread plays it.
def _receive(receive):
    async def received(self, text_data=None, bytes_data=None):
        _arrived.set(time.perf_counter())
        if text_data and text_data.startswith(NULL_MESSAGE):  # a null move, by socket
            ply = json.loads(text_data)["ply"]
            await database_sync_to_async(_null_push)(self.public_id, str(ply))
            return None
        return await receive(self, text_data, bytes_data)

    return received


def _socket_move(move):
    def moving(self, message):
        _move.began = time.perf_counter()
        return move(self, message)

    return moving


def _submit(submit):
    def submitted(public_id, user, text, expected_ply, **options):
        _move.key = f"{public_id}:{(expected_ply or 0) + 1}"
        mark("arrived", _move.key, _arrived.get())
        mark("began", _move.key, _move.began)
        mark("submit", _move.key)
        try:
            return submit(public_id, user, text, expected_ply, **options)
        finally:
            del _move.key

    return submitted


def _locked(with_view_related):
    def locked(game):  # the game row locked, then what its boards show read
        game = with_view_related(game)
        if hasattr(_move, "key"):  # in a move, not in another view
            mark("locked", _move.key)
        return game

    return locked


def _publish(publish):
    def published(game, first):
        mark("committed", f"{game.public_id}:{game.ply}")
        return publish(game, first)

    return published


def _broadcast(broadcast):
    def broadcasted(game, *args, promptly=False, **kwargs):
        if promptly:  # a move's updates, drawn
            mark("drawn", f"{game.public_id}:{game.ply}")
        broadcast(game, *args, promptly=promptly, **kwargs)

    return broadcasted


def _game_update(update):
    async def updated(self, event):
        rendered = event.get("rendered", {})
        _, html = rendered.get(str(self.seat)) or (None, None)
        if html and not isinstance(html, str):  # a move's update, in its parts
            html = "".join(part for _, part in html)
        # The player to move's socket has it (their seat's comes first), not the mover's.
        if html and next(iter(rendered)) == str(self.seat):
            mark("reached", f"{self.public_id}:{_PLY.search(html).group(1)}")
        await update(self, event)

    return updated


def _collecting(phase: str, info: dict) -> None:
    """Each of the collector's pauses, as "gc<generation> <pid>:gc <milliseconds> <milliseconds
    of the thread's CPU> <objects freed>": a pause far longer than its CPU is the process
    waiting for a core."""
    if phase == "start":
        _collecting.began = (time.perf_counter(), time.thread_time())
    else:
        wall_began, cpu_began = _collecting.began
        wall = 1000 * (time.perf_counter() - wall_began)
        cpu = 1000 * (time.thread_time() - cpu_began)
        record = f"gc{info['generation']} {os.getpid()}:gc {wall:.3f} {cpu:.3f} {info['collected']}"
        os.write(_file, f"{record}\n".encode())


@require_POST
def null_move(request, public_id):
    """A move that costs the game nothing: the request goes through daphne, a worker thread and
    the site's middleware like a move, and the game's board as already drawn goes to seat 0's
    socket through the channel layer like a move's, marked with the ply posted. What is left
    of a move's round trip when the game's own work (lock, rules, writes, drawing) is taken
    away: bench/live.py --trace times it beside the real moves. By socket (NULL_MESSAGE on
    the game socket) the same, through the consumer and a worker thread as a move."""
    if not request.user.is_authenticated:
        return HttpResponseForbidden()
    return HttpResponse(_null_push(public_id, request.POST["ply"]))


NULL_MESSAGE = '{"type": "null"'  # then "ply": the ply to mark the board with


def _null_push(public_id: str, ply: str) -> str:
    if public_id not in _null_boards:  # read and drawn once, not timed
        game = presenter.with_view_related(Game.objects.get(public_id=public_id))
        _null_boards[public_id] = (game, presenter.live_html(game, 0))
    game, board = _null_boards[public_id]
    html = board.replace(f'data-ply="{game.ply}"', f'data-ply="{ply}"', 1)
    live.broadcast(game, {"0": (translation.get_language(), html)}, to=[0], promptly=True)
    return html


_null_boards = {}  # public id -> (game, seat 0's board)


from imperia_site import urls  # noqa: E402 - its admin needs Django set up, as above

urls.urlpatterns.append(path("bench/null/<str:public_id>/", null_move))
gc.callbacks.append(_collecting)
_around(PooledHTTPHandler, "__call__", _http)
_around(PooledHTTPHandler, "_respond", _respond)
_around(moves, "submit", _submit)
_around(presenter, "with_view_related", _locked)
_around(updates, "publish", _publish)
_around(updates, "broadcast", _broadcast)
_around(GameConsumer, "game_update", _game_update)
_around(GameConsumer, "receive", _receive)
_around(GameConsumer, "_move", _socket_move)
