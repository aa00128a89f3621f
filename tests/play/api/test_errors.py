"""The API's errors are JSON whatever goes wrong, as its refusals are: a body too large or
unreadable, an address that is no call, a failure of the server; none leaves a traceback in
the logs where the client is at fault."""

import logging

import pytest
from django.test import Client

from play.api import tokens
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def secret(ann):
    return tokens.create(ann, "errors", list(tokens.SCOPES))[1]


def post(secret, body: bytes, content_type: str):
    client = Client(raise_request_exception=False)
    return client.post("/api/challenge/bob", body, content_type=content_type,
                       HTTP_AUTHORIZATION=f"Bearer {secret}")  # fmt: skip


def tracebacks(caplog):
    return [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "application/json",
                                          "multipart/form-data; boundary=x"])  # fmt: skip
def test_a_body_of_three_megabytes_is_a_json_413(secret, bob, caplog, content_type):
    answer = post(secret, b"x" * 3_000_000, content_type)
    assert answer.status_code == 413
    assert answer.json() == {"error": "Send at most 65536 bytes of parameters."}
    assert not tracebacks(caplog) and not Game.objects.exists()


def test_a_multipart_body_without_its_boundary_is_a_json_400(secret, bob, caplog):
    answer = post(secret, b"--x\r\nvariant=empress\r\n--x--\r\n", "multipart/form-data")
    assert answer.status_code == 400
    assert "multipart" in answer.json()["error"] and "boundary" in answer.json()["error"]
    assert not tracebacks(caplog) and not Game.objects.exists()


@pytest.mark.parametrize("path", ["/api/nothing", "/api/board/game/abc/fly", "/api/stream/",
                                  "/api/board/game/stream/far-too-long-an-id"])  # fmt: skip
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_address_under_api_that_is_no_call_is_a_json_404(secret, path, method):
    answer = getattr(Client(), method)(path, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert answer.status_code == 404 and answer["Content-Type"] == "application/json"
    assert answer.json() == {"error": "There is no such call: the calls are listed at /api/."}


def test_a_page_address_that_is_nothing_is_still_a_page(client):
    answer = client.get("/nothing/here/")
    assert answer.status_code == 404 and answer["Content-Type"].startswith("text/html")


def test_a_description_asked_with_another_method_is_a_json_405(client):
    answer = client.post("/api/openapi.json")
    assert answer.status_code == 405 and answer["Allow"] == "GET"
    assert answer.json() == {"error": "This address takes GET requests only."}


def test_a_failure_of_the_server_on_a_call_is_a_json_500(secret, monkeypatch):
    from play.api import users

    def broken(*args):
        raise RuntimeError("a fault")

    monkeypatch.setattr(users, "shown", broken)
    answer = Client(raise_request_exception=False).get(
        "/api/account", HTTP_AUTHORIZATION=f"Bearer {secret}"
    )
    assert answer.status_code == 500
    assert answer.json() == {"error": "The server failed on this call: try it again later."}
