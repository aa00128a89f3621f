"""Following and blocking, as lichess has them. A player follows another to see them online,
their games and their results; a player blocks another to be left alone: a blocked player
cannot challenge, message or follow the one who blocked them, nor meet them in quick pairing
or the lobby (tournaments and championships pair them as usual). One relation a pair and a
direction: a block replaces a follow, and ends the blocked player's follow of the blocker.

Each change locks the player's row, so that their counts hold however many requests race."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import FilteredRelation, Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from play.common import clocks
from play.common.errors import Refused
from play.common.players import has_account
from play.models import Game, Participant, Relation, Seat, Tournament
from play.push import presence

MOST_FOLLOWED = 5000  # players one player may follow
MOST_BLOCKED = 5000


def follow(player, other) -> None:
    """`player` follows `other`; following again changes nothing."""
    with transaction.atomic():
        kept = _locked(player, other)
        if kept == Relation.Kind.FOLLOW:
            return
        if kept == Relation.Kind.BLOCK:
            raise Refused(_("You block this player: unblock them first to follow them."))
        if Relation.objects.filter(from_user=other, to_user=player, kind=Relation.Kind.BLOCK):
            raise Refused(_("This player does not take followers from you."), 403)
        _within(player, Relation.Kind.FOLLOW, MOST_FOLLOWED)
        _set(player, other, Relation.Kind.FOLLOW)


def unfollow(player, other) -> None:
    _end(player, other, Relation.Kind.FOLLOW)


def block(player, other) -> None:
    """`player` blocks `other`: instead of following them, if they did; and `other` no longer
    follows `player`."""
    with transaction.atomic():
        if _locked(player, other) == Relation.Kind.BLOCK:
            return
        _within(player, Relation.Kind.BLOCK, MOST_BLOCKED)
        _set(player, other, Relation.Kind.BLOCK)
        Relation.objects.filter(from_user=other, to_user=player, kind=Relation.Kind.FOLLOW).delete()


def unblock(player, other) -> None:
    _end(player, other, Relation.Kind.BLOCK)


def relation(player, other) -> str | None:
    """How `player` stands to `other`: Relation.Kind.FOLLOW, BLOCK, or None."""
    if not has_account(player):
        return None
    found = Relation.objects.filter(from_user=player, to_user=other).values_list("kind", flat=True)
    return found.first()


def refuse_meeting(player, other_id: int) -> None:
    """Refused when either blocks the other: `player` cannot challenge the player of
    `other_id`, nor join a game of theirs, outside tournaments."""
    kinds = Relation.objects.filter(
        Q(from_user=player, to_user_id=other_id) | Q(from_user_id=other_id, to_user=player),
        kind=Relation.Kind.BLOCK,
    ).values_list("from_user_id", flat=True)
    blockers = set(kinds)
    if player.pk in blockers:
        raise Refused(_("You block this player: unblock them first to play them."), 403)
    if other_id in blockers:
        raise Refused(_("This player does not take games with you."), 403)


def blocked_ids(player) -> set[int]:
    """The ids of the players `player` blocks: their chat lines are hidden from `player`."""
    if not has_account(player):
        return set()
    found = Relation.objects.filter(from_user=player, kind=Relation.Kind.BLOCK)
    return set(found.values_list("to_user_id", flat=True))


def apart_among(user_ids) -> set[frozenset[int]]:
    """The pairs of these players where one blocks the other: quick pairing pairs neither
    with the other."""
    pairs = Relation.objects.filter(
        kind=Relation.Kind.BLOCK, from_user_id__in=user_ids, to_user_id__in=user_ids
    ).values_list("from_user_id", "to_user_id")
    return {frozenset(pair) for pair in pairs}


def kept_apart(player) -> set[int]:
    """The ids of the players this one blocks or is blocked by: the lobby and quick pairing
    show them nothing of each other."""
    pairs = Relation.objects.filter(
        Q(from_user=player) | Q(to_user=player), kind=Relation.Kind.BLOCK
    ).values_list("from_user_id", "to_user_id")
    return {first if second == player.pk else second for first, second in pairs}


@dataclass
class Watched:
    """A game in play, to watch: its address and its game (not a whole Game row, whose
    forty fields a dashboard of hundreds of friends' games would build for two)."""

    public_id: str
    game_slug: str

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.public_id])

    @property
    def rules(self):
        return rules.get(self.game_slug)


@dataclass
class Online:
    """A followed player online now, and their games in play, to watch."""

    user: object  # with its id and name alone
    games: list[Watched]


