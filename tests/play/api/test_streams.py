"""The API's streams: a player's events and a game's, NDJSON line by line as things happen;
a newline while nothing does; closed when the token is revoked; a bounded number open."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async

from imperia_site.asgi import application
from play.accounts import accounts
from play.api import streams, tokens
from play.games import games
from play.models import Game
from play.push import live
from play.round import chat, moves

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


class Stream:
    """A client reading a stream, as berserk reads one: a line at a time."""

    def __init__(self, path, secret, method="GET"):
        self.inbox, self.sent, self.buffer = asyncio.Queue(), asyncio.Queue(), b""
        self.status = None
        self.over = False
        headers = [(b"authorization", f"Bearer {secret}".encode())] if secret else []
        scope = {"type": "http", "method": method, "path": path, "headers": headers,
                 "query_string": b"", "client": ("127.0.0.1", 5000)}  # fmt: skip
        self.task = asyncio.ensure_future(application(scope, self.inbox.get, self.sent.put))

    async def opened(self) -> int:
        start = await asyncio.wait_for(self.sent.get(), 10)
        self.status, self.headers = start["status"], start.get("headers", [])
        return self.status

    async def raw_line(self) -> bytes:
        while b"\n" not in self.buffer:
            assert not self.over, "the stream ended"
            body = await asyncio.wait_for(self.sent.get(), 10)
            self.buffer += body["body"]
            self.over = not body.get("more_body")
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    async def line(self) -> dict:
        """The next line that is not a keep-alive."""
        while not (line := await self.raw_line()):
            pass
        return json.loads(line)

    async def ended(self) -> bool:
        await asyncio.wait_for(self.task, 10)
        while not self.sent.empty():
            body = self.sent.get_nowait()
            self.buffer += body.get("body", b"")
            self.over = not body.get("more_body")
        return self.over

    async def close(self):
        await self.inbox.put({"type": "http.disconnect"})
        await asyncio.wait_for(self.task, 10)


def token(user, scopes=("board:play", "challenge:read", "challenge:write")):
    return tokens.create(user, "a stream", scopes)


async def test_the_event_stream_tells_of_a_challenge_and_the_game_it_became(ann, bob):
    _, secret = await database_sync_to_async(token)(bob)
    events = Stream("/api/stream/event", secret)
    assert await events.opened() == 200
    assert await events.raw_line() == b""  # nothing yet: a newline says the stream is open
    challenge = await database_sync_to_async(games.create)(
        ann, "empress", "white", "invite", invited=bob
    )
    line = await events.line()
    assert line["type"] == "challenge" and line["challenge"]["id"] == challenge.public_id
    assert line["challenge"]["direction"] == "in"
    await database_sync_to_async(games.join)(challenge, bob)
    line = await events.line()
    assert line["type"] == "gameStart" and line["game"]["gameId"] == challenge.public_id
    assert line["game"]["color"] == "black" and line["game"]["isMyTurn"] is False
    await database_sync_to_async(games.resign)(challenge, bob)
    line = await events.line()
    assert line["type"] == "gameFinish" and line["game"]["status"]["name"] == "resign"
    await events.close()


async def test_a_reconnecting_client_is_told_its_games_and_challenges(ann, bob):
    _, secret = await database_sync_to_async(token)(bob)
    waiting = await database_sync_to_async(games.create)(
        ann, "empire", "white", "invite", invited=bob
    )
    playing = await database_sync_to_async(games.create)(
        ann, "empress", "white", "invite", invited=bob
    )
    await database_sync_to_async(games.join)(playing, bob)
    events = Stream("/api/stream/event", secret)
    await events.opened()
    first, second = await events.line(), await events.line()
    assert (first["type"], first["game"]["id"]) == ("gameStart", playing.public_id)
    assert (second["type"], second["challenge"]["id"]) == ("challenge", waiting.public_id)
    await events.close()


async def test_declined_and_cancelled_challenges_reach_the_other_side(ann, bob):
    _, ann_secret = await database_sync_to_async(token)(ann)
    _, bob_secret = await database_sync_to_async(token)(bob)
    ann_events, bob_events = (
        Stream("/api/stream/event", ann_secret),
        Stream("/api/stream/event", bob_secret),
    )
    await ann_events.opened()
    await bob_events.opened()
    one = await database_sync_to_async(games.create)(ann, "empress", "white", "invite", invited=bob)
    assert (await ann_events.line())["type"] == "challenge"
    assert (await bob_events.line())["type"] == "challenge"
    await database_sync_to_async(games.decline)(one, bob, "tooFast")
    declined = await ann_events.line()
    assert declined["type"] == "challengeDeclined"
    assert declined["challenge"]["declineReasonKey"] == "toofast"  # lichess's key, in lower case
    two = await database_sync_to_async(games.create)(ann, "empress", "white", "invite", invited=bob)
    await ann_events.line()
    await bob_events.line()
    await database_sync_to_async(games.abort)(two, ann)
    cancelled = await bob_events.line()
    assert (cancelled["type"], cancelled["challenge"]["id"]) == ("challengeCanceled", two.public_id)
    await ann_events.close()
    await bob_events.close()


async def test_a_game_stream_is_the_game_whole_then_each_change(active_game, ann, bob):
    _, secret = await database_sync_to_async(token)(bob)
    game = Stream(f"/api/board/game/stream/{active_game.public_id}", secret)
    assert await game.opened() == 200
    full = await game.line()
    assert full["type"] == "gameFull" and full["variant"]["key"] == "empire-chess"
    assert full["white"]["name"] == "ann" and full["state"]["moves"] == ""
    assert full["initialFen"] == active_game.initial_position and full["state"]["toMove"] == "white"
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)
    state = await game.line()
    assert state["type"] == "gameState" and state["moves"] == "d3d4" and state["toMove"] == "black"
    await database_sync_to_async(chat.post)(active_game, ann, "hello")
    said = await game.line()
    assert (said["type"], said["username"], said["text"]) == ("chatLine", "ann", "hello")
    await database_sync_to_async(games.resign)(active_game, bob)
    last = await game.line()
    assert last["status"] == "resign" and last["winner"] == "white"
    assert await game.ended()  # the game is over: so is its stream


async def test_a_game_stream_reads_the_game_once_a_revision(active_game, ann, bob, monkeypatch):
    reads, read = [], streams._changed
    monkeypatch.setattr(streams, "_changed", lambda stream: reads.append(1) or read(stream))
    _, secret = await database_sync_to_async(token)(bob)
    game = Stream(f"/api/board/game/stream/{active_game.public_id}", secret)
    assert await game.opened() == 200 and (await game.line())["type"] == "gameFull"
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)
    assert (await game.line())["moves"] == "d3d4"
    # The game's group told again at the same revision (a premove kept, for its player's
    # pages): nothing to read. What came before the chat's line is handled once it comes.
    now = await database_sync_to_async(Game.objects.get)(pk=active_game.pk)
    await database_sync_to_async(live.broadcast)(now, to=[1])
    await database_sync_to_async(chat.post)(active_game, ann, "hello")
    assert (await game.line())["type"] == "chatLine" and reads == [1]
    await game.close()


async def test_a_revoked_token_closes_its_streams_at_once(ann, bob):
    made, secret = await database_sync_to_async(token)(bob)
    events = Stream("/api/stream/event", secret)
    await events.opened()
    await database_sync_to_async(tokens.revoke)(bob, made.pk)
    assert await events.ended()
    again = Stream("/api/stream/event", secret)
    assert await again.opened() == 401


async def test_a_password_changed_revokes_every_token(ann, bob):
    made, secret = await database_sync_to_async(token)(bob)
    events = Stream("/api/stream/event", secret)
    await events.opened()
    assert await database_sync_to_async(accounts.revoke_every_token)(bob) == 1
    assert await events.ended()


async def test_a_second_event_stream_on_a_token_closes_the_first(active_game, ann, bob):
    _, secret = await database_sync_to_async(token)(bob)
    _, other_secret = await database_sync_to_async(token)(bob)
    first, on_another_token = (
        Stream("/api/stream/event", secret),
        Stream("/api/stream/event", other_secret),
    )
    game = Stream(f"/api/board/game/stream/{active_game.public_id}", secret)
    for stream in (first, on_another_token, game):
        assert await stream.opened() == 200
    await game.line()  # gameFull
    second = Stream("/api/stream/event", secret)
    assert await second.opened() == 200
    assert await first.ended()  # its response ends, as lichess ends it
    challenge = await database_sync_to_async(games.create)(
        ann, "empress", "white", "invite", invited=bob
    )
    for stream in (second, on_another_token):  # the new one, and another token's, go on
        assert (await stream.line())["type"] == "gameStart"  # the game in play, on opening
        assert (await stream.line())["challenge"]["id"] == challenge.public_id
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)
    assert (await game.line())["moves"] == "d3d4"  # a game's stream is no event stream
    for stream in (second, on_another_token, game):
        await stream.close()
    third = Stream("/api/stream/event", secret)
    assert await third.opened() == 200  # the places were given back
    await third.close()


async def test_a_game_stream_that_lost_its_group_catches_up(active_game, ann, bob, monkeypatch):
    """Redis restarted empty: the move's push reached no stream. Renewing its groups, the
    stream finds itself out of them and sends the game's state as it stands."""
    from channels.layers import get_channel_layer

    from tests.play.round.test_consumer import forget_groups

    layer = get_channel_layer()
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.05)
    monkeypatch.setattr(layer, "group_expiry", 0.3)  # renewed every 0.1 s
    _, secret = await database_sync_to_async(token)(bob)
    game = Stream(f"/api/board/game/stream/{active_game.public_id}", secret)
    assert await game.opened() == 200
    assert (await game.line())["type"] == "gameFull"
    await forget_groups(layer)
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)

    async def next_state():
        while (line := await game.line())["type"] == "opponentGone":  # ann has no page open
            pass
        return line

    state = await asyncio.wait_for(next_state(), 10)  # keep-alives come meanwhile
    assert state["type"] == "gameState" and state["moves"] == "d3d4"
    await game.close()


