"""Disputes, rulings, and the moves a ruling cut from a game."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.models.base import POSITION_LENGTH, Bounded
from play.models.games import Game


class Dispute(Bounded):
    class Category(models.TextChoices):
        RULES = "rules", _("Rules error")
        CLOCK = "clock", _("Clock or timeout")
        CONNECTION = "connection", _("Connection or abandonment")
        MISCLICK = "misclick", _("Misclick / takeback")
        CONDUCT = "conduct", _("Stalling or unsportsmanlike play")
        HELP = "help", _("Suspected outside help")
        OTHER = "other", pgettext_lazy("dispute category", "Other")

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("dispute status", "Open")
        REVIEW = "review", pgettext_lazy("dispute status", "Under review")
        RULED = "ruled", pgettext_lazy("dispute status", "Ruled")
        REJECTED = "rejected", pgettext_lazy("dispute status", "Rejected")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="disputes")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    seat = models.PositiveSmallIntegerField()
    category = models.CharField(max_length=12, choices=Category.choices)
    ply = models.PositiveIntegerField()
    statement = models.TextField(max_length=4000)
    opponent_statement = models.TextField(max_length=4000, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    froze_game = models.BooleanField(default=False)  # a game in play was frozen for it
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        permissions = [("referee", "Can review disputes and rule on them")]

    def __str__(self):
        return f"Dispute {self.pk} on {self.game} ({self.get_category_display()})"

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.OPEN, self.Status.REVIEW)


class Ruling(Bounded):
    """A referee's decision: public reason, who, when. Never changed, never deleted."""

    class Kind(models.TextChoices):
        REJECT = "reject", _("Reject the report")
        UPHOLD = "uphold", _("Uphold the report (no change to the game)")
        RESULT = "result", _("Set the result")
        ANNUL = "annul", _("Annul the game (no result)")
        REWIND = "rewind", _("Rewind to a ply and resume")
        ADD_TIME = "add-time", _("Add time to a player")
        REOPEN = "reopen", _("Reopen the decided case")

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="rulings")
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.TextField(max_length=4000)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()} by {self.referee} on dispute {self.dispute_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Rulings are never changed: add a new one.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("Rulings are never deleted.")


class ArchivedMove(Bounded):
    """A move cut by a referee's rewind (its ruling), or taken back against the computer (no
    ruling), kept for the record."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="archived_moves")
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.PROTECT, related_name="archived_moves"
    )
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    display = models.CharField(max_length=200)
    position_after = models.TextField(max_length=POSITION_LENGTH)
    created_at = models.DateTimeField()
    clock_after = models.JSONField(null=True, blank=True)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["ruling", "ply"]

    def __str__(self):
        if self.ruling_id is None:
            return f"{self.ply}. {self.display} (taken back)"
        return f"{self.ply}. {self.display} (cut by ruling {self.ruling_id})"
