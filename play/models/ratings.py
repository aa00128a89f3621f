"""Ratings per game and clock, and every change to one."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import Bounded, game_choices
from play.models.games import Game
from play.models.referee import Ruling


class Rating(Bounded):
    """A player's Glicko-2 rating in one game at one speed, with what it rests on."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    speed = models.CharField(max_length=16)
    rating = models.FloatField(default=1500)
    rd = models.FloatField(default=350)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug", "speed"], name="one_rating_per_game_and_speed"
            )
        ]
        indexes = [models.Index(fields=["game_slug", "speed", "-rating"])]

    def __str__(self):
        return f"{self.user} {self.game_slug} {self.speed} {self.rating:.0f}"


class RatingChange(Bounded):
    """What a rated game did to one player's rating, or the reversal of that (a ruling undid
    the result). Kept for the record: shown at the game's end, in the history, audited."""

    class Kind(models.TextChoices):
        RESULT = "result", "Result"
        REVERSAL = "reversal", "Reversed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    seat = models.PositiveSmallIntegerField()
    game_slug = models.CharField(max_length=32)
    speed = models.CharField(max_length=16)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    score = models.FloatField()  # the player's: 1 a win, 0.5 a draw, 0 a loss
    rating_before = models.FloatField()
    rd_before = models.FloatField()
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    rd_after = models.FloatField()
    volatility_after = models.FloatField()
    # A reversal names the change it undoes (a change is reversed at most once).
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversal"
    )
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.PROTECT, related_name="rating_changes"
    )
    reason = models.TextField(max_length=4000)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["user", "game_slug", "speed", "at"])]

    def __str__(self):
        return f"{self.user} {self.change:+.0f} in {self.game} ({self.kind})"

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before
