"""One machine, the in-memory layer: a worker's pushes reach the server through its Unix
socket, and the server wakes the computer's workers when a player moves against it."""

import asyncio
import os
import threading

import pytest
from channels.layers import get_channel_layer

from play.computer import opponents
from play.push import relay
from play.round import moves

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("REDIS_URL")), reason="with Redis the layer itself crosses processes"
)


@pytest.fixture
def var(settings, tmp_path, monkeypatch):
    settings.VAR_DIR = tmp_path
    monkeypatch.setattr(relay, "_listening", None)
    monkeypatch.setattr(relay, "_connection", None)
    monkeypatch.setattr(relay, "_forwarding", False)
    monkeypatch.setattr(relay, "_down_until", 0.0)
    return tmp_path


@pytest.mark.asyncio
async def test_a_workers_push_reaches_the_servers_layer(var):
    await relay.listen()
    assert (var / "pushes.sock").stat().st_mode & 0o777 == 0o600  # the server's user's alone
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("game-abc", channel)

    def worker():  # as a worker process does, from a thread with no loop of its own
        relay.forward_from_this_process()
        relay.forward("game-abc", {"type": "game.update", "revision": 7, "rendered": {}})

    thread = threading.Thread(target=worker)
    thread.start()
    event = await asyncio.wait_for(layer.receive(channel), timeout=10)
    thread.join()
    assert event == {"type": "game.update", "revision": 7, "rendered": {}}
    relay._listening.close()


def test_a_push_with_no_server_is_dropped(var):
    relay.forward_from_this_process()
    relay.forward("game-abc", {"type": "game.update"})  # no server listens: nothing raised
    assert relay._connection is None


@pytest.mark.django_db
def test_a_players_move_against_the_computer_wakes_its_workers(
    var, ann, django_capture_on_commit_callbacks
):
    alarm = relay.Alarm()
    try:
        assert alarm.wait(0) is False
        game = opponents.start(ann, "empress", 1, "white")
        with django_capture_on_commit_callbacks(execute=True):
            moves.submit(game.public_id, ann, "Q@d4", 0)
        assert alarm.wait(30) is True  # woken by the move, long before the time is up
        assert alarm.wait(0) is False  # and every word taken
    finally:
        alarm.close()
    assert not list(var.glob("wake-bots-*.sock"))


def test_a_server_that_stopped_reading_never_holds_a_worker(var):
    import socket

    stalled = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stalled.bind(str(var / "pushes.sock"))
    stalled.listen()  # takes the connection, reads nothing
    relay.forward_from_this_process()
    page = {"type": "standings.update", "html": "x" * 100_000}

    def worker():
        for _ in range(50):  # far more than the socket's buffers hold
            relay.forward("tournament-abc", page)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(timeout=60)
    try:
        assert not thread.is_alive()  # each push past the wait was dropped, not waited on
        assert relay._connection is None
    finally:
        stalled.close()
