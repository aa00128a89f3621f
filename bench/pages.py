"""What the pages that list games cost as the site grows: the dashboard, a profile, a
leaderboard and the lobby, with N finished rated games (all of them one player's, the worst
case for that player's pages), against the same pages with few. Prints the time (median of
five) and the queries of each; asserts nothing.

    .venv/bin/python bench/pages.py [--games 20000] [--players 100]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set).
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import machine_speed  # noqa: E402
from bench.move import setup  # noqa: E402

SLUGS = ("empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess")
PAGES = ("/", "/@/{star}/", "/leaderboard/empress/?speed=live", "/?game=empress")


def populate(count: int, players: int, rng: random.Random, star: str) -> None:
    """`count` finished rated games, each of them the star's (a new player's) against one of `players` others,
    over the last 400 days, with their seats, rating changes and the ratings they leave."""
    from django.contrib.auth import get_user_model

    import rules
    from play import clocks, glicko, ratings
    from play.models import Game, Rating, RatingChange, Seat

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
                                  rating_rd=befores[seat].rd))  # fmt: skip
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


def measure(client, star: str) -> list[tuple[str, float, int]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    out = []
    for url in PAGES:
        url = url.format(star=star)
        times = []
        for _ in range(5):
            with CaptureQueriesContext(connection) as counted:
                begun = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - begun) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{url}: {response.status_code}")
        out.append((url, statistics.median(times), len(counted)))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=100)
    args = parser.parse_args()
    # The pages as served: plain static files (no manifest to collect first).
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    setup(tempfile.mkdtemp(prefix="imperia-pages-"))
    from django.contrib.auth import get_user_model
    from django.test import Client

    rng = random.Random(1)
    client = Client(SERVER_NAME="localhost")
    rows = {}
    for label, count in (("few", 50), ("many", args.games)):
        begun = time.perf_counter()
        populate(count, args.players, rng, f"star-{label}")
        made = time.perf_counter() - begun
        client.force_login(get_user_model().objects.get(username=f"star-{label}"))
        rows[label] = measure(client, f"star-{label}")
        print(f"{label}: {count} finished games, made in {made:.1f} s", flush=True)
    print(f"machine speed {machine_speed():.1f} ms (lower is faster)")
    print(
        f"{'page':40} {'ms (50 games)':>14} {'queries':>8} {'ms (' + str(args.games) + ')':>14} {'queries':>8}"
    )
    for (url, few_ms, few_q), (_, many_ms, many_q) in zip(rows["few"], rows["many"], strict=True):
        url = url.format(star="star")
        print(f"{url:40} {few_ms:14.1f} {few_q:8} {many_ms:14.1f} {many_q:8}")


if __name__ == "__main__":
    main()