def online_followed(player) -> list[Online]:
    """The players `player` follows who have a page of the site open now (play/push/presence:
    shared by every server), by name, each with their games in play: read as values, not
    rows."""
    followed = Relation.objects.filter(from_user=player, kind=Relation.Kind.FOLLOW)
    online = presence.online_among(followed.values_list("to_user_id", flat=True))
    if not online:
        return []
    # One query: each online player by name, with their games in play off the seats' index
    # by player (those not finished), a row a game (or one row, with none).
    in_play = FilteredRelation("seats", condition=Q(seats__finished_at__isnull=True))
    User = get_user_model()
    rows = (
        User.objects.filter(pk__in=online)
        .annotate(in_play=in_play)
        .order_by("username", "in_play__game_id")
        .values_list(
            "pk", "username", "in_play__game__public_id", "in_play__game__game_slug",
            "in_play__game__status",
        )
    )  # fmt: skip
    found: dict[int, Online] = {}
    for pk, name, public_id, slug, status in rows:
        friend = found.get(pk) or found.setdefault(pk, Online(_named(User, pk, name), []))
        if status == Game.Status.ACTIVE:  # not an arrangement yet to be made
            friend.games.append(Watched(public_id, slug))
    return list(found.values())


def _named(User, pk: int, name: str):
    """A player with their id and name alone, built as Django builds a row it reads (by
    position): by keywords, hundreds of them were most of the dashboard's friends online."""
    return User.from_db(None, ["id", "username"], (pk, name))


@dataclass
class Happened:
    """A line of a player's timeline: a followed player's game ended, or their tournament."""

    at: datetime
    user: object
    game: Game | None = None
    tournament: Tournament | None = None
    score: float = 0


def timeline(player, most: int = 20) -> list[Happened]:
    """What the players `player` follows did last: their games ended and their tournaments
    finished, latest first, `most` of them; each read off its table's index by time."""
    followed = Relation.objects.filter(from_user=player, kind=Relation.Kind.FOLLOW)
    followed = followed.values("to_user")
    ended = (
        Seat.objects.filter(user__in=followed, finished_at__isnull=False)
        .select_related("user", "game")
        .prefetch_related("game__seats__user")
        .order_by("-finished_at")[:most]
    )
    finished = (
        Participant.objects.filter(user__in=followed, tournament__finished_at__isnull=False)
        .select_related("user", "tournament")
        .order_by("-tournament__finished_at")[:most]
    )
    lines, told = [], set()
    for seat in ended:  # a game between two followed players is told once
        if seat.game_id not in told:
            told.add(seat.game_id)
            lines.append(Happened(seat.finished_at, seat.user, game=seat.game))
    lines += [
        Happened(p.tournament.finished_at, p.user, tournament=p.tournament, score=p.score)
        for p in finished
    ]
    return sorted(lines, key=lambda line: line.at, reverse=True)[:most]


def following(player):
    """The relations of the players `player` follows, each with `to_user`, the latest first."""
    return _listed(Relation.objects.filter(from_user=player), "to_user", Relation.Kind.FOLLOW)


def followers(player):
    """The relations of the players who follow `player`, each with `from_user`, latest first."""
    return _listed(Relation.objects.filter(to_user=player), "from_user", Relation.Kind.FOLLOW)


def blocked(player):
    """The relations of the players `player` blocks, each with `to_user`, latest first."""
    return _listed(Relation.objects.filter(from_user=player), "to_user", Relation.Kind.BLOCK)


def _listed(found, whom: str, kind: str):
    # In the order of the lists' indexes: a page deep in 5,000 reads its rows off the index.
    return found.filter(kind=kind).select_related(whom).order_by("-created_at", "-pk")


def _locked(player, other) -> str | None:
    """The player's row locked, their relation to `other` read under it; refused for oneself
    and for a player without an account (an anonymous visitor's) on either side."""
    if not has_account(player) or not has_account(other):
        raise Refused(_("Only players with an account follow or block."), 403)
    if player.pk == other.pk:
        raise Refused(_("That is you."))
    get_user_model().objects.select_for_update().filter(pk=player.pk).first()
    return relation(player, other)


def _within(player, kind: str, most: int) -> None:
    if Relation.objects.filter(from_user=player, kind=kind).count() < most:
        return
    if kind == Relation.Kind.FOLLOW:
        message = ngettext(
            "You follow %(most)s player, the most one may: unfollow one first.",
            "You follow %(most)s players, the most one may: unfollow one first.",
            most,
        )
    else:
        message = ngettext(
            "You block %(most)s player, the most one may: unblock one first.",
            "You block %(most)s players, the most one may: unblock one first.",
            most,
        )
    raise Refused(message % {"most": most})


def _set(player, other, kind: str) -> None:
    Relation.objects.update_or_create(
        from_user=player, to_user=other, defaults={"kind": kind, "created_at": clocks.now()}
    )


def _end(player, other, kind: str) -> None:
    with transaction.atomic():
        if _locked(player, other) == kind:
            Relation.objects.filter(from_user=player, to_user=other, kind=kind).delete()
