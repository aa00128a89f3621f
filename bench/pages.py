"""What the pages cost as the site grows: the dashboard, a profile, a leaderboard, the lobby,
the admin's list of games, a referee's case page and the home page a visitor sees, with N
finished rated games (all of them one player's, the worst case for that player's pages) and M
games in play (20 of them that player's), against the same pages with few; and one pass of the
sweeper. Prints the time
(the median of --repeat runs, five unless said) and the queries of each; asserts nothing.

    .venv/bin/python bench/pages.py [--games 20000] [--active 2000] [--players 100] [--explain]
                                     [--repeat 5] [--instructions] [--lang ru]

--instructions counts the machine instructions each page takes (the mean of its runs) instead
of timing it, under callgrind as bench/move.py does: this machine's times of the same page swing
by 2× from minute to minute, its counts by well under 1 %.

--lang reads every page in that language (its browser asks for it; the language must be
offered): docs/performance.md compares each language with English.

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set).
"""

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import count_query, counting, instructions, setup, under_callgrind  # noqa: E402
from bench.site import machine_speed  # noqa: E402

SLUGS = ("empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess")
PAGES = (
    "/",
    "/@/{star}/",
    "/leaderboard/empress/?speed=live",
    "/?game=empress",
    "/admin/play/game/",
    "/admin/play/dispute/{case}/change/",
)


def populate(count: int, players: int, rng: random.Random, star: str) -> None:
    """`count` finished rated games, each of them the star's (a new player's) against one of `players` others,
    over the last 400 days, with their seats, rating changes and the ratings they leave."""
    from django.contrib.auth import get_user_model

    import rules
    from play.common import clocks
    from play.models import Game, Rating, RatingChange, Seat
    from play.ratings import glicko, ratings

    User = get_user_model()
    star = User.objects.create_user(star)
    others = [User.objects.create_user(f"{star.username}-{i}") for i in range(players)]
    now = clocks.now()
    standing = {}  # (user id, slug) -> glicko.Rating
    start = {s: rules.get(s).format(rules.get(s).initial()) for s in SLUGS}
    for first in range(0, count, 1000):
        made, seats, changes = [], [], []
        for i in range(first, min(count, first + 1000)):
            slug = SLUGS[i % len(SLUGS)]
            at = now - timedelta(days=400 * (count - i) / count)
            winner = rng.choice((0, 1, None))
            game = Game(
                game_slug=slug, status=Game.Status.FINISHED, created_by=star, rated=True,
                speed="live", time_control={"kind": "live", "minutes": 5, "increment": 3},
                initial_position=start[slug], position=start[slug], ply=40, winner=winner,
                reason="resign" if winner is not None else "agreement", started_at=at,
                finished_at=at, listing=Game.Listing.SEEK,
            )  # fmt: skip
            made.append((game, [star, rng.choice(others)], winner, at))
        Game.objects.bulk_create([m[0] for m in made])
        for game, users, winner, at in made:
            befores = [standing.get((u.pk, game.game_slug), glicko.Rating()) for u in users]
            for seat, user in enumerate(users):
                score = 0.5 if winner is None else float(winner == seat)
                after = glicko.update(befores[seat], [(befores[1 - seat], score)])
                after = glicko.Rating(
                    after.rating, max(ratings.LEAST_RD, after.rd), after.volatility
                )
                standing[(user.pk, game.game_slug)] = after
                seats.append(Seat(game=game, user=user, index=seat, rating=befores[seat].rating,
                                  rating_rd=befores[seat].rd, finished_at=at))  # fmt: skip
                changes.append(
                    RatingChange(
                        game=game,
                        user=user,
                        seat=seat,
                        game_slug=game.game_slug,
                        speed="live",
                        kind="result",
                        score=score,
                        rating_before=befores[seat].rating,
                        rd_before=befores[seat].rd,
                        volatility_before=befores[seat].volatility,
                        rating_after=after.rating,
                        rd_after=after.rd,
                        volatility_after=after.volatility,
                        reason="bench",
                        at=at,
                    )  # fmt: skip
                )
        Seat.objects.bulk_create(seats)
        RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_create(
        Rating(
            user_id=user_id,
            game_slug=slug,
            speed="live",
            rating=r.rating,
            rd=r.rd,
            volatility=r.volatility,
            games=1,
            last_played_at=now,
        )  # fmt: skip
        for (user_id, slug), r in standing.items()
    )


