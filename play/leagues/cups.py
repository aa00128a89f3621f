"""Cups, after Little Golem's monthly cup: a cup per game, a new one each month. While it
takes entries, a group of `group_max` (five) starts as soon as that many have entered: a
round-robin with all its games at once, whose winner goes on to the next round, where a
group starts as soon as that many winners wait. When entries close at the month's end, the
players left waiting in the lowest round play in a smaller group (or, alone, go on), round
after round, until one player is left: the cup's winner.

Locks: the edition's row, then a game's (ended by leaving), its group's, and the entries of
the group's players last (a group's table moves them: play/leagues/tables.py)."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Min
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import bots, guests
from play.clubs import clubs
from play.common import clocks, language
from play.common.errors import Refused
from play.leagues import championships, words
from play.models import Championship, CupEntry, Edition, LeagueGroup, Member
from play.notify import notify
from play.ratings import ratings

Kind = notify.Kind
Status = CupEntry.Status


def month_start(at: datetime, later: int = 0) -> datetime:
    """The first moment of the month `later` months after the one holding `at`."""
    month = at.month - 1 + later
    return at.replace(
        year=at.year + month // 12, month=month % 12 + 1, day=1, hour=0, minute=0, second=0,
        microsecond=0,
    )  # fmt: skip


def taking_entries(championship: Championship) -> Edition | None:
    return championship.editions.filter(status=Edition.Status.ENTERING).first()


def open_monthly(at=None) -> int:
    """Each cup's edition of this month, taking entries until the month ends (the schedule).
    How many were opened."""
    at = at or clocks.now()
    opened = 0
    start = month_start(at)
    opened_already = Edition.objects.filter(entries_close_at__gt=start).values("championship")
    for cup in Championship.objects.filter(kind=Championship.Kind.CUP).exclude(
        pk__in=opened_already
    ):
        with transaction.atomic():
            cup = Championship.objects.select_for_update().get(pk=cup.pk)
            if cup.editions.filter(entries_close_at__gt=start).exists():
                continue
            number = (cup.editions.aggregate(Max("number"))["number__max"] or 0) + 1
            Edition.objects.create(
                championship=cup, number=number, name=f"{start:%B %Y}",
                status=Edition.Status.ENTERING, started_at=at,
                entries_close_at=month_start(at, 1),
            )  # fmt: skip
            opened += 1
    return opened


def enter(cup: Championship, user) -> CupEntry:
    """Enter this month's cup; a group starts when enough have entered."""
    guests.refuse(user, "play in cups")
    bots.refuse(user, "play in cups")
    if not cup.is_cup:
        raise Refused(_("A championship is joined from its own page."), 400)
    clubs.refuse_outsider(cup.club, user)
    with transaction.atomic():
        edition = taking_entries(cup)
        edition = edition and Edition.objects.select_for_update().get(pk=edition.pk)
        if edition is None or edition.status != Edition.Status.ENTERING:
            raise Refused(_("The %(cup)s takes no entries just now: the next opens on the "
                            "first of the month.") % {"cup": cup.name}, 409)  # fmt: skip
        try:
            with transaction.atomic():
                entry = CupEntry.objects.create(edition=edition, user=user, since=clocks.now())
        except IntegrityError:
            raise Refused(
                _("You are already in the %(cup)s of %(edition)s.")
                % {"cup": cup.name, "edition": words.edition_name(edition)},
                409,
            ) from None
        advance(edition)
    return entry


def withdraw(cup: Championship, user) -> None:
    """Leave this month's cup: while waiting, at once; while in a group, its games in play
    resigned (championships.LEAVING_RULE). Locks: the edition, the games, the entries."""
    mine = [CupEntry.Status.WAITING, CupEntry.Status.PLAYING]
    with transaction.atomic():
        entry = CupEntry.objects.filter(edition__championship=cup, user=user, status__in=mine)
        entry = entry.select_related("edition").first()
        if entry is None:
            raise Refused(_("You are in no %(cup)s still in play.") % {"cup": cup.name}, 409)
        Edition.objects.select_for_update().get(pk=entry.edition_id)
        playing = Member.objects.filter(
            group__edition_id=entry.edition_id, group__tier=entry.round, user=user
        ).values_list("group_id", flat=True)
        for group_id in list(playing):  # their group's table puts them out
            championships.withdraw_from(group_id, user, cup.name)
        CupEntry.objects.filter(pk=entry.pk, status__in=mine).update(status=Status.OUT)


def sweep(at=None) -> int:
    """The schedule's part: open this month's cups, close entries at the month's end, and
    move every cup on (winners on to their next round, new groups). Groups started."""
    at = at or clocks.now()
    open_monthly(at)
    started = 0
    live = Edition.objects.filter(
        championship__kind=Championship.Kind.CUP,
        status__in=[Edition.Status.ENTERING, Edition.Status.PLAYING],
    )
    for edition in live:
        if not _may_move(edition, at):
            continue
        with transaction.atomic():
            edition = Edition.objects.select_for_update().get(pk=edition.pk)
            if edition.status == Edition.Status.ENTERING and edition.entries_close_at <= at:
                edition.status = Edition.Status.PLAYING
                edition.save(update_fields=["status"])
            started += advance(edition)
    return started


