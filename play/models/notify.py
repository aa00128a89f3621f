"""What a player is told, and whether each telling reached them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.models.base import Bounded
from play.models.games import Game


class Notification(Bounded):
    class Kind(models.TextChoices):
        YOUR_TURN = "your-turn", _("Your turn")
        STARTED = "started", _("Game started")
        OFFER = "offer", _("Offer received")
        LOW_TIME = "low-time", _("Time running low")
        OVER = "over", _("Game over")
        CHALLENGE = "challenge", _("Challenge received")
        DISPUTE = "dispute", _("Dispute")
        LEAGUE = "league", _("Championship or cup")
        TOURNAMENT = "tournament", _("Tournament")
        MODERATION = "moderation", _("From the moderators")
        CLUB = "club", _("Club")
        FORUM = "forum", _("Forum")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)
    address = models.CharField(max_length=200, blank=True)  # a page it is about, not a game
    kind = models.CharField(max_length=12, choices=Kind.choices)
    text = models.CharField(max_length=300)
    # The language the text is written in (its recipient's when it was made): the page marks
    # it, so that a reader in another language is told, as a screen reader is.
    language = models.CharField(max_length=16, default="en")
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self):
        return f"{self.user}: {self.text}"

    @property
    def link(self) -> str:
        return self.game.get_absolute_url() if self.game_id else self.address


class Delivery(Bounded):
    """Every attempt to tell someone something, with what became of it (kept for disputes)."""

    class Status(models.TextChoices):
        SENT = "sent", pgettext_lazy("email delivery", "Sent")
        QUEUED = "queued", _("Queued for the digest")
        SKIPPED = "skipped", _("Not sent (the player turned it off)")
        FAILED = "failed", pgettext_lazy("email delivery", "Failed")

    notification = models.ForeignKey(
        Notification, on_delete=models.CASCADE, related_name="deliveries"
    )
    channel = models.CharField(max_length=8)  # in-app, email
    status = models.CharField(max_length=8, choices=Status.choices)
    detail = models.CharField(max_length=300, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.channel} {self.status}"
