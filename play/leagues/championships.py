"""A championship (a league) of one game and clock, after Little Golem's: its players are
entered in every edition until they leave. An edition puts them in divisions (division 1
the strongest, then rooms for `width` times as many at each step down) and each division
in round-robin groups of players of similar rating, whose games all start at once. When the
last game ends, the top of each group go up and the bottom down, and the next edition
starts `rest_days` later by itself.

Locks are taken in one order: the championship, then a game, its group, its edition."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, OuterRef, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play.accounts import bots, guests
from play.clubs import clubs
from play.common import clocks, language
from play.common.errors import Refused
from play.common.players import shown_name
from play.games import games
from play.games.lifecycle import end
from play.leagues import tables, words
from play.models import Championship, Edition, Entrant, Game, LeagueGroup, Member
from play.notify import notify
from play.ratings import ratings

LEAVING_RULE = gettext_lazy(
    "A player who leaves during an edition resigns their games still in play: each counts as "
    "a win for their opponent. Their finished games stand, and they keep their line in the "
    "table, marked as gone; they are not entered in the next edition."
)
Kind = notify.Kind


def _locked(championship: Championship) -> Championship:
    return Championship.objects.select_for_update().get(pk=championship.pk)


def current(championship: Championship) -> Edition | None:
    return championship.editions.order_by("-number").first()


def join(championship: Championship, user) -> Entrant:
    """Enter the player in every edition from the next one."""
    guests.refuse(user, "play in championships")
    bots.refuse(user, "play in championships")
    if championship.is_cup:
        raise Refused(_("A cup is entered from its own page."), 400)
    clubs.refuse_outsider(championship.club, user)
    with transaction.atomic():
        championship = _locked(championship)
        entrant = Entrant.objects.filter(championship=championship, user=user).first()
        if entrant is not None and entrant.left_at is None:
            raise Refused(_already_entered(championship), 409)
        at = clocks.now()
        if entrant is None:
            try:
                with transaction.atomic():
                    entrant = Entrant.objects.create(
                        championship=championship, user=user, joined_at=at
                    )
            except IntegrityError:  # entered by a request that won the race
                raise Refused(_already_entered(championship), 409) from None
        else:  # back after leaving: placed again as a newcomer
            entrant.left_at, entrant.division, entrant.joined_at = None, None, at
            entrant.save()
    return entrant


def _already_entered(championship: Championship) -> str:
    return _("You are already entered in the %(championship)s.") % {
        "championship": championship.name
    }


def leave(championship: Championship, user) -> list[Game]:
    """The player leaves: from the next edition; and during one, their games in play are
    resigned (LEAVING_RULE). The games so ended."""
    ended = []
    with transaction.atomic():
        championship = _locked(championship)
        entrant = Entrant.objects.filter(
            championship=championship, user=user, left_at__isnull=True
        ).first()
        if entrant is None:
            raise Refused(
                _("You are not entered in the %(championship)s.")
                % {"championship": championship.name},
                409,
            )
        edition = current(championship)
        if edition is not None and edition.status == Edition.Status.STARTING:
            raise Refused(_("The next edition's games are being made just now: leave in a "
                            "minute, and nothing will have been lost."), 409)  # fmt: skip
        at = clocks.now()
        entrant.left_at = at
        entrant.save(update_fields=["left_at"])
        if edition is None or edition.status != Edition.Status.PLAYING:
            return ended
        place = Member.objects.filter(group__edition=edition, user=user).first()
        if place is not None:
            ended = withdraw_from(place.group_id, user, championship.name)
    return ended


def withdraw_from(group_id: int, user, name: str) -> list[Game]:
    """The player leaves a group being played: marked gone in its table, their games in
    play resigned (LEAVING_RULE), each opponent told. The games so ended."""
    Member.objects.filter(group_id=group_id, user=user).update(left_at=clocks.now())
    ended = []
    in_play = Game.objects.filter(
        league_group_id=group_id, seats__user=user, status__in=Game.IN_PLAY
    ).values_list("pk", flat=True)
    for pk in list(in_play):
        game = Game.locked(pk)
        if game.status not in Game.IN_PLAY:
            continue
        seat = game.seat_of(user)
        end(game, 1 - seat.index, "withdrew")
        opponent = game.player(1 - seat.index)
        with language.for_user(opponent):
            text = _("%(player)s left the %(championship)s: your game counts as a win for you.")
            text %= {"player": shown_name(user), "championship": name}
        notify.tell(opponent, Kind.LEAGUE, text, game)
        ended.append(game)
    return ended


# --- an edition begins ----------------------------------------------------------------------


@dataclass
class Placed:
    entrant: Entrant
    rating: float
    division: int  # earned (or placed, for a newcomer)


def start_due(at=None) -> int:
    """Begin (or go on making) every league's edition that is due. How many began."""
    at = at or clocks.now()
    latest = Edition.objects.filter(championship=OuterRef("pk")).order_by("-number")
    entered = Entrant.objects.filter(championship=OuterRef("pk"), left_at__isnull=True)
    leagues = Championship.objects.filter(kind=Championship.Kind.LEAGUE).annotate(
        last_status=Subquery(latest.values("status")[:1]),
        last_next_at=Subquery(latest.values("next_at")[:1]),
        entered=Subquery(entered.values("championship").annotate(n=Count("pk")).values("n")[:1]),
    )
    begun = 0
    for championship in leagues:  # one query a pass: most passes find nothing due
        if _may_be_due(championship, at):
            begun += start_if_due(championship, at) is not None
    return begun


