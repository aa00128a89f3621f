"""Reports of players, for the moderators' queue."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.models.base import Bounded
from play.models.inbox import Letter
from play.models.round import ChatMessage

REPORT_WORDS = 2000  # characters of a report's own words


class Report(Bounded):
    """A player reported by another, with why, in their own words; a chat line or a private
    message quoted where the report was made from one."""

    class Reason(models.TextChoices):
        CHEATING = "cheating", _("Cheating: help from a computer or another person")
        ABUSE = "abuse", _("Abuse: insults, threats or harassment")
        NAME = "name", _("An offensive name")
        BOOSTING = "boosting", _("Boosting or sandbagging: games lost or won on purpose")

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("a report", "Open")
        HANDLED = "handled", pgettext_lazy("a report", "Handled")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    reason = models.CharField(max_length=8, choices=Reason.choices)
    text = models.TextField(max_length=REPORT_WORDS)
    line = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL)
    letter = models.ForeignKey(Letter, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)

    class Meta:
        ordering = ["created_at", "pk"]  # the queue: the oldest first
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"{self.reporter} reports {self.reported}: {self.reason}"