def _may_move(edition: Edition, at) -> bool:
    """Worth a look under the lock: entries due to close, a round where a group's worth of
    players wait, or (entries closed) no group in play in the lowest round left."""
    if edition.status == Edition.Status.ENTERING and edition.entries_close_at <= at:
        return True
    entries = edition.cup_entries
    crowded = (
        entries.filter(status=Status.WAITING)
        .values("round")
        .annotate(waiting=Count("pk"))
        .filter(waiting__gte=edition.championship.group_max)
    )
    if crowded.exists():
        return True
    if edition.status != Edition.Status.PLAYING:
        return False
    left = entries.filter(status__in=[Status.WAITING, Status.PLAYING])
    lowest = left.aggregate(Min("round"))["round__min"]
    return lowest is None or not left.filter(round=lowest, status=Status.PLAYING).exists()


def advance(edition: Edition) -> int:
    """Inside the caller's transaction, the edition's row locked (a finished group's winner
    already waits in the next round: play/leagues/tables.py): a group of group_max wherever
    that many wait; once entries have closed, the lowest round's last players together (or alone, on);
    the winner when one is left. How many groups started."""
    cup = edition.championship
    started = 0
    waiting = _waiting(edition)
    for round_, entries in sorted(waiting.items()):
        while len(entries) >= cup.group_max:
            _start_group(edition, round_, entries[: cup.group_max])
            entries = entries[cup.group_max :]
            started += 1
    if edition.status != Edition.Status.PLAYING:
        return started
    while True:
        left = edition.cup_entries.filter(status__in=[Status.WAITING, Status.PLAYING])
        rounds = sorted(set(left.values_list("round", flat=True)))
        if not rounds or (rounds == [1] and not edition.groups.exists() and left.count() < 2):
            _crown(edition, None)  # too few entered to play
            return started
        lowest = rounds[0]
        if left.filter(round=lowest, status=Status.PLAYING).exists():
            return started  # its groups are still playing
        entries = _waiting(edition).get(lowest, [])
        if len(entries) >= 2:
            _start_group(edition, lowest, entries)
            return started + 1
        (entry,) = entries
        if len(rounds) == 1:
            _crown(edition, entry)
            return started
        entry.round += 1  # alone in their round: on to the next, where others wait
        entry.save(update_fields=["round"])


def _waiting(edition: Edition) -> dict[int, list[CupEntry]]:
    found = {}
    waiting = bots.people_only(edition.cup_entries.filter(status=Status.WAITING))
    for entry in waiting.select_related("user__profile"):
        found.setdefault(entry.round, []).append(entry)
    return found


def _start_group(edition: Edition, round_: int, entries: list[CupEntry]) -> LeagueGroup:
    cup = edition.championship
    speed = ratings.speed_of(cup.time_control)
    found = ratings.lookup((e.user_id, cup.game_slug, speed) for e in entries)
    rated = [(found.get((e.user_id, cup.game_slug, speed)), e) for e in entries]
    rated.sort(key=lambda pair: (-(pair[0].rating if pair[0] else 1500), pair[1].user_id))
    number = edition.groups.filter(tier=round_).count() + 1
    group = LeagueGroup.objects.create(edition=edition, tier=round_, number=number)
    members = Member.objects.bulk_create(
        Member(group=group, user=e.user, seed=seed, rank=seed, rating=row.rating if row else 1500)
        for seed, (row, e) in enumerate(rated, 1)
    )
    CupEntry.objects.filter(pk__in=[e.pk for e in entries]).update(status=Status.PLAYING)
    championships.play_group(group, members, _begun)
    return group


def _begun(group: LeagueGroup, count: int) -> str:
    edition = group.edition
    return ngettext(
        "Your group in the %(cup)s of %(edition)s has begun: you play %(count)s games in %(group)s.",
        "Your group in the %(cup)s of %(edition)s has begun: you play %(count)s games in "
        "%(group)s.",
        count,
    ) % {
        "cup": edition.championship.name,
        "edition": words.edition_name(edition),
        "count": count,
        "group": words.group_name(group),
    }


def _crown(edition: Edition, entry: CupEntry | None) -> None:
    """The cup's end: its winner (None when too few entered to play a game)."""
    edition.status, edition.finished_at = Edition.Status.FINISHED, clocks.now()
    edition.champion_id = entry.user_id if entry else None
    edition.save(update_fields=["status", "champion", "finished_at"])
    if entry is None:
        edition.cup_entries.filter(status=Status.WAITING).update(status=Status.OUT)
        return
    entry.status = Status.WON
    entry.save(update_fields=["status"])
    with language.for_user(entry.user):
        text = _("You won the %(cup)s of %(edition)s.") % {
            "cup": edition.championship.name,
            "edition": words.edition_name(edition),
        }
    notify.tell(entry.user, Kind.LEAGUE, text, address=edition.get_absolute_url())
