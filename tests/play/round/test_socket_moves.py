"""Moves over the game socket, as a page's clicks send them: played by the same service as the
POST and pushed back as the move's update; refused with the board and why, for the reasons and
with the statuses the POST gives, leaving the game exactly as it was."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command

from play.common import limits
from play.common.limits import Limit
from play.games import games
from play.models import Game, Move
from tests.play.round.test_consumer import connect
from tests.play.round.test_views_game import HTMX
from tests.play.snapshot import snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek"), bob)


def sent(move, ply="0", **more):
    return json.dumps({"type": "move", "move": move, "ply": ply, "confirmed": "1", **more})


async def opened(game, user=None):
    socket = await connect(game, user)
    await socket.receive_from()
    return socket


async def refused(socket, game, status, words):
    """The socket is sent the whole board saying why, and nothing about the game changed."""
    before = await database_sync_to_async(snapshot)(game)
    html = await socket.receive_from()
    assert html.startswith('<div id="live" hx-swap-oob="true"'), html[:80]
    assert f'data-status="{status}"' in html and words in html, html
    assert await database_sync_to_async(snapshot)(game) == before


async def test_a_move_sent_on_the_socket_is_played_and_comes_back_as_its_update(game, ann, bob):
    white, black, spectator = await opened(game, ann), await opened(game, bob), await opened(game)
    await white.send_to(text_data=sent("d3d4", revision=str(game.revision)))
    for socket in (white, black, spectator):
        update = await socket.receive_from()
        assert "data-update-base" in update and ">Sd4</a>" in update
    await black.send_to(text_data=sent("e7e6", ply="1", revision=str(game.revision + 1)))
    assert ">e6</a>" in await white.receive_from()
    stored = await database_sync_to_async(
        lambda: list(Move.objects.values_list("text", flat=True))
    )()
    assert stored == ["d3d4", "e7e6"]
    await database_sync_to_async(call_command)("verify_games")  # the hash chain holds
    for socket in (white, black, spectator):
        await socket.disconnect()


async def test_a_move_tapped_on_a_fine_board_comes_back_for_confirm(game, ann):
    white = await opened(game, ann)
    tapped = json.dumps({"type": "move", "move": "d3d4", "ply": "0", "tapped": "1"})
    await white.send_to(text_data=tapped)
    html = await white.receive_from()
    assert (
        html.startswith('<div id="live" hx-swap-oob="true"')
        and "Play <strong>Sd4</strong>?" in html
    )
    assert await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).ply)() == 0
    await white.send_to(text_data=sent("d3d4", tapped="1"))
    assert "data-update-base" in await white.receive_from()
    await white.disconnect()


async def test_refused_on_the_socket_as_the_post_refuses(game, ann, bob, make_user):
    white, black = await opened(game, ann), await opened(game, bob)
    await black.send_to(text_data=sent("e7e6"))
    await refused(black, game, 409, "It is not your turn.")
    await white.send_to(text_data=sent("a1a5"))
    await refused(white, game, 400, "")  # the rule's own message, whatever it is
    await white.send_to(text_data=sent("d3d4", ply="3"))
    await refused(white, game, 409, "That move was made on an old board")
    for bad in ({"ply": "x"}, {"ply": "٣"}, {"revision": "-1"}, {"ply": 0}, {"move": ["d3d4"]}):
        await white.send_to(text_data=json.dumps({"type": "move", "move": "d3d4", **bad}))
        await refused(white, game, 400, "Malformed request")
    stranger = await opened(game, await database_sync_to_async(make_user)("cy"))
    await stranger.send_to(text_data=sent("d3d4"))
    await refused(stranger, game, 403, "Only the players of this game may move.")
    anonymous = await opened(game)
    await anonymous.send_to(text_data=sent("d3d4"))
    await refused(anonymous, game, 403, "Log in to play.")
    for socket in (white, black, stranger, anonymous):
        await socket.disconnect()


async def test_the_move_limit_counts_socket_moves_too(game, ann, settings, monkeypatch):
    settings.RATE_LIMIT_SCALE = 1
    monkeypatch.setattr(limits, "clock", lambda: 1_800_000_030.0)
    monkeypatch.setitem(limits.LIMITS, "move", Limit("moves", 1, 100, 60))
    white = await opened(game, ann)
    await white.send_to(text_data=sent("a3a4", ply="5"))  # counted, though refused as stale
    await white.receive_from()
    await white.send_to(text_data=sent("d3d4"))
    await refused(white, game, 429, "Too many moves from you just now")
    await white.disconnect()


async def test_the_same_move_sent_twice_at_once_is_played_once(game, ann, client_of):
    sockets = [await opened(game, ann) for _ in range(4)]
    post = database_sync_to_async(
        lambda: client_of(ann).post(
            f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0", "confirmed": "1"}, **HTMX
        )
    )
    await asyncio.gather(post(), *(s.send_to(text_data=sent("d3d4")) for s in sockets))
    for socket in sockets:  # each hears the move once, and any refusal says it came too late
        messages = [await socket.receive_from()]
        while not await socket.receive_nothing(timeout=0.3):
            messages.append(await socket.receive_from())
        assert sum(">Sd4</a>" in m and "data-status" not in m for m in messages) >= 1
        await socket.disconnect()
    fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.ply == 1
    assert await database_sync_to_async(Move.objects.filter(game=game).count)() == 1


async def test_what_is_not_a_move_is_ignored(game, bob):
    socket = await opened(game, bob)
    for text in (" ", "x" * 100_000, "\x00\ud7ff", "[1]", '{"type": "chat"}', "<script>"):
        await socket.send_to(text_data=text)
    await socket.send_to(bytes_data=b"\xff" * 1000)
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


async def test_malformed_moves_count_against_the_limit_too(game, ann, settings, monkeypatch):
    """Each move message is counted before it is read, as every POST is: a flood of junk
    is stopped by the limit like a flood of moves."""
    settings.RATE_LIMIT_SCALE = 1
    monkeypatch.setattr(limits, "clock", lambda: 1_800_000_030.0)
    monkeypatch.setitem(limits.LIMITS, "move", Limit("moves", 2, 100, 60))
    white = await opened(game, ann)
    for _ in range(2):
        await white.send_to(text_data=json.dumps({"type": "move", "ply": "x"}))
        await refused(white, game, 400, "Malformed request")
    await white.send_to(text_data=sent("d3d4"))
    await refused(white, game, 429, "Too many moves from you just now")
    await white.disconnect()