def _may_be_due(championship: Championship, at) -> bool:
    """Worth a look under the lock, from what start_due read of the latest edition."""
    status, next_at = championship.last_status, championship.last_next_at
    if status is None:
        if championship.first_edition_at is None:
            return (championship.entered or 0) >= championship.group_min
        return championship.first_edition_at <= at
    if status == Edition.Status.FINISHED:
        return next_at is not None and next_at <= at
    return status == Edition.Status.STARTING


def start_if_due(championship: Championship, at=None) -> Edition | None:
    """Make the next edition when it is due: its divisions and groups in one short
    transaction, then each group's games in its own, so that no request waits long on the
    database; a pass that stopped half-way is taken up by the next."""
    at = at or clocks.now()
    with transaction.atomic():
        championship = _locked(championship)
        edition = current(championship)
        if edition is None or edition.status == Edition.Status.FINISHED:
            edition = _make_if_due(championship, edition, at)
        elif edition.status != Edition.Status.STARTING:
            return None
    if edition is None:
        return None
    for group_id in edition.groups.filter(started_at__isnull=True).values_list("pk", flat=True):
        _start_group(group_id)
    with transaction.atomic():
        edition = Edition.objects.select_for_update().get(pk=edition.pk)
        if edition.status == Edition.Status.STARTING:
            edition.status, edition.started_at = Edition.Status.PLAYING, clocks.now()
            edition.save(update_fields=["status", "started_at"])
    return edition


def _make_if_due(championship, last: Edition | None, at) -> Edition | None:
    entered = Entrant.objects.filter(championship=championship, left_at__isnull=True)
    entrants = list(bots.people_only(entered).select_related("user"))
    due = last.next_at if last is not None else championship.first_edition_at
    if last is None and due is None and len(entrants) >= championship.group_min:
        # The first edition: a week (rest_days) after a group's worth of players entered.
        championship.first_edition_at = at + timedelta(days=championship.rest_days)
        championship.save(update_fields=["first_edition_at"])
        return None
    if due is None or at < due or len(entrants) < championship.group_min:
        return None
    number = (last.number if last else 0) + 1
    edition = Edition.objects.create(
        championship=championship, number=number, name=f"Edition {number}"
    )
    divisions = place(championship, last, entrants)
    groups, members = [], []
    for tier, players in enumerate(divisions, 1):
        for number_in, chunk in enumerate(split(championship, players), 1):
            group = LeagueGroup(edition=edition, tier=tier, number=number_in)
            groups.append(group)
            for seed, placed in enumerate(chunk, 1):
                members.append(Member(group=group, user=placed.entrant.user, seed=seed,
                                      rank=seed, rating=placed.rating))  # fmt: skip
                placed.entrant.division = tier
    LeagueGroup.objects.bulk_create(groups)
    for member in members:
        member.group_id = member.group.pk
    Member.objects.bulk_create(members)
    Entrant.objects.bulk_update([p.entrant for d in divisions for p in d], ["division"])
    return edition


