"""Private messages between two players: one conversation a pair, as lichess keeps its threads
(modules/msg), and each player's own side of it, the line of their inbox."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from play.models.base import Bounded

LETTER_LENGTH = 2000  # characters of one message
PREVIEW_LENGTH = 100  # characters of the last message, shown in the inbox


class Conversation(Bounded):
    """The messages between two players, whoever wrote first."""

    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversations_started"
    )
    created_at = models.DateTimeField()

    class Meta:
        # A player's conversations begun in the last day, counted against their allowance.
        indexes = [models.Index(fields=["started_by", "created_at"])]

    def __str__(self):
        return f"Conversation {self.pk}"


class Correspondent(Bounded):
    """One player's side of a conversation: whom with, the last message, and how many they have
    not read. The inbox is these rows, latest first, read off their index."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="sides")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="correspondents"
    )
    other = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    last_at = models.DateTimeField()
    last_text = models.CharField(max_length=PREVIEW_LENGTH)
    last_by_me = models.BooleanField(default=False)
    unread = models.PositiveIntegerField(default=0)
    # Told by email since they last read it: one email for a run of unread messages.
    emailed = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "other"], name="one_side_a_pair"),
        ]
        indexes = [
            models.Index(fields=["user", "-last_at", "-id"], name="inbox"),
            # The header's count reads only the conversations with something unread.
            models.Index(fields=["user"], condition=models.Q(unread__gt=0), name="inbox_unread"),
        ]

    def __str__(self):
        return f"{self.user} with {self.other}"


class Letter(Bounded):
    """A private message: plain text, its links made safe where it is shown."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="letters")
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="letters_sent"
    )
    text = models.TextField(max_length=LETTER_LENGTH)
    created_at = models.DateTimeField()

    class Meta:
        verbose_name = _("private message")
        # A conversation's pages, latest first, read off the index.
        indexes = [models.Index(fields=["conversation", "-id"], name="letters")]

    def __str__(self):
        return f"{self.sender}: {self.text[:40]}"
