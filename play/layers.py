"""The channel layers: one server's, in memory, and several servers', through Redis."""

from __future__ import annotations

import logging
import time

from channels import layers
from channels_redis import core

log = logging.getLogger("imperia.live")


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    """Channels' own, but it sweeps every socket's queue and every group for expired entries
    on each send and receive: work that grows with the sockets open, for every message.
    Expiry is counted in seconds (messages) and a day (groups), so a sweep a second will do."""

    sweep_every = 1.0
    _swept = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()


class RedisChannelLayer(core.RedisChannelLayer):
    """channels_redis's, with a group's message sent in two round trips to Redis instead of
    four: the group's expired members dropped and the rest listed in one, and each server's
    expired messages dropped and the new one stored in the other (channels_redis waits for
    each of the four in turn, and a move sends two or three group messages)."""

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
