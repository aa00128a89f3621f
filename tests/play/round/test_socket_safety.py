"""Sockets under misuse: foreign origins, whatever clients send, a crowd on one game."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from imperia_site.asgi import application
from play.games import games
from play.round import moves
from tests.play.round.test_consumer import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek"), bob)


@pytest.mark.parametrize("path", ["/ws/g/{id}/", "/ws/me/", "/ws/ping/"])
async def test_a_page_from_another_site_cannot_open_a_socket(game, path):
    for origin in (b"https://evil.example", b"null"):
        socket = WebsocketCommunicator(
            application, path.format(id=game.public_id), headers=[(b"origin", origin)]
        )
        connected, _ = await socket.connect()
        assert not connected, origin
        await socket.disconnect()


async def test_what_a_client_sends_on_the_game_socket_is_ignored(game, ann, bob):
    """Anything but a move message (tests/play/round/test_socket_moves.py): text, bytes, a POST's
    fields sent as they are, or a flood, changes nothing, and the socket goes on receiving the
    game."""
    socket = await connect(game, bob)
    await socket.receive_from()
    forged = '{"move": "d3d4", "ply": 0, "HEADERS": {"HX-Request": "true"}}'
    for text in (forged, " ", "x" * 100_000, "\x00\ud7ff", "<script>alert(1)</script>"):
        await socket.send_to(text_data=text)
    await socket.send_to(bytes_data=b"\xff" * 1000)
    assert await socket.receive_nothing(timeout=0.2)
    await database_sync_to_async(game.refresh_from_db)()
    assert game.ply == 0
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert ">Sd4</a>" in await socket.receive_from()
    await socket.disconnect()


async def test_a_crowd_on_one_game_does_not_starve_another(ann, bob, make_user, game):
    other = await database_sync_to_async(
        lambda: games.join(games.create(make_user("cy"), "empress", "white", "seek"), bob)
    )()
    # 150 sockets opening at once take seconds on a loaded machine: liveness bounds again
    crowd = await asyncio.gather(*(connect(game, timeout=10) for _ in range(150)))
    await asyncio.gather(*(s.receive_from(timeout=10) for s in crowd))
    watcher = await connect(other, bob)
    await watcher.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    cy = await database_sync_to_async(lambda: other.seats.get(index=0).user)()
    legal = await database_sync_to_async(lambda: other.rules.legal_moves(other.rules.initial()))()
    await database_sync_to_async(moves.submit)(other.public_id, cy, legal[0], 0)
    html = await watcher.receive_from(timeout=10)  # a liveness bound, not a speed test
    assert 'data-ply="1"' in html
    received = await asyncio.gather(*(s.receive_from(timeout=10) for s in crowd))
    assert all(">Sd4</a>" in h for h in received)
    await asyncio.gather(*(s.disconnect(timeout=10) for s in [*crowd, watcher]))


@pytest.mark.parametrize(
    "path",
    [
        "/ws/g/" + "a" * 300 + "/",
        "/ws/g/a%20b/",
        "/ws/g/%C3%A4/",
        "/ws/g/a.b:c/",
        "/ws/t/" + "a" * 300 + "/",
        "/ws/league/" + "9" * 300 + "/",
        "/ws/league/x/",
        "/ws/nothing/",
        "/ws/g/",
        "/elsewhere",
    ],
)
async def test_a_socket_at_a_bad_address_is_refused_with_a_close_code(path):
    socket = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
    connected, code = await socket.connect()
    assert not connected and code in (4400, 4404), code
    await socket.disconnect()
