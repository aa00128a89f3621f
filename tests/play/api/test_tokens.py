"""Personal API tokens: made with scopes and shown once, kept as a hash, sent as a Bearer
token (never a cookie, no CSRF token), refused at once when revoked, limited per token."""

import hashlib

import pytest
from django.test import Client

from play.api import tokens
from play.common import limits
from play.common.errors import Refused
from play.models import ApiToken

pytestmark = pytest.mark.django_db


def bearer(secret):
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def test_a_token_is_shown_once_and_kept_as_its_hash(ann, client_of):
    page = client_of(ann)
    answer = page.post("/settings/tokens/", {"description": "My board",
                                             "scopes": ["board:play", "challenge:write"]})  # fmt: skip
    html = answer.content.decode()
    token = ApiToken.objects.get()
    secret = html.split('id="new-token" readonly value="')[1].split('"')[0]
    assert secret.startswith("imp_") and token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(ApiToken.objects.values().get())  # only its hash is stored
    assert token.scopes == ["board:play", "challenge:write"]
    again = page.get("/settings/tokens/").content.decode()
    assert secret not in again and "My board" in again and "never used" in again
    assert Client().get("/api/account", **bearer(secret)).status_code == 200
    assert "last used" in page.get("/settings/tokens/").content.decode()


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"description": " ", "scopes": []}, "Say what the token is for"),
        ({"description": "x", "scopes": ["admin:all"]}, "no scope"),
    ],
)
def test_a_malformed_token_is_refused_and_nothing_is_made(ann, client_of, fields, said):
    answer = client_of(ann).post("/settings/tokens/", fields)
    assert answer.status_code == 400 and said in answer.content.decode()
    assert not ApiToken.objects.exists()


def test_a_revoked_token_is_refused_at_once(ann, bob, client_of):
    token, secret = tokens.create(ann, "Reader", [])
    api = Client()
    assert api.get("/api/account", **bearer(secret)).json()["username"] == "ann"
    assert client_of(bob).post(f"/settings/tokens/{token.pk}/revoke/").status_code == 302
    assert ApiToken.objects.get().revoked_at is None  # not bob's to revoke
    client_of(ann).post(f"/settings/tokens/{token.pk}/revoke/")
    refused = api.get("/api/account", **bearer(secret))
    assert refused.status_code == 401 and refused.json() == {"error": "No such token."}


@pytest.mark.parametrize(
    "header", [None, "Bearer", "Bearer imp_nothing", "Basic abc", "Bearer a b", "Bearer é"]
)
def test_a_call_without_a_good_token_is_401(header):
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header}
    answer = Client().get("/api/account", **extra)
    assert answer.status_code == 401 and "error" in answer.json()


def test_a_session_cookie_is_never_a_token(ann, client_of):
    answer = client_of(ann).get("/api/account")  # logged in, with no token
    assert answer.status_code == 401


def test_no_csrf_token_is_needed_with_a_bearer_token(ann):
    _, secret = tokens.create(ann, "Bot", ["challenge:write"])
    api = Client(enforce_csrf_checks=True)
    answer = api.post("/api/account", **bearer(secret))
    assert answer.status_code == 405  # refused for its method, not for CSRF
    assert answer["Allow"] == "GET" and "takes GET requests only" in answer.json()["error"]


def test_a_token_is_limited_on_its_own_with_retry_after(ann, settings, monkeypatch):
    settings.RATE_LIMIT_SCALE = 1
    monkeypatch.setattr(limits, "clock", lambda: 1_000_000.0)
    _, first = tokens.create(ann, "Busy", [])
    _, second = tokens.create(ann, "Quiet", [])
    api = Client()
    allowed = limits.LIMITS["api"].per_user
    for _ in range(allowed):
        assert api.get("/api/account", **bearer(first)).status_code == 200
    refused = api.get("/api/account", **bearer(first))
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert api.get("/api/account", **bearer(second)).status_code == 200  # its own allowance


def test_a_player_keeps_a_bounded_number_of_tokens(ann, monkeypatch):
    monkeypatch.setattr(tokens, "MOST", 2)
    tokens.create(ann, "a", [])
    tokens.create(ann, "b", [])
    with pytest.raises(Refused, match="revoke one first"):
        tokens.create(ann, "c", [])
    assert ApiToken.objects.count() == 2
