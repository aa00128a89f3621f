"""Disputes: a player's report, the opponent's statement, and the referee's rulings.

Rules and clock disputes on a game in play freeze it (clocks stop, no moves) until ruled.
Rulings are append-only and public to both players: reject, uphold, set the result, annul,
rewind to a ply and resume (the cut moves are archived, the clocks restored), add time.
A dispute is decided once: a second ruling is refused, and a decision is changed only by
reopening the case, with a reason of its own. No one rules on a game they play in.

Refusals are said in the language of the one refused; what the players are told, each in their
own."""

from __future__ import annotations

import math
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Min
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks, language, limits
from play.common.errors import Refused
from play.common.players import shown_name
from play.games.lifecycle import end, result_changed, rewind
from play.models import ArchivedMove, Dispute, Game, Ruling, prefetched
from play.notify import notify
from play.push.live import broadcast
from play.ratings import ratings

Category, Kind = Dispute.Category, Ruling.Kind
FREEZING = {Category.RULES, Category.CLOCK}
REPORT_WINDOW = timedelta(days=30)


def report(game: Game, user, category: str, statement: str, ply: int | None = None) -> Dispute:
    at = clocks.now()
    statement = statement.strip()
    if category not in Category.values:
        raise Refused(_("Choose what the dispute is about."))
    if not statement:
        raise Refused(_("Say what happened: the referee reads your statement."))
    if len(statement) > 4000:
        raise Refused(_("Keep the statement under 4000 characters."))
    recent = Dispute.objects.filter(opened_by=user, created_at__gte=at - timedelta(days=1))
    if (count := recent.count()) >= settings.DISPUTES_PER_DAY:
        # Another may be opened once the oldest of the day's is a day old.
        oldest = recent.aggregate(oldest=Min("created_at"))["oldest"] or at
        wait = math.ceil((oldest + timedelta(days=1) - at).total_seconds())
        opened = ngettext(
            "You have opened %(count)s dispute today: wait before opening another.",
            "You have opened %(count)s disputes today: wait before opening another.",
            count,
        )
        raise limits.Limited(opened % {"count": count}, wait)
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players of a game may dispute it."))
        if game.is_over and (game.finished_at is None or at - game.finished_at > REPORT_WINDOW):
            raise Refused(_("Games can be disputed up to 30 days after they end."), 409)
        if game.status == Game.Status.OPEN:
            raise Refused(_("This game has not started."), 409)
        if game.disputes.filter(opened_by=user, status__in=["open", "review"]).exists():
            raise Refused(_("You already have an open dispute on this game."), 409)
        ply = game.ply if ply is None else ply
        if not 0 <= ply <= game.ply:
            raise Refused(_("The ply must be between 0 and %(last)s.") % {"last": game.ply})
        dispute = Dispute.objects.create(
            game=game, opened_by=user, seat=seat.index, category=category, ply=ply,
            statement=statement, created_at=at,
        )  # fmt: skip
        game.has_disputes = True  # saved by _touch() below
        if category in FREEZING and game.status == Game.Status.ACTIVE:
            freeze(game, at)
            dispute.froze_game = True
            dispute.save(update_fields=["froze_game"])
        opponent = game.player(1 - seat.index)
        with language.for_user(opponent):
            text = _(
                "%(name)s opened a dispute (%(category)s) on %(game)s; you may add your statement."
            ) % {
                "name": shown_name(user),
                "category": dispute.get_category_display().lower(),
                "game": language.translated(game.rules.name),
            }
        notify.tell(opponent, notify.Kind.DISPUTE, text, game)
        _touch(game)
    return dispute


def add_statement(dispute: Dispute, user, text: str) -> Dispute:
    text = text.strip()
    with transaction.atomic():
        game = Game.locked(dispute.game_id)
        dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
        seat = game.seat_of(user)
        if seat is None or seat.index == dispute.seat:
            raise Refused(_("Only the other player adds a statement to this dispute."), 403)
        if not dispute.is_open:
            raise Refused(_("This dispute has been decided."), 409)
        if not text or len(text) > 4000:
            raise Refused(_("Write a statement of up to 4000 characters."))
        dispute.opponent_statement = text
        dispute.save(update_fields=["opponent_statement"])
        _touch(game)
    return dispute


