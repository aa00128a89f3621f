"""Quick pairing's waiting players."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import Bounded, game_choices
from play.models.games import Game


class PoolEntry(Bounded):
    """A player waiting in a quick-pairing pool (one game, one time control) until paired."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pool_entry"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    pool = models.CharField(max_length=8)  # the time control's key, play/lobby/pool.py
    rating = models.FloatField()
    joined_at = models.DateTimeField()
    seen_at = models.DateTimeField()  # the waiting page's last word: a closed page leaves
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)

    class Meta:
        ordering = ["joined_at", "pk"]
        indexes = [models.Index(fields=["game_slug", "pool", "game"])]

    def __str__(self):
        return f"{self.user} waiting for {self.game_slug} {self.pool}"
