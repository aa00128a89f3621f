"""Ratings: Glicko-2 (play/ratings/glicko.py) for each player in each game at each speed, changed when a
rated game ends and changed again when a referee's ruling changes that game's result. Every
change is kept with its game (before, after, why), so that it can be shown and audited."""

from __future__ import annotations

import hashlib
import operator
from collections import defaultdict
from datetime import timedelta
from functools import reduce

from django.conf import settings
from django.core.cache import cache
from django.db.models import (
    Count,
    F,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Value,
    Window,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce, Mod, RowNumber
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

import rules
from play.common import clocks, paging
from play.common.language import translated
from play.models import Game, LeagueGroup, Rating, RatingChange, Seat
from play.ratings import glicko, rating_chart

SPEEDS = {
    "live": pgettext_lazy("rating speed", "Live"),
    "correspondence": pgettext_lazy("rating speed", "Correspondence"),
}
# The speeds as a sentence says them ("Leaderboard: Empress, live").
SPEED_WORDS = {
    "live": pgettext_lazy("rating speed, in a sentence", "live"),
    "correspondence": pgettext_lazy("rating speed, in a sentence", "correspondence"),
}
PROVISIONAL_RD = 110  # past this a rating is provisional, shown with "?"
LEAST_RD = 45  # as lichess: a rating never grows so sure of itself that it cannot move
PERIOD_DAYS = 1 / 0.21436  # lichess's rating period: an idle player's deviation grows per period
LEADERS = 100  # the leaderboard's length
ACTIVE_DAYS = 90  # the leaderboard's players have played within this many days
HISTORY_KEPT = 24 * 3600  # seconds a player's rating history stays in the cache, unchanged
Kind = RatingChange.Kind


def speed_of(time_control: dict) -> str:
    """The rating class of a time control: live, or correspondence (days, a bank)."""
    return "live" if time_control.get("kind") == "live" else "correspondence"


def shown(rating: Rating | None) -> str:
    """A rating as players read it: 1623, or 1623? while it is provisional."""
    if rating is None:
        return f"{glicko.START:.0f}?"
    return written(rating.rating, rating.rd)


def written(points: float, rd: float) -> str:
    """`shown` from the two numbers, as a seat keeps them: no rating made to write them."""
    return f"{points:.0f}{'?' if rd > PROVISIONAL_RD else ''}"


def signed(change: float) -> str:
    """A change as players read it: +12, −8 (a true minus sign), ±0."""
    points = round(change)
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "±0"


def of(user, slug: str, speed: str) -> Rating:
    """The player's rating in a game at a speed: a new player's (unsaved) if they have none."""
    found = Rating.objects.filter(user=user, game_slug=slug, speed=speed).first()
    return found or Rating(user=user, game_slug=slug, speed=speed)


def lookup(keys) -> dict[tuple, Rating]:
    """The ratings for (user id, game, speed) keys, in one query."""
    players = defaultdict(set)  # (game, speed) -> user ids
    for user_id, slug, speed in keys:
        players[slug, speed].add(user_id)
    if not players:
        return {}
    # Each game and speed its own players: not every rating of every player named (a
    # dashboard's players have ratings in every game, ten times the rows it shows).
    which = reduce(
        operator.or_,
        (Q(game_slug=slug, speed=speed, user_id__in=sorted(users))
         for (slug, speed), users in sorted(players.items())),
    )  # fmt: skip
    return {(r.user_id, r.game_slug, r.speed): r for r in Rating.objects.filter(which)}


def label(games) -> None:
    """Write beside each player of these games (their seats prefetched) and each seek's maker
    their rating for that game and speed: `seat.rating_text`, `game.maker_rating`. One query
    for them all; the computer has none."""
    games = list(games)
    keys = {(s.user_id, g.game_slug, g.speed) for g in games for s in g.seat_rows()}
    keys |= {(g.created_by_id, g.game_slug, g.speed) for g in games}
    found = lookup(keys)
    for game in games:
        for seat in game.seat_rows():
            key = (seat.user_id, game.game_slug, game.speed)
            seat.rating_text = shown(found.get(key)) if seat.index != game.computer_seat else ""
        game.maker_rating = shown(found.get((game.created_by_id, game.game_slug, game.speed)))


def panel(game: Game) -> dict:
    """Beside each name on the game's page: the rating as play began, and once a rated game is
    over, the change it made (by seat). A query only then: not one a move."""
    shown_ratings = {
        s.index: written(s.rating, s.rating_rd) for s in game.seat_rows() if s.rating is not None
    }
    changes = {}
    if game.rated and game.is_over:
        changes = {c.seat: signed(c.change) for c in standing(game)}
    return {"ratings": shown_ratings, "rating_changes": changes}


def mark_seats(game: Game) -> None:
    """Keep on each player's seat their rating as play begins (not the computer's)."""
    people = [s for s in game.seats.all() if s.index != game.computer_seat]
    found = lookup((s.user_id, game.game_slug, game.speed) for s in people)
    for seat in people:
        rating = found.get((seat.user_id, game.game_slug, game.speed)) or Rating()
        seat.rating, seat.rating_rd = rating.rating, rating.rd
        seat.save(update_fields=["rating", "rating_rd"])
    game.rating_mean = mean_of(seat.rating for seat in people)
    Game.objects.filter(pk=game.pk).update(rating_mean=game.rating_mean)


def mean_of(ratings) -> float | None:
    """The mean of the players' ratings as play began (a game's `rating_mean`)."""
    known = [rating for rating in ratings if rating is not None]
    return sum(known) / len(known) if known else None


def mark_changes(user, games) -> None:
    """Write on each of these games what it did to this player's rating, where it did
    something (`game.player_change`, like +12): one query."""
    found = RatingChange.objects.filter(
        user=user, game__in=games, kind=Kind.RESULT, reversal__isnull=True
    )
    change = {c.game_id: signed(c.change) for c in found}
    for game in games:
        game.player_change = change.get(game.pk, "")


def standing(game: Game) -> list[RatingChange]:
    """The game's changes in force: its result's, unless a ruling has reversed them."""
    found = game.rating_changes.filter(kind=Kind.RESULT, reversal__isnull=True)
    return list(found.order_by("seat"))


def _scores(game: Game) -> tuple[float, float] | None:
    """What the game counts for, seat by seat, or None when it counts for nothing."""
    if not game.rated or game.status != Game.Status.FINISHED:
        return None
    if game.winner is None:
        return (0.5, 0.5)
    return (1.0, 0.0) if game.winner == 0 else (0.0, 1.0)


def settle(game: Game, at=None, ruling=None) -> None:
    """Make what the game did to its players' ratings agree with its result now, inside the
    caller's transaction with the game row locked: at its end; and after a ruling (`ruling`),
    whose reason the history gives. The changes in force are reversed where the result is
    gone (annulled, rewound) or another, then the new result's are made. The new result is
    weighed against the ratings both players had when the game was first rated, and its
    change is added to their ratings as they are now. Run again, it finds the changes in
    force agree and changes nothing."""
    if not game.rated:  # casual games, the computer's, imported ones: they never count
        return
    wanted = _scores(game)
    in_force = standing(game)
    if wanted == (tuple(c.score for c in in_force) or None):
        return
    at = at or clocks.now()
    with translation.override(settings.LANGUAGE_CODE):  # a record, as the moves are
        reason = ruling.reason if ruling is not None else game.result_text
    users = {s.index: s.user for s in game.seats.all()}
    rows = _locked(game, [users[0], users[1]])
    common = {"game": game, "game_slug": game.game_slug, "speed": game.speed, "ruling": ruling}
    common |= {"reason": reason, "at": at}
    made = []
    for change in in_force:
        row = rows[change.user_id]
        after = _moved(_now(row), change, -1)
        made.append(_change(common, change.seat, row, after, Kind.REVERSAL, change.score, change))
        _count(row, change.score, -1)
        _put(row, after)
    if wanted is not None:
        first = {c.seat: c for c in game.rating_changes.filter(kind=Kind.RESULT).order_by("-pk")}
        before = {}
        for seat, user in users.items():
            row = rows[user.pk]
            if seat in first:  # as the players stood when the game was first rated
                c = first[seat]
                before[seat] = glicko.Rating(c.rating_before, c.rd_before, c.volatility_before)
            else:
                before[seat] = _idled(row, at)
                _put(row, before[seat])
        for seat, user in users.items():
            row = rows[user.pk]
            new = glicko.update(before[seat], [(before[1 - seat], wanted[seat])])
            step = RatingChange(
                rating_before=before[seat].rating, rd_before=before[seat].rd,
                volatility_before=before[seat].volatility, rating_after=new.rating,
                rd_after=new.rd, volatility_after=new.volatility,
            )  # fmt: skip
            after = _moved(_now(row), step, 1)
            made.append(_change(common, seat, row, after, Kind.RESULT, wanted[seat]))
            _count(row, wanted[seat], 1)
            row.last_played_at = at
            _put(row, after)
    RatingChange.objects.bulk_create(made)
    for row in rows.values():
        row.save()


def _locked(game: Game, users) -> dict[int, Rating]:
    """Both players' rating rows for the game's class, made if new, locked in one order."""
    slug, speed = game.game_slug, game.speed
    Rating.objects.bulk_create(
        [Rating(user=u, game_slug=slug, speed=speed) for u in users], ignore_conflicts=True
    )
    found = Rating.objects.select_for_update().filter(user__in=users, game_slug=slug, speed=speed)
    return {r.user_id: r for r in found.order_by("pk")}


def _now(row: Rating) -> glicko.Rating:
    return glicko.Rating(row.rating, row.rd, row.volatility)


def _idled(row: Rating, at) -> glicko.Rating:
    """The rating as a game begins: its deviation grown with the time since the last game."""
    if row.last_played_at is None:
        return _now(row)
    periods = (at - row.last_played_at).total_seconds() / 86400 / PERIOD_DAYS
    return glicko.idle(_now(row), periods)


def _moved(now: glicko.Rating, step: RatingChange, sign: int) -> glicko.Rating:
    """`now` moved by a change's step (sign 1), or back by it (sign -1); the deviation kept
    between the least and the start."""
    rd = now.rd + sign * (step.rd_after - step.rd_before)
    return glicko.Rating(
        now.rating + sign * (step.rating_after - step.rating_before),
        min(glicko.START_RD, max(LEAST_RD, rd)),
        max(0.0001, now.volatility + sign * (step.volatility_after - step.volatility_before)),
    )


def _put(row: Rating, value: glicko.Rating) -> None:
    row.rating, row.rd, row.volatility = value.rating, value.rd, value.volatility


def _count(row: Rating, score: float, sign: int) -> None:
    row.games += sign
    field = "wins" if score == 1 else "draws" if score == 0.5 else "losses"
    setattr(row, field, getattr(row, field) + sign)


def _change(common, seat, row, after, kind, score, reverses=None) -> RatingChange:
    return RatingChange(
        **common, user_id=row.user_id, seat=seat, kind=kind, score=score, reverses=reverses,
        rating_before=row.rating, rd_before=row.rd, volatility_before=row.volatility,
        rating_after=after.rating, rd_after=after.rd, volatility_after=after.volatility,
    )  # fmt: skip


def leaders(slug: str, speed: str, at=None):
    """The established players of a game at a speed, best first: sure ratings (RD at most
    110), played within 90 days, none marked by the moderators nor closed; at most 100."""
    at = at or clocks.now()
    found = Rating.objects.filter(
        game_slug=slug,
        speed=speed,
        rd__lte=PROVISIONAL_RD,
        last_played_at__gte=at - timedelta(days=ACTIVE_DAYS),
        user__is_active=True,  # a closed account's, or a deleted one's: hidden
    ).exclude(user__profile__mark__gt="")  # marked by the moderators: hidden
    return found.select_related("user").order_by("-rating", "pk")[:LEADERS]


def history(user, most: int = rating_chart.MOST_POINTS) -> dict[tuple[str, str], list[tuple]]:
    """Each (game, speed) the player is rated in: (when, rating after) for its changes, thinned
    by the database to about `most` (every k-th, and the last), however long the history."""
    classes = [F("game_slug"), F("speed")]
    numbered = (
        RatingChange.objects.filter(user=user)
        .annotate(
            n=Window(RowNumber(), partition_by=classes, order_by=[F("at").asc(), F("pk").asc()]),
            total=Window(Count("pk"), partition_by=classes),
        )
        .annotate(skip=Mod(F("n") - 1, (F("total") + most - 1) / most))
    )
    kept = numbered.filter(Q(skip=0) | Q(n=F("total")))
    points: dict[tuple[str, str], list[tuple]] = {}
    rows = kept.order_by("at", "pk").values_list("game_slug", "speed", "at", "rating_after")
    for slug, speed, at, after in rows:
        points.setdefault((slug, speed), []).append((at, after))
    return points


def _kept_history(user, rated: list[Rating]) -> dict[tuple[str, str], list[tuple]]:
    """history(user), kept in the cache for as long as the player's ratings stand as they do
    (every rated result and every reversal changes one): thinning a history of thousands of
    games was the profile's slowest query (bench/pages.py)."""
    if not rated:
        return {}
    standing = repr([(r.pk, r.games, r.rating, r.rd, r.last_played_at) for r in rated])
    key = f"rating-history:{user.pk}:{hashlib.sha256(standing.encode()).hexdigest()[:32]}"
    points = cache.get(key)
    if points is None:
        points = history(user)
        cache.set(key, points, HISTORY_KEPT)
    return points


def acceptable(user, seeks):
    """The seeks this player may accept: those without a range, and those whose range holds
    the player's rating in that seek's game and speed; their own are always listed."""
    if not user.is_authenticated:
        return seeks
    mine = Rating.objects.filter(
        user=user, game_slug=OuterRef("game_slug"), speed=OuterRef("speed")
    ).values("rating")[:1]
    seeks = seeks.annotate(viewer_rating=Coalesce(Subquery(mine), Value(glicko.START)))
    rating = F("viewer_rating")
    fits = (Q(rating_min__isnull=True) | Q(rating_min__lte=rating)) & (
        Q(rating_max__isnull=True) | Q(rating_max__gte=rating)
    )
    return seeks.filter(fits | Q(created_by=user))


def table(user) -> list[dict]:
    """The player's rating in each game and speed they are rated in, with its record and its
    history drawn (two queries, however many games; one while the history is cached)."""
    rated = list(Rating.objects.filter(user=user).order_by("game_slug", "speed"))
    drawn = _kept_history(user, rated)
    rows = []
    for row in rated:
        name = translated(rules.get(row.game_slug).name)
        points = drawn.get((row.game_slug, row.speed), [])
        title = _("Rating in %(game)s, %(speed)s") % {"game": name, "speed": SPEED_WORDS[row.speed]}
        rows.append(
            {
                "rating": row,
                "game": name,
                "speed": str(SPEEDS[row.speed]),
                "shown": shown(row),
                "provisional": row.rd > PROVISIONAL_RD,
                "chart": rating_chart.svg(points, title) if points else "",
            }
        )
    return rows


UNLISTED_SEAT = ("arrangement", "charge", "joined_at", "submitted_at")


def rated_pages(request, lists: dict) -> dict:
    """Pages of games (key -> (queryset, its page's parameter)), each player named with their
    rating: the seats, the players and their ratings read once for all the pages, not once
    a list."""
    pages = {key: paging.page(request, queryset, name) for key, (queryset, name) in lists.items()}
    games = []
    for page in pages.values():
        page.object_list = list(page.object_list)
        games += page.object_list
    # A championship's game names its group, edition and championship: one query for them.
    groups = Prefetch("league_group", LeagueGroup.objects.select_related("edition__championship"))
    # A row names its players, and reads nothing else of their accounts or seats.
    seats = Prefetch(
        "seats",
        Seat.objects.defer(*UNLISTED_SEAT)
        .select_related("user")
        .only(
            *(f.name for f in Seat._meta.concrete_fields if f.name not in UNLISTED_SEAT),
            "user__id",
            "user__username",
        ),
    )
    prefetch_related_objects(games, seats, "invited_user", "created_by", groups)
    label(games)
    return pages
