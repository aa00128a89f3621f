"""Web push: each device a player turned notifications on for, what they chose to be pushed,
and the pushes waiting for the sender's worker (kept here so that a restart loses none)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from play.models.base import Bounded

# The reminders before a correspondence clock runs out, in hours left: the player keeps either.
REMINDER_HOURS = (24, 1)


def every_kind() -> list[str]:
    return list(PushChoices.Kind.values)


def every_reminder() -> list[int]:
    return list(REMINDER_HOURS)


class PushDevice(Bounded):
    """A browser's push subscription (its endpoint at the push service and its keys, RFC 8291),
    for one player."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices"
    )
    endpoint = models.CharField(max_length=800, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's public key, base64url
    auth = models.CharField(max_length=40)  # its authentication secret, base64url
    label = models.CharField(max_length=100, blank=True)  # "Chrome on Android", from its browser
    created_at = models.DateTimeField()
    last_success_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.user}: {self.label or self.endpoint[:40]}"


class PushChoices(Bounded):
    """What a player is pushed, on every device, and which reminders they get before a
    correspondence clock runs out (by push and by email). A player with no row has all."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn in a correspondence game")
        CLOCK = "clock", _("Your clock is running out")
        CHALLENGE = "challenge", _("A challenge")
        BEGUN = "begun", _("A game begun by pairing or a tournament")
        TOURNAMENT = "tournament", _("A tournament you joined is about to begin")
        CHAMPIONSHIP = "championship", _("A championship's edition begins")
        MESSAGE = "message", _("A message from your opponent")
        LETTER = "letter", _("A private message")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_choices"
    )
    kinds = models.JSONField(default=every_kind)
    reminder_hours = models.JSONField(default=every_reminder)

    def __str__(self):
        return f"Pushes of {self.user}"


class QueuedPush(Bounded):
    """A push to one device, made in the transaction of what it tells and sent by the
    worker (`manage.py send_pushes`); retried with back-off, then given up."""

    device = models.ForeignKey(PushDevice, on_delete=models.CASCADE, related_name="queued")
    kind = models.CharField(max_length=12, choices=PushChoices.Kind.choices)
    payload = models.JSONField()  # title, body, url, tag: what the service worker shows
    # The game it is about: not pushed while its player has that game's page open.
    game_public_id = models.CharField(max_length=12, blank=True)
    ttl = models.PositiveIntegerField()  # seconds the push service keeps it (RFC 8030)
    urgency = models.CharField(max_length=8)  # very-low, low, normal, high (RFC 8030)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["due_at", "pk"]

    def __str__(self):
        return f"{self.kind} to {self.device}"