def freeze(game: Game, at) -> None:
    """Stop the clocks and the moves while a dispute is reviewed."""
    if game.clocks is not None and game.turn is not None:
        game.clocks[game.turn] = clocks.left(game, game.turn, at)
    game.deadline = None
    game.status = Game.Status.DISPUTED


def thaw(game: Game, at) -> None:
    """Play resumes once no freezing dispute is open; the clock of the side to move runs on."""
    if game.status != Game.Status.DISPUTED:
        return
    if game.disputes.filter(froze_game=True, status__in=["open", "review"]).exists():
        return
    game.status = Game.Status.ACTIVE
    if game.clocks is not None and game.turn is not None:
        game.turn_started_at = at
        game.deadline = at + timedelta(seconds=game.clocks[game.turn])


def take(dispute: Dispute, referee) -> None:
    """A referee takes an open case: it is under review."""
    with transaction.atomic():
        game, dispute = _locked(dispute, referee)
        if dispute.status == Dispute.Status.OPEN:
            dispute.status = Dispute.Status.REVIEW
            dispute.save(update_fields=["status"])
            _touch(game)


def rule(dispute: Dispute, referee, kind: str, reason: str, **details) -> Ruling:
    """Decide an open dispute: the effect on the game, the public record, and a word to both
    players. A decided dispute is refused, unchanged; changing a decision is `reopen`."""
    if kind == Kind.REOPEN:
        raise Refused(_("A decided case is changed by reopening it, with its own reason."))
    if kind not in Kind.values:
        raise Refused(_("Choose a ruling."))
    reason = _reason(reason)
    with transaction.atomic():
        game, dispute = _locked(dispute, referee)
        if not dispute.is_open:
            last = dispute.rulings.select_related("referee").last()
            already = _(
                "This dispute was already decided by %(referee)s at %(time)s UTC; nothing was "
                "changed. To change a decision, reopen the case with its reason."
            )
            when = f"{last.created_at:%Y-%m-%d %H:%M:%S}"
            raise Refused(already % {"referee": last.referee.username, "time": when}, 409)
        at = clocks.now()
        done, archive = EFFECTS[kind](game, at, **details)
        ruling = _record(dispute, referee, kind, reason, done, at)
        ratings.settle(game, at, ruling)  # a result set, annulled or rewound re-rates the game
        for move in archive:
            move.ruling = ruling
        ArchivedMove.objects.bulk_create(archive)
        dispute.status = Dispute.Status.REJECTED if kind == Kind.REJECT else Dispute.Status.RULED
        dispute.save(update_fields=["status"])
        thaw(game, at)
        _tell(
            game,
            lambda: (
                _("Ruling on the dispute about %(game)s: %(decided)s. %(reason)s")
                % {
                    "game": language.translated(game.rules.name),
                    "decided": ruling.get_kind_display().lower(),
                    "reason": reason,
                }
            ),
        )
        _touch(game)
        result_changed.send(Game, game=game)  # saved: a championship's table follows it
    return ruling


def reopen(dispute: Dispute, referee, reason: str) -> Ruling:
    """Reopen a decided case, for a reason that is logged and told to both players, so that
    it can be ruled on again. The game stays as the decision left it until then, and does
    not freeze again: it may have gone on since."""
    reason = _reason(reason)
    with transaction.atomic():
        game, dispute = _locked(dispute, referee)
        if dispute.is_open:
            raise Refused(_("This dispute is still open: rule on it instead."), 409)
        at = clocks.now()
        ruling = _record(dispute, referee, Kind.REOPEN, reason, {}, at)
        dispute.status, dispute.froze_game = Dispute.Status.REVIEW, False
        dispute.save(update_fields=["status", "froze_game"])
        _tell(
            game,
            lambda: (
                _("The dispute about %(game)s was reopened by the referees. %(reason)s")
                % {"game": language.translated(game.rules.name), "reason": reason}
            ),
        )
        _touch(game)
    return ruling


def _reason(reason: str) -> str:
    """Every decision gives its reason, which both players read."""
    reason = reason.strip()
    if not reason:
        raise Refused(_("Every ruling gives its reason: both players read it."))
    if len(reason) > 4000:
        raise Refused(_("Keep the reason under 4000 characters."))
    return reason


