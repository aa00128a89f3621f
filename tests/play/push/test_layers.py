"""The channel layers: one server's sweeps expired messages at most a second late, a push a
player waits for is taken promptly, and Redis takes a group message in two round trips and a
server's waiting messages in one."""

import asyncio
import os
import time
from functools import partial

import pytest

from play.push.layers import InMemoryChannelLayer


def test_an_expired_message_is_swept_at_the_next_sweep_not_at_every_send():
    async def scenario():
        layer = InMemoryChannelLayer(expiry=0.01)
        await layer.send("gone", {"type": "stale"})
        await asyncio.sleep(0.02)
        layer.sweep_every, layer._swept = 60, time.monotonic()  # just swept
        await layer.group_send("nobody", {"type": "fresh"})
        kept = "gone" in layer.channels
        layer.sweep_every = 0
        await layer.group_send("nobody", {"type": "fresh"})
        return kept, "gone" in layer.channels

    kept_between_sweeps, kept_after_sweep = asyncio.run(scenario())
    assert kept_between_sweeps and not kept_after_sweep


def test_a_push_from_a_views_thread_is_delivered_by_the_servers_loop():
    """The view's thread hands the event over and goes on; the loop delivers it."""
    from channels.layers import get_channel_layer

    from play.push import live

    async def scenario():
        layer, loop = get_channel_layer(), asyncio.get_running_loop()
        channel = await layer.new_channel()
        await layer.group_add("watchers", channel)
        live.serve_from(loop)
        try:
            await loop.run_in_executor(None, live.send, "watchers", {"type": "game.update"})
            return await asyncio.wait_for(layer.receive(channel), 5)
        finally:
            live.serve_from(None)

    assert asyncio.run(scenario())["type"] == "game.update"


def test_a_push_a_player_waits_for_is_taken_by_the_loop_before_the_view_goes_on(monkeypatch):
    """A prompt push: the view's thread waits for the loop to hand the event over, instead of
    going on drawing while the loop waits for Python's lock."""
    from play.push import live

    class SlowLayer:
        handed = []

        async def group_send(self, group, event):
            await asyncio.sleep(0.01)
            self.handed.append(event["type"])

    layer = SlowLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(live, "PROMPT_WAIT", 1.0)  # so that a slow machine still waits

    async def scenario():
        loop = asyncio.get_running_loop()
        live.serve_from(loop)
        try:
            handed_when_the_view_went_on = []
            for promptly in (False, True):
                send = partial(live.send, "watchers", {"type": str(promptly)}, promptly=promptly)
                await loop.run_in_executor(None, send)
                handed_when_the_view_went_on.append(list(layer.handed))
            return handed_when_the_view_went_on
        finally:
            live.serve_from(None)

    assert asyncio.run(scenario()) == [[], ["False", "True"]]


needs_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="Redis: make test-distributed"
)


def redis_layer():
    from play.push.layers import RedisChannelLayer

    return RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix="test-layers")


class RoundTrips:
    """The commands sent to Redis between start() and stop(), one per round trip (a
    pipeline's commands go as one)."""

    def __init__(self, monkeypatch):
        self.sent, self._monkeypatch = [], monkeypatch

    def start(self):
        from redis.asyncio.connection import AbstractConnection

        send, sent = AbstractConnection.send_packed_command, self.sent

        async def counted(connection, command, check_health=True):
            sent.append(command)
            return await send(connection, command, check_health)

        self._monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)

    def stop(self):
        self._monkeypatch.undo()


@needs_redis
def test_a_group_message_on_redis_takes_two_round_trips_and_skips_expired_members(monkeypatch):
    trips = RoundTrips(monkeypatch)

    async def scenario():
        layer = redis_layer()
        here, there, gone = [await layer.new_channel() for _ in range(3)]
        there = there.replace(layer.client_prefix, "another-server")  # another process's
        for channel in (here, there, gone):
            await layer.group_add("watchers", channel)
        # `gone` joined longer ago than the layer keeps members (its server died).
        await layer.connection(0).zadd(layer._group_key("watchers"), {gone: 0})
        trips.start()
        await layer.group_send("watchers", {"type": "game.update"})
        trips.stop()
        received = await asyncio.wait_for(layer.receive(here), 5)
        stored = await layer.connection(0).zcard(layer.prefix + layer.non_local_name(there))
        members = await layer.connection(0).zrange(layer._group_key("watchers"), 0, -1)
        await layer.flush()
        return received, stored, {m.decode() for m in members}, {here, there}

    received, stored_for_there, members, alive = asyncio.run(scenario())
    assert len(trips.sent) == 2
    assert received["type"] == "game.update" and stored_for_there == 1
    assert members == alive


