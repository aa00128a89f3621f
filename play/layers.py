"""The channel layer of a single server (no Redis)."""

from __future__ import annotations

import time

from channels import layers


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
