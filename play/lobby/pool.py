"""Quick pairing: a player picks a game and a time control and waits in that pool; the nearest
rated waiting player within both their ranges (which widen with the wait) is their opponent,
and a rated game opens for both at once. Shaped like the move service: one transaction, the
pool's waiting rows locked (on PostgreSQL) in one order, pushes after commit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _

import rules
from play.accounts import bots, guests
from play.common import clocks
from play.common.errors import Refused
from play.common.language import translated
from play.computer import opponents
from play.games import games
from play.models import Computer, Game, PoolEntry
from play.notify import notify
from play.ratings import ratings
from play.relations import relations

# The pools' time controls, by key: live and correspondence.
CLOCKS = {
    "3+2": {"kind": "live", "minutes": 3, "increment": 2},
    "5+3": {"kind": "live", "minutes": 5, "increment": 3},
    "10+5": {"kind": "live", "minutes": 10, "increment": 5},
    "15+10": {"kind": "live", "minutes": 15, "increment": 10},
    "1d": {"kind": "days", "days": 1},
    "3d": {"kind": "days", "days": 3},
}
RANGE = 100  # rating points either side at first
WIDEN = 10  # more points a second waited
WIDEST = 700  # reached after a minute
COMPUTER_AFTER = timedelta(minutes=1)  # then a game against the computer is offered
GONE = timedelta(seconds=20)  # a waiting page that has not spoken for this long has left


def clock_names() -> dict[str, str]:
    """Each pool's time control as its button names it, in the reader's language: 3+2 (live
    minutes and increment), 1d (days per move)."""
    return {key: clock_name(key) for key in CLOCKS}


def clock_name(key: str) -> str:
    tc = CLOCKS[key]
    if tc["kind"] == "live":
        return key
    # Translators: a pool's correspondence clock on its button, days per move: "1d", "3d".
    return _("%(days)sd") % {"days": tc["days"]}


def rating_range(entry: PoolEntry, at) -> int:
    """How far from their rating the player accepts an opponent, after waiting this long."""
    waited = max(0.0, (at - entry.joined_at).total_seconds())
    return min(WIDEST, RANGE + int(WIDEN * waited))


def level_near(slug: str, rating: float) -> int:
    """The computer's level whose measured rating in the game (bots/ratings.json) is nearest
    the player's; only levels measured are offered (level 1, the scale's anchor, always is)."""
    placed = {level: m.rating for level, m in opponents.measured(slug).items()} or {1: 0}
    return min(placed, key=lambda level: (abs(placed[level] - rating), level))


def check(slug: str, key: str) -> None:
    if slug not in {g.slug for g in rules.games()}:
        raise Refused(_("Choose one of the five games."))
    if key not in CLOCKS:
        raise Refused(_("Choose a time control: %(clocks)s.") % {"clocks": ", ".join(CLOCKS)})


def enter(user, slug: str, key: str, at=None) -> PoolEntry:
    """Wait in the pool of a game and time control (leaving any other), and pair at once if
    someone fits. Refused while the player has a live game in play: one live game at a time."""
    check(slug, key)
    if Computer.objects.filter(user_id=user.pk).exists():
        raise Refused(_("The computer does not wait in pools."), 403)
    guests.refuse(user, "enter the pool")
    bots.refuse(user, "enter the pool")
    at = at or clocks.now()
    speed = ratings.speed_of(CLOCKS[key])
    with transaction.atomic():
        # The player's places locked first, as a pairing locks them: a pairing that took one
        # has made its game, seen below.
        list(PoolEntry.objects.select_for_update().filter(user=user))
        playing = Game.objects.filter(
            seats__user=user, speed="live", status__in=Game.IN_PLAY
        ).first()
        if playing is not None:
            raise Refused(
                _(
                    "You have a live game in play (%(game)s, %(id)s): finish it before you wait "
                    "for another."
                )
                % {"game": translated(playing.rules.name), "id": playing.public_id},
                409,
            )
        PoolEntry.objects.filter(user=user).delete()
        entry = PoolEntry.objects.create(
            user=user, game_slug=slug, pool=key, joined_at=at, seen_at=at,
            rating=ratings.of(user, slug, speed).rating,
        )  # fmt: skip
    pair(slug, key, at)
    return PoolEntry.objects.select_related("game").get(pk=entry.pk)


def leave(user) -> None:
    """Out of the pool at once; a game already made for the player stays theirs."""
    PoolEntry.objects.filter(user=user, game__isnull=True).delete()


def current(user, at=None) -> PoolEntry | None:
    """The player's place in a pool, with its game once paired; None if not waiting. A place
    whose page has been closed for a while was left."""
    at = at or clocks.now()
    entry = PoolEntry.objects.filter(user=user).select_related("game").first()
    if entry is not None and entry.game_id is None and entry.seen_at < at - GONE:
        PoolEntry.objects.filter(pk=entry.pk, game__isnull=True).delete()
        return None
    return entry


def wait(user, at=None) -> PoolEntry | None:
    """The waiting page's word that the player is still there: pair if someone fits now (the
    range has widened). The entry, with its game once paired; None if not waiting."""
    at = at or clocks.now()
    entry = current(user, at)
    if entry is None or entry.game_id is not None:
        return entry
    PoolEntry.objects.filter(pk=entry.pk).update(seen_at=at)
    pair(entry.game_slug, entry.pool, at)
    return PoolEntry.objects.select_related("game").filter(pk=entry.pk).first()


def pair(slug: str, key: str, at=None) -> list[Game]:
    """Pair the pool's waiting players: the longest waiting first, each with the nearest rated
    player whose range and their own both hold the difference. The waiting rows are locked
    in one order, so two passes at once pair each player once; a player who left is gone."""
    at = at or clocks.now()
    made = []
    with transaction.atomic():
        waiting = list(
            bots.people_only(PoolEntry.objects.select_for_update())
            .filter(game_slug=slug, pool=key, game__isnull=True, seen_at__gte=at - GONE)
            .select_related("user")
            .order_by("joined_at", "pk")
        )
        for a, b in _matches(waiting, at):
            # A private game, joined at once: nobody else can take the seat.
            game = games.create(
                a.user, slug, "random", Game.Listing.INVITE, {}, CLOCKS[key], rated=True
            )
            game = games.join(game, b.user)
            PoolEntry.objects.filter(pk__in=[a.pk, b.pk]).update(game=game)
            made.append((game, (a.user_id, b.user_id)))
        PoolEntry.objects.filter(game_slug=slug, pool=key, game__isnull=True).filter(
            seen_at__lt=at - GONE
        ).delete()  # their pages closed: they left
        transaction.on_commit(lambda: notify.open_games(made))
    return [game for game, _ in made]


def _matches(waiting: list[PoolEntry], at) -> list[tuple[PoolEntry, PoolEntry]]:
    pairs, taken = [], set()
    apart = relations.apart_among([entry.user_id for entry in waiting])  # one blocks the other
    for a in waiting:
        if a.pk in taken:
            continue
        fits = [
            b
            for b in waiting
            if b.pk != a.pk
            and b.pk not in taken
            and frozenset((a.user_id, b.user_id)) not in apart
            and abs(a.rating - b.rating) <= min(rating_range(a, at), rating_range(b, at))
        ]
        if fits:
            b = min(fits, key=lambda b: abs(a.rating - b.rating))
            taken |= {a.pk, b.pk}
            pairs.append((a, b))
    return pairs


def play_computer(user) -> Game:
    """Out of the pool, into a game against the computer at the level near the player's
    rating, in the pool's game and time control (offered after a minute alone)."""
    entry = PoolEntry.objects.filter(user=user, game__isnull=True).first()
    if entry is None:
        raise Refused(_("You are not waiting in a pool."), 409)
    level = level_near(entry.game_slug, entry.rating)
    leave(user)
    return opponents.start(user, entry.game_slug, level, "random", {}, CLOCKS[entry.pool])


@dataclass
class Waiting:
    """What the waiting page shows."""

    entry: PoolEntry
    seconds: int
    range: int
    computer_level: int | None  # offered after a minute alone

    @property
    def clock(self) -> str:
        return clock_name(self.entry.pool)


def status(entry: PoolEntry, at=None) -> Waiting:
    at = at or clocks.now()
    waited = at - entry.joined_at
    level = level_near(entry.game_slug, entry.rating) if waited >= COMPUTER_AFTER else None
    return Waiting(entry, int(waited.total_seconds()), rating_range(entry, at), level)