@needs_redis
def test_a_servers_waiting_messages_come_off_redis_in_one_round_trip_in_order(monkeypatch):
    trips = RoundTrips(monkeypatch)

    async def scenario():
        layer = redis_layer()
        one, two = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("watchers", one)
        await layer.group_add("watchers", two)
        for n in range(3):
            await layer.send(one, {"type": "board", "n": n})
        await layer.group_send("watchers", {"type": "board", "n": 3})
        await layer.send(two, {"type": "board", "n": 4})
        trips.start()
        firsts = [await asyncio.wait_for(layer.receive(c), 5) for c in (one, two)]
        trips.stop()
        rests = [[await asyncio.wait_for(layer.receive(one), 5) for _ in range(3)]]
        rests.append([await asyncio.wait_for(layer.receive(two), 5)])
        await layer.flush()
        return firsts, rests

    firsts, rests = asyncio.run(scenario())
    assert len(trips.sent) == 1  # both sockets' first messages: the one fetch
    assert [m["n"] for m in firsts] == [0, 3]
    assert [[m["n"] for m in rest] for rest in rests] == [[1, 2, 3], [4]]


@needs_redis
def test_a_socket_closed_while_its_server_waits_for_redis_loses_nothing_for_the_others(
    monkeypatch,
):
    from redis.asyncio import Redis

    bzpopmin = Redis.bzpopmin

    async def slow_to_read(connection, *args, **kwargs):
        popped = await bzpopmin(connection, *args, **kwargs)
        await asyncio.sleep(0.2)  # the message has left Redis, and is not read yet
        return popped

    monkeypatch.setattr(Redis, "bzpopmin", slow_to_read)

    async def scenario():
        layer = redis_layer()
        closing, staying = await layer.new_channel(), await layer.new_channel()
        waiting = asyncio.ensure_future(layer.receive(closing))
        await asyncio.sleep(0.2)  # the server waits in Redis for its next message
        await layer.send(staying, {"type": "board"})
        await asyncio.sleep(0.1)
        waiting.cancel()  # the first socket closes while the message is on its way
        received = await asyncio.wait_for(layer.receive(staying), 2)
        await layer.flush()
        return received, waiting.cancelled()

    received, cancelled = asyncio.run(scenario())
    assert cancelled and received == {"type": "board"}


@needs_redis
def test_a_socket_waiting_longer_than_a_blocking_pop_keeps_waiting():
    """Its blocking pop on Redis ends empty and is made again; the read of it never gives up
    first (redis-py 8 gave up after 5 s, as long as the pop itself: the socket died)."""

    async def scenario():
        layer = redis_layer()
        layer.brpop_timeout = 6  # longer than redis-py's own 5 s: before, sure to fail
        channel = await layer.new_channel()
        later = redis_layer()

        async def send_later():
            await asyncio.sleep(6.5)
            await later.send(channel, {"type": "board"})

        sending = asyncio.create_task(send_later())
        received = await asyncio.wait_for(layer.receive(channel), 15)
        await sending
        await layer.flush()
        return received

    assert asyncio.run(scenario())["type"] == "board"


def test_the_server_makes_its_channel_layer_once_before_any_thread_uses_it():
    """Channels makes a layer on first use without a lock: a view's thread and the loop
    using it first at once made two, and whatever one sent the other never heard."""
    import importlib

    from channels.layers import channel_layers, get_channel_layer

    import imperia_site.asgi

    channel_layers.backends.clear()
    importlib.reload(imperia_site.asgi)
    made = channel_layers.backends.get("default")
    assert made is not None and get_channel_layer() is made


def test_the_sites_layer_forgets_a_member_that_stopped_renewing_within_a_minute():
    """A socket that died without leaving its groups (its server killed, Redis away as it
    closed) is no longer sent pushes after a minute; an open socket renews every third."""
    from channels.layers import get_channel_layer
    from django.conf import settings

    assert get_channel_layer().group_expiry == settings.CHANNEL_GROUP_EXPIRY <= 60


async def joins_and_renewals(layer, expire) -> list[bool]:
    """What group_add says: joining, renewing, renewing once the membership has expired."""
    channel = await layer.new_channel()
    said = [await layer.group_add("watchers", channel)]
    said.append(await layer.group_add("watchers", channel))
    await expire(channel)
    said.append(await layer.group_add("watchers", channel))
    return said


