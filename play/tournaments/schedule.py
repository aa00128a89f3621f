"""The tournaments' part of the sweeper (`manage.py sweep`): the site's own made from its
plans, their players' devices told just before they begin, tournaments begun at their hour,
an arena's free players paired, a first game not begun in time lost, arenas ended at theirs,
Swiss rounds begun as their pacing says, and the standings (and the top game) pushed where
they changed."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks, language
from play.games.lifecycle import end
from play.models import Game, Pairing, Participant, Tournament
from play.notify import notify
from play.tournaments import arenas, plans, standings, swisses
from play.webpush import outbox

# A player who has not made their first move this long after their live tournament game
# began loses it, as on lichess: so that an absent player does not hold an opponent.
FIRST_MOVE = timedelta(seconds=20)
# How long before a tournament begins its players' devices are told (a push, as lichess's).
SOON = timedelta(minutes=5)


def sweep(at=None) -> dict[str, int]:
    at = at or clocks.now()
    return {
        "site tournaments made": plans.make_due(at),
        "tournaments soon told": remind_soon(at),
        "tournaments begun": begin_due(at),
        "tournament games lost unbegun": lapse_unbegun(at),
        "arena games paired": sum(
            len(arenas.pair_free(t, at))
            for t in Tournament.objects.filter(
                kind=Tournament.Kind.ARENA, status=Tournament.Status.STARTED
            )
        ),
        "arenas ended": end_due(at),
        **swisses.advance(at),
        "standings pushed": sum(standings.push(t) for t in standings.due()),
        "top games shown": sum(
            standings.push_top(t)
            for t in Tournament.objects.filter(status=Tournament.Status.STARTED)
        ),
    }


def remind_soon(at) -> int:
    """Push to the players of each tournament beginning within SOON that it is about to
    (those who chose that kind of push), once."""
    reminded = 0
    soon = Tournament.objects.filter(
        status=Tournament.Status.CREATED, reminded=False, starts_at__lte=at + SOON
    )
    for pk in soon.values_list("pk", flat=True):
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=pk)
            if tournament.reminded or tournament.status != Tournament.Status.CREATED:
                continue
            tournament.reminded = True
            tournament.save(update_fields=["reminded"])
            minutes = max(1, round((tournament.starts_at - at).total_seconds() / 60))
            told = []
            for p in tournament.players.select_related("user__profile"):
                with language.for_user(p.user):
                    body = ngettext(
                        "%(tournament)s begins in %(count)s minute.",
                        "%(tournament)s begins in %(count)s minutes.",
                        minutes,
                    ) % {"tournament": tournament.name, "count": minutes}
                    told.append(
                        (p.user, _("Tournament"), body, tournament.get_absolute_url(), None)
                    )
            outbox.queue_each(outbox.Kind.TOURNAMENT, told)
            reminded += 1
    return reminded


def begin_due(at) -> int:
    begun = 0
    due = Tournament.objects.filter(status=Tournament.Status.CREATED, starts_at__lte=at)
    for pk in due.values_list("pk", flat=True):
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=pk)
            if tournament.status != Tournament.Status.CREATED:
                continue
            tournament.status, tournament.started_at = Tournament.Status.STARTED, at
            tournament.next_round_at = None if tournament.is_arena else at  # a Swiss's first
            tournament.revision += 1
            tournament.save(update_fields=["status", "started_at", "next_round_at", "revision"])
            tournament.players.filter(paused=False).update(free_since=at)
            address = tournament.get_absolute_url()
            told = []
            for p in tournament.players.select_related("user__profile"):
                with language.for_user(p.user):
                    text = _("%(tournament)s has begun.") % {"tournament": tournament.name}
                told.append((p.user, text, None, address))
            notify.tell_each(notify.Kind.TOURNAMENT, told, pushed=notify.Pushed.TOURNAMENT)
            begun += 1
    return begun


def lapse_unbegun(at) -> int:
    """A tournament's live game whose side to move has not moved since it began, FIRST_MOVE
    ago: lost by that player, who is paused (an arena) or withdrawn (a Swiss: results.py)."""
    stale = Game.objects.filter(
        status=Game.Status.ACTIVE, tournament__isnull=False, speed="live", ply__lt=2,
        turn_started_at__lte=at - FIRST_MOVE,
    )  # fmt: skip
    lapsed = 0
    for pk in stale.values_list("pk", flat=True):
        with transaction.atomic():
            game = Game.locked(pk)
            if game.status != Game.Status.ACTIVE or game.ply >= 2:
                continue
            if game.turn_started_at > at - FIRST_MOVE:
                continue
            idle = game.player(game.turn)
            end(game, 1 - game.turn, "no-start")
            Participant.objects.filter(
                tournament_id=game.tournament_id, tournament__kind=Tournament.Kind.ARENA, user=idle
            ).update(paused=True, free_since=None)
            lapsed += 1
    return lapsed


def end_due(at) -> int:
    """Arenas whose time is up: finished, and the games still in play left uncounted (as on
    lichess: they are played out, and count for ratings, not for the arena)."""
    ended = 0
    due = Tournament.objects.filter(kind=Tournament.Kind.ARENA, status=Tournament.Status.STARTED)
    for tournament in due:
        if tournament.ends_at > at:
            continue
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
            if tournament.status != Tournament.Status.STARTED:
                continue
            tournament.status, tournament.finished_at = Tournament.Status.FINISHED, at
            tournament.revision += 1
            tournament.save(update_fields=["status", "finished_at", "revision"])
            Pairing.objects.filter(tournament=tournament, game__status__in=Game.IN_PLAY).update(
                counted=False
            )
            standings.tell_final(tournament)
            ended += 1
    return ended
