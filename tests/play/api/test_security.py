"""Every call of the API, refused without the scope it needs, without a token, with a
session's cookie, or with a revoked token: each refusal changes nothing; and no token is
ever written to the logs."""

import logging
import re

import pytest
from django.test import Client

from play.api import schema, tokens
from play.games import games
from tests.play.snapshot import snapshot

pytestmark = pytest.mark.django_db
STREAMS = {"/api/stream/event", "/api/board/game/stream/{gameId}", "/api/bot/game/stream/{gameId}"}
ANY_TOKEN = {"/api/account", "/api/account/playing"}  # read with any token, as lichess's


def calls(challenge, game):
    """Each described call needing a token (the streams are checked in test_streams), its
    path filled in: a game of the caller's, a challenge sent to them."""
    values = {"gameId": game.public_id, "challengeId": challenge.public_id, "username": "ann",
              "move": "d3d4", "accept": "yes"}  # fmt: skip
    for path, methods in schema.description()["paths"].items():
        for method, operation in methods.items():
            if operation.get("security") and path not in STREAMS | ANY_TOKEN:
                yield method, re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)


@pytest.fixture
def world(ann, bob):
    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    game = games.join(games.create(bob, "empire-chess", "white", "seek"), ann)
    return challenge, game


def states(*games_):
    return [snapshot(g) for g in games_]


def call(client, method, path, **headers):
    return getattr(client, method)(path, {"text": "hi", "variant": "empress"}, **headers)


def test_every_call_needs_its_scope_and_a_refusal_changes_nothing(world, bob):
    _, secret = tokens.create(bob, "no scopes", [])
    before = states(*world)
    for method, path in calls(*world):
        answer = call(Client(), method, path, HTTP_AUTHORIZATION=f"Bearer {secret}")
        assert answer.status_code == 403, (path, answer.content)
        assert "Missing scope" in answer.json()["error"]
    assert states(*world) == before


def test_without_a_token_a_logged_in_browser_is_refused_everywhere(world, bob, client_of):
    before, browser = states(*world), client_of(bob)
    for method, path in [*calls(*world), ("get", "/api/account")]:
        answer = call(browser, method, path)
        assert answer.status_code == 401, (path, answer.content)
    assert states(*world) == before


def test_a_revoked_token_is_refused_everywhere(world, bob):
    made, secret = tokens.create(bob, "everything", list(tokens.SCOPES))
    tokens.revoke(bob, made.pk)
    before = states(*world)
    for method, path in calls(*world):
        answer = call(Client(), method, path, HTTP_AUTHORIZATION=f"Bearer {secret}")
        assert answer.status_code == 401, path
    assert states(*world) == before


def test_no_token_is_ever_logged(world, bob, caplog):
    _, secret = tokens.create(bob, "everything", list(tokens.SCOPES))
    caplog.set_level(logging.DEBUG)
    for method, path in calls(*world):  # answered or refused, each is logged as it is
        call(Client(), method, path, HTTP_AUTHORIZATION=f"Bearer {secret}")
    call(Client(), "get", "/api/account", HTTP_AUTHORIZATION=f"Bearer {secret}x")
    assert caplog.records and secret not in caplog.text