def test_group_add_says_whether_the_channel_was_out_of_the_group_in_memory():
    layer = InMemoryChannelLayer(group_expiry=60)

    async def expire(channel):
        layer.groups["watchers"][channel] = 0

    assert asyncio.run(joins_and_renewals(layer, expire)) == [True, False, True]


@needs_redis
def test_group_add_says_whether_the_channel_was_out_of_the_group_on_redis():
    layer = redis_layer()

    async def expire(channel):
        await layer.connection(0).zadd(layer._group_key("watchers"), {channel: 0})

    async def scenario():
        try:
            return await joins_and_renewals(layer, expire)
        finally:
            await layer.flush()

    assert asyncio.run(scenario()) == [True, False, True]


async def many_renewed(layer, expire) -> tuple[set, set]:
    """A server's renewal of all its sockets' groups at once: the memberships out of their
    group (new, or expired), then after a renewal, none."""
    channels = [await layer.new_channel() for _ in range(5)]
    kept = [("game-a", channels[0]), ("game-a", channels[1]), ("game-b", channels[2])]
    for group, channel in kept:
        await layer.group_add(group, channel)
    await expire("game-a", channels[1])
    joining = [("game-b", channels[3]), ("game-c", channels[4]), ("user-1", channels[4])]
    out = await layer.group_renew(kept + joining)
    return out, await layer.group_renew(kept + joining)


def test_a_renewal_of_many_says_which_were_out_of_their_group_in_memory():
    layer = InMemoryChannelLayer(group_expiry=60)

    async def expire(group, channel):
        layer.groups[group][channel] = 0

    out, again = asyncio.run(many_renewed(layer, expire))
    assert {group for group, _ in out} == {"game-a", "game-b", "game-c", "user-1"}
    assert len(out) == 4 and again == set()


@needs_redis
def test_a_renewal_of_many_says_which_were_out_of_their_group_on_redis(monkeypatch):
    from play.push import layers

    monkeypatch.setattr(layers, "RENEWED_AT_ONCE", 2)  # in round trips of two groups
    layer = redis_layer()

    async def expire(group, channel):
        await layer.connection(0).zadd(layer._group_key(group), {channel: 0})

    async def scenario():
        try:
            return await many_renewed(layer, expire)
        finally:
            await layer.flush()

    out, again = asyncio.run(scenario())
    assert {group for group, _ in out} == {"game-a", "game-b", "game-c", "user-1"}
    assert len(out) == 4 and again == set()


@needs_redis
def test_a_connection_to_redis_cut_under_the_server_is_made_again_not_failed():
    """Redis restarted: every connection a server kept in its pool is dead, and the first
    command sent on each failed (a stream opened then answered 500, a socket closed). The
    command is sent again on a new connection."""
    import redis

    layer = redis_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("watchers", channel)
        kept = await layer.connection(0).client_id()  # the pool's one connection, kept
        redis.Redis.from_url(os.environ["REDIS_URL"]).client_kill_filter(_id=kept)
        try:
            return await layer.group_add("watchers", channel)
        finally:
            await layer.flush()

    assert asyncio.run(scenario()) is False  # still in the group: renewed


@needs_redis
def test_a_fetch_that_fails_fails_every_waiting_socket_and_the_next_receive_fetches_again(
    monkeypatch,
):
    """Redis away as the server waits for its next message: each waiting socket's receive
    fails (its page reconnects), none waits for ever; a socket that receives later is served."""
    from redis.asyncio import Redis

    bzpopmin = Redis.bzpopmin
    failing = [True]

    async def away(connection, *args, **kwargs):
        if failing[0]:
            await asyncio.sleep(0.1)
            raise ConnectionError("Redis away")
        return await bzpopmin(connection, *args, **kwargs)

    monkeypatch.setattr(Redis, "bzpopmin", away)

    async def scenario():
        layer = redis_layer()
        sockets = [await layer.new_channel() for _ in range(3)]
        waiting = [asyncio.ensure_future(layer.receive(c)) for c in sockets]
        failed = await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), 5)
        failing[0] = False
        await layer.send(sockets[0], {"type": "board"})
        received = await asyncio.wait_for(layer.receive(sockets[0]), 5)
        await layer.flush()
        return failed, received

    failed, received = asyncio.run(scenario())
    assert [type(error) for error in failed] == [ConnectionError] * 3
    assert received == {"type": "board"}