def _locked(dispute: Dispute, referee) -> tuple[Game, Dispute]:
    """The game and the dispute, locked in this order (as a report locks them), once the
    referee may decide on them."""
    game = Game.locked(dispute.game_id)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    _check_referee(referee, game)
    return game, dispute


def _record(dispute, referee, kind, reason, details, at) -> Ruling:
    return Ruling.objects.create(
        dispute=dispute, referee=referee, kind=kind, reason=reason, details=details, created_at=at
    )


def _tell(game: Game, words) -> None:
    """Both players told, each in their own language: `words()` says it in the active one."""
    for seat in game.seats.all():
        with language.for_user(seat.user):
            text = words()
        notify.tell(seat.user, notify.Kind.DISPUTE, text, game)


# Each effect changes the game (locked, in the ruling's transaction) and returns the
# details recorded with the ruling, and any moves to archive under it.


def _no_change(game, at):
    return {}, []


def _set_result(game, at, winner=None):
    if winner not in (None, 0, 1):
        raise Refused(_("The winner is seat 0, seat 1, or none for a draw."))
    _release_freeze(game)
    end(game, winner, "ruling", rerate=False)
    return {"winner": winner}, []


def _annul(game, at):
    _release_freeze(game)
    end(game, None, "annulled", Game.Status.ABORTED, rerate=False)
    return {}, []


def _rewind(game, at, ply=None, seat=None, seconds=0):
    """Back to the position after `ply`; later moves are archived, clocks restored as they
    stood then (optionally with extra time for a seat), and play resumes."""
    # The current ply too: that resumes a game ended by mistake (a misclicked resignation).
    if not isinstance(ply, int) or not 0 <= ply <= game.ply:
        raise Refused(_("Rewind to a ply from 0 to %(last)s.") % {"last": game.ply})
    archive = rewind(game, ply, at)
    if game.clocks is not None and seat in (0, 1) and seconds:
        game.clocks[seat] += seconds
        if seat == game.turn:
            game.deadline += timedelta(seconds=seconds)
    return {"ply": ply, "cut": len(archive), "seat": seat, "seconds": seconds}, archive


def _add_time(game, at, seat=None, seconds=0):
    if seat not in (0, 1) or not isinstance(seconds, int) or seconds <= 0:
        raise Refused(_("Add a positive number of seconds to seat 0 or seat 1."))
    if game.clocks is None or game.is_over:
        raise Refused(_("This game has no running clock."), 409)
    game.clocks[seat] += seconds
    if seat == game.turn and game.deadline is not None:
        game.deadline += timedelta(seconds=seconds)
    return {"seat": seat, "seconds": seconds}, []


EFFECTS = {
    Kind.REJECT: _no_change,
    Kind.UPHOLD: _no_change,
    Kind.RESULT: _set_result,
    Kind.ANNUL: _annul,
    Kind.REWIND: _rewind,
    Kind.ADD_TIME: _add_time,
}


def _release_freeze(game: Game) -> None:
    if game.status == Game.Status.DISPUTED:
        game.status = Game.Status.ACTIVE


def latest(game: Game) -> dict | None:
    """The latest dispute and its latest ruling, for the players' panel."""
    found = sorted(prefetched(game, "disputes"), key=lambda d: d.created_at)
    if not found:
        return None
    rulings = list(found[-1].rulings.all())
    return {"dispute": found[-1], "ruling": rulings[-1] if rulings else None}


def recusal(user, game: Game) -> str | None:
    """Why this referee may not decide this game's disputes, or None: no one rules on a game
    they play in, superusers included."""
    if game.seat_of(user) is not None:
        return _("You play in this game: another referee must rule on its disputes.")
    return None


def _check_referee(user, game: Game) -> None:
    if not user.has_perm("play.referee"):
        raise PermissionDenied(_("Only referees rule on disputes."))
    why = recusal(user, game)
    if why is not None:
        raise Refused(why, 403)


def _touch(game: Game) -> None:
    game.revision += 1
    game.save()
    transaction.on_commit(lambda: broadcast(game))
