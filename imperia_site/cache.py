"""The caches: Django's, with counters that expire (the rate limits' windows) and, on Redis,
one connection pool per process."""

from __future__ import annotations

import threading

from django.core.cache.backends import locmem
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[str, RedisCacheClient] = {}
_lock = threading.Lock()


class LocMemCache(locmem.LocMemCache):
    """One process's memory."""

    def count(self, keys: list[str], timeout: int) -> list[int]:
        """Add one to each counter, started at 1 and kept `timeout` seconds when it is new;
        their new values."""
        return [self._count_one(key, timeout) for key in keys]

    def _count_one(self, key: str, timeout: int) -> int:
        try:
            return self.incr(key)
        except ValueError:  # no counter yet: this is the first, unless another just started it
            return 1 if self.add(key, 1, timeout) else self.incr(key)


class _Client(RedisCacheClient):
    """Django's, keeping its redis-py client: Django built a new one for every call, copying
    some 170 response callbacks each time."""

    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        self._clients = {}
        self._making = threading.Lock()

    def get_client(self, key=None, *, write=False):
        # Django's pool making is not thread-safe: two first requests at once would each make
        # a pool, and one would be lost with its connections.
        with self._making:
            pool = self._get_connection_pool(write)
            client = self._clients.get(id(pool))
            if client is None:
                client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedRedisCache(RedisCache):
    """Django makes a cache object per thread and per async context, and each its own pool of
    connections. Under daphne every request is a new context, so every request opened a new
    connection to Redis (and asked the server's version). redis-py's pools are thread-safe:
    here all of a process's cache objects share one."""

    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = repr((self._servers, self._options))
        with _lock:
            if key not in _clients:
                _clients[key] = _Client(self._servers, **self._options)
            return _clients[key]

    def count(self, keys: list[str], timeout: int) -> list[int]:
        """As LocMemCache.count, in one round trip (Django's incr takes two per key, add one
        more)."""
        pipeline = self._cache.get_client(write=True).pipeline(transaction=False)
        for key in keys:
            key = self.make_and_validate_key(key)
            pipeline.incr(key)
            pipeline.expire(key, timeout, nx=True)  # the window's first count starts its clock
        return pipeline.execute()[::2]
