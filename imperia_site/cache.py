"""Django's Redis cache, with one connection pool per process."""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[str, RedisCacheClient] = {}
_lock = threading.Lock()


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
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]