def populate_active(count: int, star: str, rng: random.Random) -> None:
    """`count` live games in play between the star's opponents (20 of them the star's), each
    a few moves in, its clock well short of running out."""
    from django.contrib.auth import get_user_model

    import rules
    from play.common import clocks
    from play.models import Game, Move, Seat

    User = get_user_model()
    star = User.objects.get(username=star)
    others = list(User.objects.filter(username__startswith=f"{star.username}-"))
    now, made = clocks.now(), []
    for i in range(count):
        slug = SLUGS[i % len(SLUGS)]
        start = rules.get(slug).format(rules.get(slug).initial())
        turn = rng.choice((0, 1))
        game = Game(
            game_slug=slug, status=Game.Status.ACTIVE, created_by=star, rated=True, speed="live",
            time_control={"kind": "live", "minutes": 5, "increment": 3}, initial_position=start,
            position=start, ply=4, turn=turn, clocks=[250.0, 250.0], turn_started_at=now,
            deadline=now + timedelta(seconds=250), started_at=now, listing=Game.Listing.SEEK,
        )  # fmt: skip
        made.append((game, [star if i < 20 else rng.choice(others), rng.choice(others)]))
    Game.objects.bulk_create([m[0] for m in made])
    # Each game's last move, in an order of their own: the home page reads the latest.
    moved = [m[0] for m in made]
    rng.shuffle(moved)
    Move.objects.bulk_create(
        Move(game=game, ply=4, seat=1 - game.turn, text="?", display="?", created_at=now,
             position_after=game.position, hash="")
        for game in moved
    )  # fmt: skip
    Seat.objects.bulk_create(
        Seat(game=game, user=user, index=seat)
        for game, users in made
        for seat, user in enumerate(users if users[0] != users[1] else [users[0], star])
    )


def analyze() -> None:
    """The database's statistics brought up to date, as on a site that grew over time (its
    autovacuum's ANALYZE): planned from the statistics of an empty database, a player's 20,000
    games are taken for a hundred and read by the wrong plan."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def a_case(star: str) -> int:
    """A dispute on the star's latest finished game, for the case page."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Dispute, Game

    user = get_user_model().objects.get(username=star)
    game = Game.objects.filter(seats__user=user, status=Game.Status.FINISHED).latest("pk")
    return Dispute.objects.create(
        game=game, opened_by=user, seat=0, category="other", ply=game.ply,
        statement="A bench case.", created_at=clocks.now(),
    ).pk  # fmt: skip


def explain(star: str) -> None:
    """The plans of the queries that read a player's games, as the database makes them."""
    from django.contrib.auth import get_user_model

    from play.models import Game
    from play.notify import dashboard

    user = get_user_model().objects.get(username=star)
    played = Game.objects.filter(seats__user=user).order_by("-seats__game_id")[:20]
    for name, queryset in (
        ("your turn", dashboard.my_turn(user)[:20]),
        ("waiting", dashboard.waiting(user)[:20]),
        ("finished, latest first", dashboard.finished(user)[:20]),
        ("a profile's games", played),
        ("the admin's list", Game.objects.order_by("-created_at")[:100]),
        ("cases on a player's games", dashboard.disputes(user)[:10]),
    ):
        print(f"\n-- {name}\n{queryset.explain()}")


