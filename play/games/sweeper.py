"""Periodic duties, run by `manage.py sweep` beside the server: facts that follow from the
passing of time are materialised here, so they hold even if nobody is looking."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _

from play.accounts import accounts
from play.common import clocks
from play.common.language import for_user
from play.games.lifecycle import end, settle
from play.models import AnalysisTree, Evaluation, Game
from play.models.webpush import REMINDER_HOURS
from play.notify import notify
from play.webpush import choices


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
    """Warn players whose clock runs low (clocks.warning_due): at its last 20 %, and in
    correspondence a day and an hour before it runs out, as each player keeps those
    reminders; in the bell, by email and by push, each once per turn."""
    now = now or clocks.now()
    nearest = max(REMINDER_HOURS) * 3600
    timed = Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=False).filter(
        ~Q(low_time_warned_ply=F("ply")) | Q(deadline__lte=now + timedelta(seconds=nearest))
    )
    count = 0
    for game in timed.prefetch_related("seats__user__push_choices"):
        if clocks.warning_due(game, now, choices.reminders(game.player(game.turn))) is None:
            continue
        with transaction.atomic():
            game = Game.locked(game.pk)
            player = game.player(game.turn)
            due = clocks.warning_due(game, now, choices.reminders(player))
            if game.status != Game.Status.ACTIVE or due is None:
                continue
            with for_user(player):
                text = _("Time is running low against %(opponent)s: %(left)s left.") % {
                    "opponent": game.player_name(1 - game.turn),
                    "left": clocks.human(clocks.left(game, game.turn, now)),
                }
            notify.tell(player, notify.Kind.LOW_TIME, text, game)
            game.low_time_warned_ply, game.low_time_warned_below = game.ply, due
            game.save(update_fields=["low_time_warned_ply", "low_time_warned_below"])
            count += 1
    return count


# How long a long analysis tree is kept for its addresses (a study keeps its own, for good),
# and an evaluation's answer for its page.
KEPT = timedelta(days=30)


def forget_old(now=None) -> int:
    """Drop analysis trees kept for addresses past KEPT, and evaluations past it; and the
    sessions and logins that have ended."""
    now = now or clocks.now()
    trees = AnalysisTree.objects.filter(created_at__lt=now - KEPT).delete()[0]
    answers = Evaluation.objects.filter(created_at__lt=now - KEPT).delete()[0]
    return trees + answers + accounts.forget_ended_logins(now)


def sweep_once(now=None) -> dict[str, int]:
    now = now or clocks.now()
    return {
        "seeks expired": expire_seeks(now),
        "games ended on time": expire_clocks(now),
        "low-time warnings": warn_low_time(now),
        "digests sent": notify.send_digests(now),
        "old analyses, evaluations and logins forgotten": forget_old(now),
    }