def place(championship, last: Edition | None, entrants: list[Entrant]) -> list[list[Placed]]:
    """The players in divisions: each where the last edition's table sent them (up, down or
    staying), a newcomer in the lowest division unless their rating (no longer provisional)
    is at least a division's median, then the highest such. A division has room for
    group_max * width**(d-1) players: past it the lowest-rated go down a division, and
    short of it the best of the next come up. A last division too small for a group joins
    the one above."""
    slug = championship.game_slug
    speed = ratings.speed_of(championship.time_control)
    found = ratings.lookup((e.user_id, slug, speed) for e in entrants)
    before = {}
    if last is not None:
        for m in Member.objects.filter(group__edition=last).select_related("group"):
            before[m.user_id] = m
    medians = {}
    for m in before.values():
        medians.setdefault(m.group.tier, []).append(m.rating)
    medians = {tier: statistics.median(values) for tier, values in medians.items()}
    lowest = max(medians, default=1)
    placed = []
    for entrant in entrants:
        row = found.get((entrant.user_id, slug, speed))
        rating = row.rating if row else ratings.glicko.START
        if entrant.user_id in before:
            was = before[entrant.user_id]
            division = max(1, was.group.tier - was.movement)
        else:
            division = lowest
            if row is not None and row.rd <= ratings.PROVISIONAL_RD:
                division = min(
                    (tier for tier, median in medians.items() if rating >= median), default=lowest
                )
        placed.append(Placed(entrant, rating, division))
    placed.sort(key=lambda p: (p.division, -p.rating, p.entrant.user_id))
    divisions, start, tier = [], 0, 1
    while start < len(placed):
        room = championship.group_max * championship.width ** (tier - 1)
        divisions.append(placed[start : start + room])
        start, tier = start + room, tier + 1
    if len(divisions) > 1 and len(divisions[-1]) < championship.group_min:
        divisions[-2] += divisions.pop()
    return divisions