async def test_keep_alive_newlines_while_nothing_happens(ann, monkeypatch):
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.05)
    _, secret = await database_sync_to_async(token)(ann)
    events = Stream("/api/stream/event", secret)
    await events.opened()
    assert [await events.raw_line() for _ in range(3)] == [b"", b"", b""]
    await events.close()


@pytest.mark.parametrize(("path", "scopes", "status"), [
    ("/api/stream/event", None, 401),
    ("/api/board/game/stream/nothing", ("board:play",), 404),
    ("/api/bot/game/stream/GAME", ("bot:play",), 403),  # not a bot account
    ("/api/board/game/stream/GAME", ("challenge:read",), 403),  # the scope is missing
])  # fmt: skip
async def test_refused_streams(active_game, ann, path, scopes, status):
    secret = (await database_sync_to_async(token)(ann, scopes))[1] if scopes else ""
    refused = Stream(path.replace("GAME", active_game.public_id), secret)
    assert await refused.opened() == status
    assert await refused.ended()
    assert "error" in json.loads(refused.buffer)


STREAM_PATHS = ["/api/stream/event", "/api/board/game/stream/GAME", "/api/bot/game/stream/GAME"]


async def test_every_stream_address_is_tested_for_its_methods():
    assert len(STREAM_PATHS) == len(streams.ROUTES)
    assert all(streams.route(p.replace("GAME", "x1")) for p in STREAM_PATHS)


