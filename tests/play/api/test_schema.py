"""The API's OpenAPI description agrees with its addresses, and is served with its page."""

import re

import pytest
from django.urls import get_resolver

from play.api import schema, streams
from play.api import urls as api_urls

pytestmark = pytest.mark.django_db
# The addresses that are the API's calls (not its pages: the description, the tokens').
PAGES = {"api-reference", "api-openapi", "api-tokens", "api-token-revoke"}


def openapi_paths(pattern: str) -> set[str]:
    """A route's paths as OpenAPI writes them: a group of words one path each, any other
    group or converter a {parameter}."""
    pattern = pattern.removeprefix("^").removesuffix("$")
    if choice := re.search(r"\(\?P<\w+>(\w+(?:\|\w+)+)\)", pattern):
        return set().union(*(openapi_paths(pattern.replace(choice.group(0), word, 1))
                              for word in choice.group(1).split("|")))  # fmt: skip
    pattern = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", pattern)
    return {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", pattern)}


def routes() -> set[str]:
    """The calls' paths, written as OpenAPI writes them: the site's, and the streams'."""
    site = [str(p.pattern) for p in api_urls.urlpatterns if p.name not in PAGES]
    streams_ = [pattern.pattern for pattern, *_ in streams.ROUTES]
    return set().union(*(openapi_paths(p if p.startswith("/") else "/" + p.lstrip("^"))
                         for p in site + streams_))  # fmt: skip


def test_every_call_is_described_and_nothing_else():
    described = {re.sub(r"\{\w+\}", "{x}", p) for p in schema.description()["paths"]}
    assert described == {re.sub(r"\{\w+\}", "{x}", p) for p in routes()}
    assert get_resolver().resolve("/api/account")  # the site serves them


def test_the_description_and_its_page(client):
    data = client.get("/api/openapi.json").json()
    assert data["openapi"].startswith("3.") and "/api/account" in data["paths"]
    page = client.get("/api/").content.decode()
    assert "<code>GET /api/games/user/{username}</code>" in page and "Needs a token" in page