def measure(client, star: str, case: int, repeat: int, lang: str) -> list[tuple[str, float, int]]:
    """(page, its median ms or, under callgrind, its mean M instructions, its queries)."""
    from django.test import Client

    from play.games.sweeper import sweep_once

    def ask(url, asker=client):
        response = asker.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
        if response["Content-Language"] != lang:
            raise SystemExit(f"{url}: read in {response['Content-Language']}, not {lang}")

    out = []
    for url in PAGES:
        url = url.format(star=star, case=case)
        ask(url)  # warm: templates, caches
        out.append((url, *cost(lambda url=url: ask(url), repeat)))
    visitor = Client(SERVER_NAME="localhost", HTTP_ACCEPT_LANGUAGE=lang)
    ask("/", visitor)
    out.append(("/ (a visitor: the games in play)", *cost(lambda: ask("/", visitor), repeat)))
    out.append(("sweeper pass", *cost(sweep_once, repeat)))
    return out


def cost(work, repeat: int) -> tuple[float, int]:
    """(the median ms of `repeat` runs or, under callgrind, their mean M instructions; the
    queries of one), the queries counted as they go by, not logged (bench/move.py)."""
    from django.db import connection

    times, under_callgrind = [], bool(os.environ.get("IMPERIA_CALLGRIND_OUT"))
    counting(under_callgrind)  # off outside the pages: each dump holds one page's count
    for _ in range(repeat):
        counted = []
        with connection.execute_wrapper(partial(count_query, counted)):
            begun = time.perf_counter()
            work()
            times.append((time.perf_counter() - begun) * 1000)
    counting(False)
    if under_callgrind:
        return instructions() / repeat / 1e6, len(counted)
    return statistics.median(times), len(counted)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--active", type=int, default=2000)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--explain", action="store_true", help="print the lists' query plans")
    parser.add_argument("--repeat", type=int, default=5, help="times each page is asked for")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--lang", default="en", help="the language every page is read in")
    args = parser.parse_args()
    if args.instructions and not os.environ.get("IMPERIA_CALLGRIND_OUT"):
        return under_callgrind()
    # The pages as served: plain static files (no manifest to collect first).
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    setup(tempfile.mkdtemp(prefix="imperia-pages-"))
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    if args.lang not in dict(settings.LANGUAGES):
        raise SystemExit(f"--lang {args.lang}: offered are {', '.join(dict(settings.LANGUAGES))}")
    rng = random.Random(1)
    client = Client(SERVER_NAME="localhost", HTTP_ACCEPT_LANGUAGE=args.lang)
    rows = {}
    for label, count, active in (("few", 50, 20), ("many", args.games, args.active)):
        begun = time.perf_counter()
        star = f"star-{label}"
        populate(count, args.players, rng, star)
        populate_active(active, star, rng)
        analyze()
        made = time.perf_counter() - begun
        user = get_user_model().objects.get(username=star)
        user.is_staff = user.is_superuser = True  # a referee too, for the admin's pages
        user.save()
        client.force_login(user)
        rows[label] = measure(client, star, a_case(star), args.repeat, args.lang)
        print(
            f"{label}: {count} finished games, {active} in play, made in {made:.1f} s", flush=True
        )
    if args.explain:
        explain("star-many")
    unit = "M instr." if args.instructions else "ms"
    if not args.instructions:
        print(f"machine speed {machine_speed():.1f} ms (lower is faster)")
    many = f"{unit} ({args.games}+{args.active})"
    print(f"pages read in {args.lang}")
    print(f"{'page':40} {unit + ' (50+20)':>14} {'queries':>8} {many:>18} {'queries':>8}")
    for (url, few_ms, few_q), (_, many_ms, many_q) in zip(rows["few"], rows["many"], strict=True):
        url = re.sub(r"star-\w+", "star", re.sub(r"/\d+/change/$", "/<case>/change/", url))
        print(f"{url:40} {few_ms:14.1f} {few_q:8} {many_ms:18.1f} {many_q:8}")


if __name__ == "__main__":
    main()
