"""The open API's personal tokens (play/api/): a player's key for outside clients, kept as
its hash only, with what it may do."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import Bounded


class ApiToken(Bounded):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    description = models.CharField(max_length=100)
    scopes = models.JSONField(default=list)  # play/api/tokens.py: SCOPES
    digest = models.CharField(max_length=64, unique=True)  # SHA-256 of the token, in hex
    shown = models.CharField(max_length=12)  # its first characters, to tell tokens apart
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.user}: {self.description}"
