"""The channel layers: one server's, in memory, and several servers', through Redis."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from functools import partial

from channels import layers
from channels_redis import core
from redis import exceptions
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger("imperia.live")
RENEWED_AT_ONCE = 200  # groups renewed in one round trip to Redis


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    """Channels' own, but it sweeps every socket's queue and every group for expired entries
    on each send and receive: work that grows with the sockets open, for every message.
    Expiry is counted in seconds (messages) and a minute (groups), so a sweep a second will
    do. Its group_add says whether the channel had been out of the group, as Redis's does."""

    sweep_every = 1.0
    _swept = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()

    async def group_add(self, group, channel) -> bool:
        """Add the channel to the group, or renew it there: whether it was out of it (never
        in, or its membership expired), so that pushes to the group may have missed it."""
        since = self.groups.get(group, {}).get(channel)
        await super().group_add(group, channel)
        return since is None or since < time.time() - self.group_expiry

    async def group_renew(self, memberships) -> set[tuple[str, str]]:
        """group_add for each (group, channel): those that were out of their group."""
        return {(group, channel) for group, channel in memberships
                if await self.group_add(group, channel)}  # fmt: skip


class RedisChannelLayer(core.RedisChannelLayer):
    """channels_redis's, with fewer round trips to Redis, which each wait for a busy loop.

    A group's message is sent in two instead of four: the group's expired members dropped
    and the rest listed in one, and each server's expired messages dropped and the new one
    stored in the other (channels_redis waits for each of the four in turn, and a move sends
    two or three group messages).

    A server's sockets take their messages off its one queue in Redis all at once, in one
    round trip, instead of four round trips a message, one message at a time: channels_redis
    copies each into a backup queue and out again, so that a receive cancelled on the way
    (its socket closed) loses nothing for the other sockets. Here one fetch at a time runs for
    all the server's sockets, none of them its caller: a socket's receive only waits on its own
    buffer (channels_redis's has every socket race for a lock with two new tasks a message,
    and drops and makes its buffer again: most of what a message to a thousand spectators
    cost, bench/spectators.py)."""

    fetch_at_most = 100  # messages in one round trip
    # How much longer than a blocking pop (brpop_timeout) a read from Redis may take.
    read_margin = 5.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._fetches: dict[str, asyncio.Task] = {}  # this server's queue -> its fetch
        self._waiting: set[str] = set()  # the sockets whose receive waits for a message

    def create_pool(self, index):
        """A server's connections to Redis, whose reads wait longer than a blocking pop.
        redis-py 8 gives up on a read after 5 s by default, and a socket with nothing to
        receive waits in BZPOPMIN for brpop_timeout, 5 s: the read then timed out as Redis
        answered, and the socket's consumer died with it (a page idle for seconds lost its
        socket and had to reconnect). A longer timeout named in the settings' host is kept."""
        host = self.hosts[index]
        least = self.brpop_timeout + self.read_margin
        if host.get("socket_timeout") is None or host["socket_timeout"] < least:
            host = {**host, "socket_timeout": least}
        # A connection kept in the pool is dead once Redis restarts: the command sent on it
        # is sent again on a new one (the first failed: a stream opened then answered 500).
        once = {"retry": Retry(NoBackoff(), 1), "retry_on_error": [exceptions.ConnectionError]}
        return core.create_pool(once | host)

    async def receive(self, channel):
        """The next message for a socket of this server's: off its buffer, which the fetch
        fills, running while any socket waits. A fetch that fails (Redis away) fails every
        waiting receive, as channels_redis's does: their sockets close, and their pages
        reconnect to the board as it stands."""
        if "!" not in channel:  # a channel any server may take from: channels_redis's way
            return await super().receive(channel)
        buffer = self.receive_buffer[channel]
        if buffer.empty():
            self._waiting.add(channel)
            self._keep_fetching(self.non_local_name(channel))
            try:
                message = await buffer.get()
            except asyncio.CancelledError:  # its socket is closing: nothing more kept for it
                self.receive_buffer.pop(channel, None)
                raise
            finally:
                self._waiting.discard(channel)
        else:
            message = buffer.get_nowait()
        if isinstance(message, _Failed):
            raise message.error
        return message

    def _keep_fetching(self, queue: str) -> None:
        fetch = self._fetches.get(queue)
        if fetch is None or fetch.done() or fetch.get_loop() is not asyncio.get_running_loop():
            fetch = self._fetches[queue] = asyncio.ensure_future(self._fetch(queue))
            fetch.add_done_callback(partial(self._fetched, queue))

    def _fetched(self, queue: str, fetch: asyncio.Task) -> None:
        """The next fetch, or, if this one failed, its error to every waiting socket."""
        error = asyncio.CancelledError() if fetch.cancelled() else fetch.exception()
        if error is not None:
            for channel in self._waiting:
                self.receive_buffer[channel].put_nowait(_Failed(error))
        elif self._waiting:
            self._keep_fetching(queue)

    async def _fetch(self, channel: str) -> None:
        connection = self.connection(self.consistent_hash(channel))
        key = self.prefix + channel
        taken = [member for member, _ in await connection.zpopmin(key, self.fetch_at_most)]
        if not taken:  # nothing waiting: wait for the next one
            popped = await connection.bzpopmin(key, timeout=self.brpop_timeout)
            taken = [popped[1]] if popped else []
        for content in taken:
            message = self.deserialize(content)
            sockets = message.pop("__asgi_channel__")  # a group's: all its members here
            for socket in sockets if isinstance(sockets, list) else [sockets]:
                self.receive_buffer[socket].put_nowait(message)

    async def group_add(self, group, channel) -> bool:
        """channels_redis's, in one round trip instead of two; whether the channel was out of
        the group (never in, expired, or Redis restarted empty since), as in memory."""
        return bool(await self.group_renew([(group, channel)]))

    async def group_renew(self, memberships) -> set[tuple[str, str]]:
        """group_add for each (group, channel), those of a group together, in one round trip
        to each Redis for RENEWED_AT_ONCE groups (each server renews its open sockets' every
        third of group_expiry: thousands, in a few short round trips rather than one long
        pause of the loop): those that were out of their group."""
        channels: dict[str, list[str]] = {}
        for group, channel in memberships:
            assert self.require_valid_group_name(group), "Group name not valid"
            assert self.require_valid_channel_name(channel), "Channel name not valid"
            channels.setdefault(group, []).append(channel)
        groups, out = list(channels), set()
        for start in range(0, len(groups), RENEWED_AT_ONCE):
            by_connection: dict[int, list[str]] = {}
            for group in groups[start : start + RENEWED_AT_ONCE]:
                by_connection.setdefault(self.consistent_hash(group), []).append(group)
            for index, some in by_connection.items():
                now = time.time()
                renew = self.connection(index).pipeline(transaction=False)
                for group in some:
                    key = self._group_key(group)
                    renew.zmscore(key, channels[group])
                    renew.zadd(key, dict.fromkeys(channels[group], now))
                    renew.expire(key, math.ceil(self.group_expiry))
                scores = (await renew.execute())[::3]
                out.update(
                    (group, channel)
                    for group, since in zip(some, scores, strict=True)
                    for channel, was in zip(channels[group], since, strict=True)
                    if was is None or was < now - self.group_expiry
                )
        return out

    async def group_send(self, group, message):
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        now = time.time()
        members = connection.pipeline(transaction=False)
        members.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
        members.zrange(key, 0, -1)
        names = [name.decode("utf8") for name in (await members.execute())[1]]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(names, message)
        for index, channel_keys in by_connection.items():
            store = self.connection(index).pipeline(transaction=False)
            for channel_key in channel_keys:
                store.zremrangebyscore(channel_key, min=0, max=int(now) - int(self.expiry))
            store.eval(
                _STORE,
                len(channel_keys),
                *channel_keys,
                *(messages[k] for k in channel_keys),
                *(capacities[k] for k in channel_keys),
                now,
                self.expiry,
            )
            if (await store.execute())[-1]:
                log.info("channels over capacity in group %s", group)


class _Failed:
    """In a socket's buffer: the fetch failed with `error`."""

    def __init__(self, error: BaseException):
        self.error = error


# Each message stored on its server's key unless that key is full (channels_redis's own).
_STORE = """
local over_capacity = 0
local now = ARGV[#ARGV - 1]
local expiry = ARGV[#ARGV]
for i = 1, #KEYS do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""