def split(championship, players: list[Placed]) -> list[list[Placed]]:
    """A division's players in groups of similar rating, as even in size as may be: as many
    as group_max allows, fewer where that would leave a group under group_min."""
    ordered = sorted(players, key=lambda p: (-p.rating, p.entrant.user_id))
    count = math.ceil(len(ordered) / championship.group_max)
    count = max(1, min(count, len(ordered) // championship.group_min))
    size, extra = divmod(len(ordered), count)
    chunks, start = [], 0
    for index in range(count):
        length = size + (index < extra)
        chunks.append(ordered[start : start + length])
        start += length
    return chunks


def pairings(members: list[Member], games_per_pair: int) -> list[tuple]:
    """Every pair once (or twice, colours swapped), White balanced: of a pair of seeds i < j,
    i is White when i + j is odd."""
    pairs = []
    for i, first in enumerate(members):
        for j in range(i + 1, len(members)):
            second = members[j]
            white, black = (first, second) if (i + j) % 2 else (second, first)
            pairs.append((white.user, black.user))
            if games_per_pair == 2:
                pairs.append((black.user, white.user))
    return pairs


def _start_group(group_id: int) -> None:
    """A league group's games, all at once, under its row lock (a pass that stopped
    half-way finds it started, or not)."""
    with transaction.atomic():
        group = LeagueGroup.objects.select_for_update().select_related("edition__championship")
        group = group.get(pk=group_id)
        if group.started_at is not None:
            return
        members = list(group.members.order_by("seed").select_related("user__profile"))
        play_group(group, members, _begun)


def _begun(group: LeagueGroup, count: int) -> str:
    edition = group.edition
    return ngettext(
        "%(edition)s of the %(championship)s has begun: you play %(count)s games in %(group)s.",
        "%(edition)s of the %(championship)s has begun: you play %(count)s games in %(group)s.",
        count,
    ) % {
        "edition": words.edition_name(edition),
        "championship": edition.championship.name,
        "count": count,
        "group": words.group_name(group),
    }


def play_group(group: LeagueGroup, members: list[Member], told) -> None:
    """Every pair of the group's players (seed order) at once, the group marked started, and
    each player told, in their language, `told(group, count)`: that it has begun, how many
    games they play and where."""
    championship = group.edition.championship
    made = games.start_paired(
        championship.game_slug, championship.options, championship.time_control,
        pairings(members, championship.games_per_pair), rated=True, league_group=group,
    )  # fmt: skip
    group.started_at = clocks.now()
    group.save(update_fields=["started_at"])
    count = len(made) * 2 // max(1, len(members))
    for member in members:
        with language.for_user(member.user):
            text = told(group, count)
        notify.tell(
            member.user, Kind.LEAGUE, text, address=group.get_absolute_url(),
            pushed=notify.Pushed.CHAMPIONSHIP,
        )  # fmt: skip


# --- an edition ends ------------------------------------------------------------------------


def close_finished(at=None) -> int:
    """End every league edition whose games have all ended. How many ended."""
    playing = Edition.objects.filter(
        status=Edition.Status.PLAYING, championship__kind=Championship.Kind.LEAGUE
    )
    closed = 0
    for edition in playing:
        if not _in_play(edition).exists():
            closed += close(edition)
    return closed


def _in_play(edition: Edition):
    return Game.objects.filter(league_group__edition=edition, status__in=Game.IN_PLAY)


def close(edition: Edition) -> bool:
    """The edition's end: its groups' rows locked (in one order, as a ruling's recount locks
    one), then the edition's; the next edition's date; each player told where they ended."""
    with transaction.atomic():
        groups = list(
            LeagueGroup.objects.select_for_update().filter(edition=edition).order_by("pk")
        )
        edition = (
            Edition.objects.select_for_update().select_related("championship").get(pk=edition.pk)
        )
        if edition.status != Edition.Status.PLAYING or _in_play(edition).exists():
            return False
        last = Game.objects.filter(league_group__edition=edition).aggregate(Max("finished_at"))
        edition.finished_at = last["finished_at__max"] or clocks.now()
        edition.next_at = edition.finished_at + timedelta(days=edition.championship.rest_days)
        edition.status = Edition.Status.FINISHED
        edition.champion_id = tables.champion_of(edition)
        edition.save()
        by_pk = {g.pk: g for g in groups}
        places = Member.objects.filter(group__edition=edition).select_related("user__profile")
        places = list(places)
        sizes = Counter(m.group_id for m in places)
        for member in places:
            group = by_pk[member.group_id]
            group.edition = edition
            with language.for_user(member.user):
                text = str(MOVED[member.movement]) % {
                    "edition": words.edition_name(edition),
                    "championship": edition.championship.name,
                    "place": words.ordinal(member.rank),
                    "count": sizes[group.pk],
                    "group": words.group_name(group),
                }
            notify.tell(member.user, Kind.LEAGUE, text, address=group.get_absolute_url())
    return True


# What each player is told as an edition ends, by where their place sends them.
MOVED = {
    1: gettext_lazy(
        "%(edition)s of the %(championship)s has ended: you finished %(place)s of %(count)s "
        "in %(group)s, promoted."
    ),
    0: gettext_lazy(
        "%(edition)s of the %(championship)s has ended: you finished %(place)s of %(count)s "
        "in %(group)s."
    ),
    -1: gettext_lazy(
        "%(edition)s of the %(championship)s has ended: you finished %(place)s of %(count)s "
        "in %(group)s, relegated."
    ),
}
