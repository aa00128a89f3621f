"""What a moderator does about a player, as lichess's moderators do: warn them (in words chosen
from a few), mute them in chats and messages for a time, mark them (help from a computer,
boosting or sandbagging: their games unrated from then on, their ratings off the
leaderboards), rename them, close their account and reopen it. Each action is kept with its
reason in the moderation log, which the player reads (play/moderation/views.py), and the player
is told as it is done.

An action on a report handles it: the report's row is locked and must still be open, so that
two moderators acting on one report at once make one action, and the second is told."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play.accounts import accounts, standing
from play.accounts.forms import check_name
from play.common import clocks, language
from play.common.errors import Refused
from play.games import games
from play.models import (
    Entrant,
    Game,
    Notification,
    Participant,
    PoolEntry,
    Profile,
    Report,
    Sanction,
)
from play.models.moderation import REPORT_WORDS
from play.notify import notify
from play.push import live

Kind = Sanction.Kind
# The warnings a moderator chooses from, as lichess's presets: each player reads theirs in
# their own language.
WARNINGS = {
    "chat": gettext_lazy(
        "Please be kind in chats and messages: insults, threats and harassment have no place "
        "on Imperia."
    ),
    "leaving": gettext_lazy(
        "Please resign a game you no longer want to play, rather than leaving it or letting "
        "your clock run out."
    ),
    "sandbagging": gettext_lazy(
        "Please play your rated games to win: losing them on purpose (sandbagging) is not allowed."
    ),
    "boosting": gettext_lazy(
        "Please do not arrange rated results with a friend or a second account (boosting)."
    ),
    "assistance": gettext_lazy(
        "Please play your games alone: help from a computer or another person during a game is "
        "not allowed."
    ),
}
MUTE_HOURS = (1, 24, 72, 168, 720)  # an hour, a day, three days, a week, thirty days
MARKS = {Kind.ENGINE: Profile.Mark.ENGINE, Kind.BOOSTER: Profile.Mark.BOOSTER}
SHOWN = [kind for kind in Kind.values if kind != Kind.DISMISS]  # to the player, in their log


def act(
    moderator,
    player,
    kind: str,
    reason: str,
    *,
    report: Report | None = None,
    warning: str = "",
    hours: int = 0,
    name: str = "",
) -> Sanction:
    """Do `kind` to the player, for `reason` (the moderators' own words, which the player
    reads): with the warning chosen, the mute's hours, the new name. On a report, the report is
    handled by it, or Refused if another moderator handled it first. Refused saying what is
    wrong, with nothing done."""
    if not moderator.has_perm("play.moderate"):
        raise Refused(_("Only moderators do this."), 403)
    reason = reason.strip()
    if not reason:
        raise Refused(_("Say why: the player reads it in their moderation log."))
    if len(reason) > REPORT_WORDS:
        raise Refused(_("A reason is at most %(most)s characters long.") % {"most": REPORT_WORDS})
    if kind not in Kind.values:
        raise Refused(_("There is no such action."))
    with transaction.atomic():
        player = get_user_model().objects.select_for_update().get(pk=player.pk)
        if report is not None:
            report = Report.objects.select_for_update().get(pk=report.pk)
            if report.status != Report.Status.OPEN:
                raise Refused(
                    _("Another moderator handled this report a moment ago: nothing was done."), 409
                )
            if report.reported_id != player.pk:
                raise Refused(_("This report is about another player."))
            report.status = Report.Status.HANDLED
            report.save(update_fields=["status"])
        elif kind == Kind.DISMISS:
            raise Refused(_("Only a report is dismissed."))
        if player.pk == moderator.pk:
            raise Refused(_("That is you."))
        profile = notify.profile_of(player)
        detail = DO[kind](player, profile, warning=warning, hours=hours, name=name)
        sanction = Sanction.objects.create(
            moderator=moderator, player=player, kind=kind, reason=reason, detail=detail,
            report=report, created_at=clocks.now(),
        )  # fmt: skip
        if kind in SHOWN:
            _tell(player, sanction, hours)
    return sanction


def _warn(player, profile, *, warning, **_unused) -> str:
    if warning not in WARNINGS:
        raise Refused(_("Choose the warning the player reads."))
    return warning


def _mute(player, profile, *, hours, **_unused) -> str:
    if hours not in MUTE_HOURS:
        raise Refused(_("Choose how long the player is muted."))
    profile.muted_until = clocks.now() + timedelta(hours=hours)
    profile.save(update_fields=["muted_until"])
    _chats_redrawn(player)
    return profile.muted_until.isoformat()


def _unmute(player, profile, **_unused) -> str:
    if standing.muted_until(player) is None:
        raise Refused(_("This player is not muted."))
    profile.muted_until = None
    profile.save(update_fields=["muted_until"])
    _chats_redrawn(player)
    return ""


def _mark(player, profile, *, kind, **_unused) -> str:
    profile.mark = MARKS[kind]
    profile.save(update_fields=["mark"])
    # From now on: the games they have not finished are no longer rated.
    unfinished = [Game.Status.OPEN, Game.Status.SETUP, Game.Status.ACTIVE]
    Game.objects.filter(seats__user=player, status__in=unfinished, rated=True).update(rated=False)
    return ""


def _unmark(player, profile, **_unused) -> str:
    if not profile.mark:
        raise Refused(_("This player is not marked."))
    profile.mark = Profile.Mark.NONE
    profile.save(update_fields=["mark"])
    return ""


def _rename(player, profile, *, name, **_unused) -> str:
    name = name.strip()
    try:
        check_name(name)
    except ValidationError as exc:
        raise Refused(" ".join(exc.messages)) from None
    taken = get_user_model().objects.filter(username__iexact=name).exclude(pk=player.pk)
    if taken.exists():
        raise Refused(_("A player is called %(name)s already.") % {"name": name}, 409)
    old, player.username = player.username, name
    player.save(update_fields=["username"])
    return old


def _close(player, profile, **_unused) -> str:
    if not player.is_active:
        raise Refused(_("This account is closed already."))
    player.is_active = False
    player.save(update_fields=["is_active"])
    transaction.on_commit(lambda: accounts.end_every_session(player))
    accounts.revoke_every_token(player)
    leave_play(player)
    return ""


def leave_play(player) -> None:
    """A player who can no longer play (closed, or gone) resigns their games in play, so that
    no opponent waits on a clock; their seeks and challenges are withdrawn, and quick pairing,
    the tournaments not yet over and the championships pair them no more (a reopened account
    joins again, as after a pause)."""
    mine = Game.objects.filter(seats__user=player)
    for game in mine.filter(status=Game.Status.ACTIVE):
        games.resign(game, player)
    for game in mine.filter(status=Game.Status.OPEN, created_by=player):
        games.abort(game, player)
    PoolEntry.objects.filter(user=player).delete()
    running = Participant.objects.filter(user=player, tournament__finished_at__isnull=True)
    running.update(paused=True, free_since=None)
    Entrant.objects.filter(user=player, left_at__isnull=True).update(left_at=clocks.now())


def _reopen(player, profile, **_unused) -> str:
    if player.is_active:
        raise Refused(_("This account is open."))
    player.is_active = True
    player.save(update_fields=["is_active"])
    return ""


def _dismiss(player, profile, **_unused) -> str:
    return ""


DO = {
    Kind.WARN: _warn,
    Kind.MUTE: _mute,
    Kind.UNMUTE: _unmute,
    Kind.ENGINE: partial(_mark, kind=Kind.ENGINE),
    Kind.BOOSTER: partial(_mark, kind=Kind.BOOSTER),
    Kind.UNMARK: _unmark,
    Kind.RENAME: _rename,
    Kind.CLOSE: _close,
    Kind.REOPEN: _reopen,
    Kind.DISMISS: _dismiss,
}


def log(player):
    """The moderation log as the player reads it: what was done about them and why, latest
    first, without the moderators' names."""
    return Sanction.objects.filter(player=player, kind__in=SHOWN)


