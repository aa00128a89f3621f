"""Pushing game changes to the browsers watching them (Channels groups)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group_name(public_id: str) -> str:
    return f"game-{public_id}"


def broadcast(game, rendered: dict | None = None) -> None:
    """Tell every socket on this game that it changed. `rendered` carries fragments already
    drawn for some seats (as "0", "1"); the other sockets draw their own, once per view."""
    layer = get_channel_layer()
    event = {"type": "game.update", "revision": game.revision, "rendered": rendered or {}}
    async_to_sync(layer.group_send)(group_name(game.public_id), event)
