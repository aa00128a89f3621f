"""Django's views on a fixed pool of threads under daphne (imperia_site/http.py)."""

import asyncio

import pytest
from channels.testing import HttpCommunicator
from django.db import connection

from imperia_site.http import PooledHTTPHandler

pytestmark = pytest.mark.django_db(transaction=True)


def fetch(handler, method, path, body=b"", headers=((b"host", b"127.0.0.1"),)):
    async def go():
        communicator = HttpCommunicator(handler, method, path, body=body, headers=list(headers))
        return await communicator.get_response(timeout=10)

    return asyncio.run(go())


def test_pages_and_refusals_come_through():
    """(Streamed static files are served in the browser tests: channels' test communicator
    does not take the bodiless last message of a stream.)"""
    handler = PooledHTTPHandler(2)
    page = fetch(handler, "GET", "/rules/empress/")
    assert page["status"] == 200 and b"Empress" in page["body"]
    missing = fetch(handler, "GET", "/g/nope/")
    assert missing["status"] == 404 and b"Not found" in missing["body"]
    wrong = fetch(handler, "GET", "/g/nope/move/")
    assert wrong["status"] == 405 and b"takes POST requests only" in wrong["body"]
    # Refused before any middleware knows the user: still a page, not a crash.
    foreign = fetch(handler, "GET", "/", headers=[(b"host", b"evil.example")])
    assert foreign["status"] == 400 and b"Bad request" in foreign["body"]


def test_a_worker_keeps_its_database_connection_between_requests(monkeypatch):
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 600)  # as in production
    handler = PooledHTTPHandler(1)
    seen = []

    def connection_id():
        from django.db import connection as worker_connection

        worker_connection.ensure_connection()
        return id(worker_connection.connection)

    async def twice():
        loop = asyncio.get_running_loop()
        for _ in range(2):
            fetch_page = HttpCommunicator(
                handler, "GET", "/rules/empire/", headers=[(b"host", b"127.0.0.1")]
            )
            assert (await fetch_page.get_response(timeout=10))["status"] == 200
            seen.append(await loop.run_in_executor(handler.pool, connection_id))

    def close():
        from django.db import connection as worker_connection

        worker_connection.close()

    asyncio.run(twice())
    handler.pool.submit(close).result()  # the test database must be droppable afterwards
    handler.pool.shutdown()
    assert seen[0] == seen[1]


def test_requests_share_one_redis_connection_pool(settings, monkeypatch):
    """Each request is a new async context, where Django makes new cache objects: they must
    not each open a new connection to Redis (imperia_site/cache.py), even when the first
    requests arrive together."""
    import time

    import redis
    from django.core.cache import caches

    make_pool = redis.ConnectionPool.from_url.__func__

    def slowly(cls, *args, **kwargs):
        time.sleep(0.05)  # so the pool's first makers overlap
        return make_pool(cls, *args, **kwargs)

    monkeypatch.setattr(redis.ConnectionPool, "from_url", classmethod(slowly))

    settings.CACHES = {
        **settings.CACHES,
        "shared": {
            "BACKEND": "imperia_site.cache.SharedRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # never connected to here
        },
    }
    handler = PooledHTTPHandler(2)

    async def requests():
        async def one():
            return await handler._in_pool(lambda: caches["shared"]._cache.get_client())

        return await asyncio.gather(*(asyncio.create_task(one()) for _ in range(6)))

    clients = asyncio.run(requests())
    handler.pool.shutdown()
    assert len({id(client.connection_pool) for client in clients}) == 1
    assert len({id(client) for client in clients}) == 1