def _tell(player, sanction: Sanction, hours: int) -> None:
    """The player told in the bell (and by email, as they take it), in their language: what
    was done and why; a warning in its own words."""
    with language.for_user(player):
        what = _told(sanction, hours)
        text = _("From the moderators: %(what)s %(reason)s") % {
            "what": what,
            "reason": sanction.reason,
        }
    notify.tell(player, Notification.Kind.MODERATION, text, address=reverse("moderation-log"))


def _told(sanction: Sanction, hours: int) -> str:
    if sanction.kind == Kind.WARN:
        return str(WARNINGS[sanction.detail])
    if sanction.kind == Kind.MUTE:
        return ngettext(
            "You are muted in chats and messages for %(hours)s hour.",
            "You are muted in chats and messages for %(hours)s hours.",
            hours,
        ) % {"hours": hours}
    return str(Kind(sanction.kind).label) + "."


def _chats_redrawn(player) -> None:
    """The chats of the player's games in play drawn again for each of their pages: their own
    says they are muted, or no longer."""
    playing = Game.objects.filter(seats__user=player, status=Game.Status.ACTIVE)
    groups = [
        live.group_name(public_id) for public_id in playing.values_list("public_id", flat=True)
    ]
    transaction.on_commit(
        lambda: live.send_many([(group, {"type": "chat.update"}) for group in groups])
    )
