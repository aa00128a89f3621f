"""Periodic duties, run by `manage.py sweep` beside the server: facts that follow from the
passing of time are materialised here, so they hold even if nobody is looking."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from play.common import clocks
from play.common.language import for_user
from play.games.lifecycle import end, settle
from play.models import AnalysisTree, Evaluation, Game
from play.notify import notify


def expire_seeks(now=None) -> int:
    """Withdraw open seeks and invitations nobody accepted in time (SEEK_TTL)."""
    now = now or clocks.now()
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


def expire_clocks(now=None) -> int:
    """End games whose side to move ran out of time (after any vacation days)."""
    now = now or clocks.now()
    due = Game.objects.filter(status=Game.Status.ACTIVE, deadline__lte=now)
    count = 0
    for pk in due.values_list("pk", flat=True):
        with transaction.atomic():
            count += settle(Game.locked(pk), now)
    return count


def warn_low_time(now=None) -> int:
    """Tell players whose clock is down to its last 20 %, once per turn."""
    now = now or clocks.now()
    timed = Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=False).exclude(
        low_time_warned_ply=F("ply")
    )
    count = 0
    for game in timed.prefetch_related("seats__user"):
        if not clocks.running_low(game, now):
            continue
        with transaction.atomic():
            game = Game.locked(game.pk)
            if game.status != Game.Status.ACTIVE or not clocks.running_low(game, now):
                continue
            player = game.player(game.turn)
            with for_user(player):
                text = _("Time is running low against %(opponent)s: %(left)s left.") % {
                    "opponent": game.player_name(1 - game.turn),
                    "left": clocks.human(clocks.left(game, game.turn, now)),
                }
            notify.tell(player, notify.Kind.LOW_TIME, text, game)
            game.low_time_warned_ply = game.ply
            game.save(update_fields=["low_time_warned_ply"])
            count += 1
    return count


# How long a long analysis tree is kept for its addresses (a study keeps its own, for good),
# and an evaluation's answer for its page.
KEPT = timedelta(days=30)


def forget_old(now=None) -> int:
    """Drop analysis trees kept for addresses past KEPT, and evaluations past it."""
    now = now or clocks.now()
    trees = AnalysisTree.objects.filter(created_at__lt=now - KEPT).delete()[0]
    answers = Evaluation.objects.filter(created_at__lt=now - KEPT).delete()[0]
    return trees + answers


def sweep_once(now=None) -> dict[str, int]:
    now = now or clocks.now()
    return {
        "seeks expired": expire_seeks(now),
        "games ended on time": expire_clocks(now),
        "low-time warnings": warn_low_time(now),
        "digests sent": notify.send_digests(now),
        "old analyses and evaluations forgotten": forget_old(now),
    }
