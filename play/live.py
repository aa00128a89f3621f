"""Pushing game changes to the browsers watching them (Channels groups)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group_name(public_id: str) -> str:
    return f"game-{public_id}"


def broadcast(game) -> None:
    """Tell every socket on this game that it changed; each renders its own view once."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        group_name(game.public_id), {"type": "game.update", "revision": game.revision}
    )