@pytest.mark.parametrize("path", STREAM_PATHS)
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("with_token", [True, False])
async def test_a_stream_answers_any_method_but_get_with_405_and_allow(
    active_game, ann, path, method, with_token
):
    secret = (await database_sync_to_async(token)(ann))[1] if with_token else ""
    refused = Stream(path.replace("GAME", active_game.public_id), secret, method)
    assert await refused.opened() == 405
    assert await refused.ended()
    assert dict(refused.headers)[b"allow"] == b"GET"
    assert dict(refused.headers)[b"content-type"] == b"application/json"
    assert json.loads(refused.buffer) == {"error": "This address takes GET requests only."}


async def test_an_account_has_a_bounded_number_of_streams(ann, monkeypatch):
    monkeypatch.setattr(streams, "MOST_STREAMS", 2)
    _, secret = await database_sync_to_async(token)(ann)
    opened = [Stream("/api/stream/event", secret) for _ in range(2)]
    assert [await s.opened() for s in opened] == [200, 200]
    third = Stream("/api/stream/event", secret)
    assert await third.opened() == 429
    assert 1 <= int(dict(third.headers)[b"retry-after"]) <= streams.LEASE
    await opened[0].close()
    fourth = Stream("/api/stream/event", secret)
    assert await fourth.opened() == 200  # a place closed is free again
    for stream in (opened[1], fourth):
        await stream.close()


async def test_a_bot_streams_its_games_on_the_bot_api_only(active_game, ann):
    _, secret = await database_sync_to_async(token)(ann, ("board:play", "bot:play"))
    await database_sync_to_async(_make_bot)(ann)
    board = Stream(f"/api/board/game/stream/{active_game.public_id}", secret)
    assert await board.opened() == 403 and await board.ended()
    assert "/api/bot/" in json.loads(board.buffer)["error"]
    bot = Stream(f"/api/bot/game/stream/{active_game.public_id}", secret)
    assert await bot.opened() == 200
    assert (await bot.line())["type"] == "gameFull"
    await bot.close()


def _make_bot(user):
    """A player who has played made a bot directly (the API would refuse), for the test."""
    from play.common.players import bots_changed
    from play.models import Profile

    Profile.objects.update_or_create(user=user, defaults={"bot_games": ["empire-chess"]})
    bots_changed()
