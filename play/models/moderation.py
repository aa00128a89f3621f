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
    post = models.ForeignKey("play.Post", null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)

    class Meta:
        ordering = ["created_at", "pk"]  # the queue: the oldest first
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"{self.reporter} reports {self.reported}: {self.reason}"


class Sanction(Bounded):
    """What a moderator did about a player, and why: the moderation log. The player reads the
    entries that concern them (all but a report dismissed), without the moderator's name."""

    class Kind(models.TextChoices):
        WARN = "warn", pgettext_lazy("a moderator's action", "Warned")
        MUTE = "mute", pgettext_lazy("a moderator's action", "Muted in chats and messages")
        UNMUTE = "unmute", pgettext_lazy("a moderator's action", "Unmuted")
        ENGINE = "engine", pgettext_lazy("a moderator's action", "Marked: help from a computer")
        BOOSTER = (
            "booster",
            pgettext_lazy("a moderator's action", "Marked: boosting or sandbagging"),
        )
        UNMARK = "unmark", pgettext_lazy("a moderator's action", "Mark lifted")
        RENAME = "rename", pgettext_lazy("a moderator's action", "Renamed")
        CLOSE = "close", pgettext_lazy("a moderator's action", "Account closed")
        REOPEN = "reopen", pgettext_lazy("a moderator's action", "Account reopened")
        DISMISS = "dismiss", pgettext_lazy("a moderator's action", "Report dismissed")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    reason = models.TextField(max_length=REPORT_WORDS)
    # What the action was, in its own terms: a warning's words, a mute's end, the old name.
    detail = models.CharField(max_length=300, blank=True)
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["player", "-created_at"])]
        permissions = [("moderate", "Can warn, mute, mark, rename, close and reopen players")]

    def __str__(self):
        return f"{self.kind} {self.player}"


class Appeal(Bounded):
    """A closed or marked player asks the moderators to look again, in their own words."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("an appeal", "Open")
        ANSWERED = "answered", pgettext_lazy("an appeal", "Answered")

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="appeals"
    )
    text = models.TextField(max_length=REPORT_WORDS)
    created_at = models.DateTimeField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    answer = models.TextField(max_length=REPORT_WORDS, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"Appeal of {self.player}"
