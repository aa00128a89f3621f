"""The cap on an account's open streams holds when many open at once: on the process's own
cache in `make test`, and on Redis, shared by every server, in `make test-distributed`."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache, caches
from django.db import connection

from imperia_site.cache import SharedRedisCache
from play.api import streams, tokens
from play.common.limits import Limited

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.distributed]
OPENING = 40  # at once, on one token


def together(action, arguments):
    """`action` on each argument at once, each on its own thread; the results or refusals."""
    barrier = threading.Barrier(len(arguments))

    def run(argument):
        try:
            barrier.wait()
            return action(argument)
        except Limited as exc:
            return exc
        finally:
            connection.close()

    with ThreadPoolExecutor(len(arguments)) as pool:
        return list(pool.map(run, arguments))


def held(user) -> int:
    """The places the cache holds for the player's streams, lapsed ones not counted."""
    key = cache.make_and_validate_key(streams._places_key(user))
    if isinstance(caches["default"], SharedRedisCache):
        client = cache._cache.get_client()
        now = client.time()[0]
        return client.zcount(key, f"({now}", "+inf")
    return len(cache.get(streams._places_key(user)) or {})


def test_opened_at_once_exactly_the_cap_is_let_in_and_every_place_comes_back(ann):
    _, secret = tokens.create(ann, "many streams", ["board:play"])
    scope = {"headers": [(b"authorization", f"Bearer {secret}".encode())],
             "client": ("127.0.0.1", 5000)}  # fmt: skip
    opened = together(lambda _: streams._authorize(scope, "events", "", ""), range(OPENING))
    let_in = [s for s in opened if isinstance(s, streams.Stream)]
    refused = [s for s in opened if isinstance(s, Limited)]
    assert len(let_in) == streams.MOST_STREAMS and len(refused) == OPENING - streams.MOST_STREAMS
    assert all(1 <= r.retry_after <= streams.LEASE for r in refused)
    assert held(ann) == streams.MOST_STREAMS
    together(streams._give_up, let_in)
    assert held(ann) == 0
    assert isinstance(streams._authorize(scope, "events", "", ""), streams.Stream)  # free again
