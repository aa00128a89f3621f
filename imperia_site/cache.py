"""The caches: Django's, with counters that expire (the rate limits' windows), places held
on lease (the API's streams) and, on Redis, one connection pool per process, riding out
Redis's absence."""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends import locmem
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property
from redis import exceptions

from imperia_site.outages import Outage

log = logging.getLogger("imperia.cache")
_clients: dict[str, RedisCacheClient] = {}
_lock = threading.Lock()
UNREACHABLE = (exceptions.ConnectionError, exceptions.TimeoutError)
_outage = Outage(log, "Redis, the cache (meanwhile sessions are read from the database and "
                 "the rate limits count nothing)")  # fmt: skip
MOST_MISSED = 100_000  # keys written while Redis was away, kept to be deleted once it is back

# A sorted set of places, each scored with the time its lease ends. Its answer is text: Lua
# would round a number.
HOLD_PLACE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local seconds, most = tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if most > 0 and not redis.call('ZSCORE', KEYS[1], ARGV[1])
    and redis.call('ZCARD', KEYS[1]) >= most then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tostring(tonumber(first[2]) - now)
end
redis.call('ZADD', KEYS[1], now + seconds, ARGV[1])
redis.call('EXPIRE', KEYS[1], seconds)
return '0'
"""


# Members asked about past which the places held may be fewer than they (presence's online
# friends): SharedRedisCache.held_among counts them first.
FEW_MEMBERS = 64


class LocMemCache(locmem.LocMemCache):
    """One process's memory."""

    _placing = threading.Lock()  # the places are read and written under it, whole

    def hold_place(self, key: str, member: str, seconds: int, most: int | None = None) -> float:
        """Hold `member`'s place in the set `key` for `seconds` more: taken, or renewed. A
        place not renewed in time lapses. With `most`, a new place is taken only while fewer
        than `most` are held. 0 once held; refused, the seconds until the first place held
        would lapse."""
        with self._placing:
            now = time.time()
            places = {m: until for m, until in (self.get(key) or {}).items() if until > now}
            if most is not None and member not in places and len(places) >= most:
                return min(places.values()) - now
            places[member] = now + seconds
            self.set(key, places, seconds)
            return 0

    def hold_places(self, key: str, members: list[str], seconds: int) -> None:
        """hold_place for each of `members`, as many as come (no most)."""
        for member in members:
            self.hold_place(key, member, seconds)

    def held_among(self, key: str, members: list[str]) -> set[str]:
        """Those of `members` holding a place in the set `key` now: one read, however many."""
        now = time.time()
        places = self.get(key) or {}
        return {member for member in members if places.get(member, 0) > now}

    def give_up_place(self, key: str, member: str) -> None:
        with self._placing:
            places = self.get(key) or {}
            places.pop(member, None)
            now = time.time()
            self.set(key, places, max(places.values(), default=now) - now)  # none left: gone

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
    some 170 response callbacks each time.

    While Redis cannot be reached, a call does not fail the request: a read finds nothing (a
    session is then read from the database: SESSION_ENGINE is cached_db) and a write is
    dropped, logged once for the outage. The keys written or deleted meanwhile are deleted
    once Redis answers again, so that a copy from before (a session since logged out) does
    not outlive its change."""

    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        self._clients = {}
        self._making = threading.Lock()
        self._missed: set = set()

    def _soft(self, fallback, call, *args, written=()):
        try:
            if self._missed:  # before anything is read again
                self._forget_missed()
            result = call(*args)
        except UNREACHABLE as exc:
            _outage.failed(exc)
            if len(self._missed) < MOST_MISSED:
                self._missed.update(written)
            return fallback
        _outage.recovered()
        return result

    def _forget_missed(self) -> None:
        with self._making:
            missed, self._missed = self._missed, set()
        try:
            self.get_client(write=True).delete(*missed)
        except UNREACHABLE:
            self._missed.update(missed)
            raise

    def add(self, key, value, timeout):
        return self._soft(False, super().add, key, value, timeout, written=[key])

    def get(self, key, default):
        return self._soft(default, super().get, key, default)

    def set(self, key, value, timeout):
        return self._soft(None, super().set, key, value, timeout, written=[key])

    def touch(self, key, timeout):
        return self._soft(False, super().touch, key, timeout, written=[key])

    def delete(self, key):
        return self._soft(False, super().delete, key, written=[key])

    def get_many(self, keys):
        return self._soft({}, super().get_many, keys)

    def has_key(self, key):
        return self._soft(False, super().has_key, key)

    def set_many(self, data, timeout):
        return self._soft(list(data), super().set_many, data, timeout, written=list(data))

    def delete_many(self, keys):
        return self._soft(None, super().delete_many, keys, written=list(keys))

    def count(self, keys: list[str], timeout: int) -> list[int]:
        """SharedRedisCache.count's round trip; every count 0 while Redis is away, so that the
        limits let everything through rather than refuse everyone."""
        pipeline = self.get_client(write=True).pipeline(transaction=False)
        for key in keys:
            pipeline.incr(key)
            pipeline.expire(key, timeout, nx=True)  # the window's first count starts its clock
        return self._soft([0] * len(keys), lambda: pipeline.execute()[::2])

    def hold_place(self, key: str, member: str, seconds: int, most: int) -> float:
        """SharedRedisCache.hold_place's script; a place given (0) while Redis is away, as the
        limits let everything through."""
        script = self.get_client(write=True).register_script(HOLD_PLACE)  # no round trip
        return self._soft(0.0, lambda: float(script(keys=[key], args=[member, seconds, most])))

    def hold_places(self, key: str, members: list[str], seconds: int) -> None:
        """hold_place's script for each of `members` (no most), in one round trip."""
        client = self.get_client(write=True)
        script, pipeline = client.register_script(HOLD_PLACE), client.pipeline(transaction=False)
        for member in members:
            script(keys=[key], args=[member, seconds, 0], client=pipeline)
        self._soft(None, pipeline.execute)

    def held_among(self, key: str, members: list[str]) -> set[str]:
        """One ZMSCORE; or, asked about many (a player following thousands) where fewer places
        are held (a few hundred online), the places held read whole and met here: a score
        each of thousands was most of the time. None while Redis is away."""
        if not members:
            return set()
        client, now = self.get_client(), time.time()
        if len(members) > FEW_MEMBERS:
            held = self._soft(None, client.zcount, key, now, "+inf")
            if held is not None and held < len(members):
                live = self._soft([], client.zrangebyscore, key, now, "+inf")
                return {member.decode() for member in live} & set(members)
        scores = self._soft([None] * len(members), client.zmscore, key, members)
        return {
            member for member, until in zip(members, scores, strict=True) if until and until > now
        }

    def give_up_place(self, key: str, member: str) -> None:
        self._soft(None, self.get_client(write=True).zrem, key, member)

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

    def hold_place(self, key: str, member: str, seconds: int, most: int | None = None) -> float:
        """As LocMemCache.hold_place, in one script that Redis runs whole, on its clock: each
        server's own clock may differ."""
        return self._cache.hold_place(self.make_and_validate_key(key), member, seconds, most or 0)

    def hold_places(self, key: str, members: list[str], seconds: int) -> None:
        self._cache.hold_places(self.make_and_validate_key(key), members, seconds)

    def held_among(self, key: str, members: list[str]) -> set[str]:
        return self._cache.held_among(self.make_and_validate_key(key), members)

    def give_up_place(self, key: str, member: str) -> None:
        self._cache.give_up_place(self.make_and_validate_key(key), member)

    def count(self, keys: list[str], timeout: int) -> list[int]:
        """As LocMemCache.count, in one round trip (Django's incr takes two per key, add one
        more)."""
        return self._cache.count([self.make_and_validate_key(key) for key in keys], timeout)
