"""Periodic duties, run by `manage.py sweep` beside the server: facts that follow from the
passing of time are materialised here, so they hold even if nobody is looking."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from play.lifecycle import end
from play.models import Game


def expire_seeks(now=None) -> int:
    """Withdraw open seeks and invitations nobody accepted in time (SEEK_TTL)."""
    now = now or timezone.now()
    stale = Game.objects.filter(
        status=Game.Status.OPEN, created_at__lt=now - timedelta(hours=settings.SEEK_TTL_HOURS)
    ).values_list("pk", flat=True)
    count = 0
    for pk in stale:
        with transaction.atomic():
            game = Game.locked(pk)
            if game.status == Game.Status.OPEN:
                end(game, None, "abort", Game.Status.ABORTED)
                count += 1
    return count


def sweep_once() -> dict[str, int]:
    return {"seeks expired": expire_seeks()}
