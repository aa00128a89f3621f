"""Who follows whom, and who blocks whom: one relation from a player to another, as lichess
keeps it (modules/relation), so that following a player one blocks, or blocking one that one
follows, replaces the one with the other."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from play.models.base import Bounded


class Relation(Bounded):
    class Kind(models.TextChoices):
        FOLLOW = "follow", _("Follows")
        BLOCK = "block", _("Blocks")

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="relations_made"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="relations_received"
    )
    kind = models.CharField(max_length=6, choices=Kind.choices)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["from_user", "to_user"], name="one_relation_a_pair"),
            models.CheckConstraint(
                condition=~models.Q(from_user=models.F("to_user")), name="no_relation_to_self"
            ),
        ]
        indexes = [
            # A player's lists, newest first: whom they follow (or block), who follows them.
            models.Index(fields=["from_user", "kind", "-created_at", "-id"], name="relations_made"),
            models.Index(
                fields=["to_user", "kind", "-created_at", "-id"], name="relations_received"
            ),
        ]

    def __str__(self):
        return f"{self.from_user} {self.kind} {self.to_user}"
