"""The single-server channel layer: expired messages still go, at most a sweep late."""

import asyncio
import time
from functools import partial

from play.layers import InMemoryChannelLayer


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

    from play import live

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
    from play import live

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
