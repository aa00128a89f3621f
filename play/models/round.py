"""What a game gathers as it is played: offers, chat, conditional moves, private notes."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import POSITION_LENGTH, Bounded
from play.models.games import Game


class Offer(Bounded):
    class Kind(models.TextChoices):
        DRAW = "draw", "Draw"
        REMATCH = "rematch", "Rematch"
        TAKEBACK = "takeback", "Takeback"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Lapsed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="offers")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField()
    ply = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # An accepted rematch: the new game.
    result_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at"]

    def __str__(self):
        return f"{self.get_kind_display()} offer by seat {self.seat} at ply {self.ply}"


class ChatMessage(Bounded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.user}: {self.text[:40]}"


class Forecast(Bounded):
    """A player's conditional moves in a correspondence game: lines of canonical moves, each
    the opponent's move then the player's reply, and so on (play/round/forecasts.py), and the
    position they were left for, the one the opponent moves from."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="forecasts")
    seat = models.PositiveSmallIntegerField()
    lines = models.JSONField(default=list)
    position = models.TextField(max_length=POSITION_LENGTH)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_forecast_per_seat")
        ]

    def __str__(self):
        return f"Conditional moves of seat {self.seat} in {self.game}"


class Note(Bounded):
    """A player's private notes on a game, kept with it; no one else reads them."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=4000, blank=True)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_note_per_player")]

    def __str__(self):
        return f"{self.user}'s notes on {self.game}"
