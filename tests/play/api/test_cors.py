"""Cross-origin calls, as lichess answers them: every answer of the API allows any origin,
preflights are answered, and a browser's session still gets nothing from the API."""

import asyncio
import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from imperia_site.asgi import application
from play.api import schema, tokens
from play.games import games
from play.models import Game

ORIGIN = {"HTTP_ORIGIN": "https://elsewhere.example"}


@pytest.mark.django_db
def test_every_call_allows_any_origin_even_refused(ann, bob):
    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    values = {"gameId": challenge.public_id, "challengeId": challenge.public_id,
              "username": "ann", "move": "d3d4", "accept": "yes"}  # fmt: skip
    for path, methods in schema.description()["paths"].items():
        if "stream" in path:
            continue
        address = re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)
        for method in methods:
            answer = getattr(Client(), method)(address, **ORIGIN)
            assert answer["Access-Control-Allow-Origin"] == "*", (method, path)
    assert Client().get("/api/nothing/here", **ORIGIN)["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Origin" not in Client().get("/", **ORIGIN)  # the site's pages


@pytest.mark.django_db
def test_a_preflight_is_answered(ann):
    answer = Client().options("/api/challenge/bob", **ORIGIN,
                              HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
                              HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization,content-type")  # fmt: skip
    assert answer.status_code == 204 and answer["Access-Control-Allow-Origin"] == "*"
    assert "POST" in answer["Access-Control-Allow-Methods"]
    allowed = answer["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "content-type" in allowed
    assert "Access-Control-Allow-Credentials" not in answer


@pytest.mark.django_db
def test_a_browsers_session_alone_gets_nothing(ann, bob, client_of):
    browser = client_of(ann)  # logged in: its session cookie goes with every call
    for path in ("/api/account", "/api/account/playing", "/api/challenge"):
        answer = browser.get(path, **ORIGIN)
        assert answer.status_code == 401 and answer["Access-Control-Allow-Origin"] == "*"
        assert "Access-Control-Allow-Credentials" not in answer
    sent = browser.post("/api/challenge/bob", {"variant": "empress"}, **ORIGIN)
    assert sent.status_code == 401 and not Game.objects.filter(created_by=ann).exists()


async def _answer(path, method, headers):
    inbox, sent = asyncio.Queue(), asyncio.Queue()
    scope = {"type": "http", "method": method, "path": path, "headers": headers,
             "query_string": b"", "client": ("127.0.0.1", 5000)}  # fmt: skip
    task = asyncio.ensure_future(application(scope, inbox.get, sent.put))
    start = await asyncio.wait_for(sent.get(), 10)
    await inbox.put({"type": "http.disconnect"})
    await asyncio.wait_for(task, 10)
    return start["status"], dict(start["headers"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_streams_allow_any_origin_and_answer_preflights(ann):
    status, headers = await _answer("/api/stream/event", "OPTIONS", [])
    assert status == 204 and headers[b"access-control-allow-origin"] == b"*"
    assert b"authorization" in headers[b"access-control-allow-headers"].lower()
    status, headers = await _answer("/api/stream/event", "GET", [])
    assert status == 401 and headers[b"access-control-allow-origin"] == b"*"
    _, secret = await database_sync_to_async(tokens.create)(ann, "a stream", [])
    auth = [(b"authorization", f"Bearer {secret}".encode())]
    status, headers = await _answer("/api/stream/event", "GET", auth)
    assert status == 200 and headers[b"access-control-allow-origin"] == b"*"
