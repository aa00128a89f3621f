"""What the game search costs among --games finished games (1,000,000 by default) between
--players players: the page of a search by a player, a player and a game, a player's wins,
two players, a game, speed and rated, a mean rating range, a week, and a length and an end.
Prints the time (the median of --repeat runs) and the queries of each; asserts nothing.

    scripts/with-services.sh .venv/bin/python bench/game_search.py [--games 1000000]
        [--players 10000] [--repeat 5]

On a fresh SQLite database in a temporary folder, or PostgreSQL when DATABASE_URL is set (the
scale the issue asks about). Making a million games takes some minutes."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import setup  # noqa: E402
from bench.relations import measure  # noqa: E402
from bench.site import machine_speed  # noqa: E402

BATCH = 10_000
SLUGS = ["empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess"]
REASONS = ["resign", "timeout", "checkmate", "captures", "agreement"]


def played(games: int, players: int, rng: random.Random) -> None:
    """`games` finished games, each between two of `players`, over the last two years."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Game, Seat

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"p{i:05}", password="!") for i in range(players)], batch_size=BATCH
    )
    now = clocks.now()
    for first in range(0, games, BATCH):
        pairs = [rng.sample(users, 2) for _ in range(min(BATCH, games - first))]
        rated = [(rng.gauss(1500, 250), rng.gauss(1500, 250)) for _ in pairs]
        made = Game.objects.bulk_create(
            [
                Game(
                    game_slug=rng.choice(SLUGS), status=Game.Status.FINISHED,
                    speed=rng.choice(["live", "correspondence"]), rated=rng.random() < 0.7,
                    winner=rng.choice([0, 1, 1, 0, None]), reason=rng.choice(REASONS),
                    ply=rng.randint(10, 300), initial_position="-", position="-",
                    finished_at=now - timedelta(minutes=rng.randint(0, 2 * 365 * 24 * 60)),
                    created_by=users[0], rating_mean=sum(ratings) / 2,
                )
                for ratings in rated
            ]
        )  # fmt: skip
        Seat.objects.bulk_create(
            Seat(game=game, user=user, index=index, finished_at=game.finished_at, rating=rating)
            for game, pair, ratings in zip(made, pairs, rated, strict=True)
            for index, (user, rating) in enumerate(zip(pair, ratings, strict=True))
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    yardstick = machine_speed()
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    with tempfile.TemporaryDirectory() as var:
        setup(var)
        from django.db import connection
        from django.test import Client

        played(args.games, args.players, random.Random(7))
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # as a live database's statistics would be
                cursor.execute("VACUUM ANALYZE")
        client = Client(SERVER_NAME="localhost")
        week = "since=2026-11-01&until=2026-11-07"
        cases = {
            "a player": "player=p00042",
            "a player, page 3": "player=p00042&page=3",
            "a player and a game": "player=p00042&game=empire",
            "a player's wins": "player=p00042&result=win",
            "two players": "player=p00042&opponent=p00043",
            "a game, live, rated": "game=empress&speed=live&rated=rated",
            "a mean rating of 1900 to 2000": "rating_min=1900&rating_max=2000",
            "a week": week,
            "over 250 plies, on time": "plies_min=250&reason=timeout",
        }
        client.get("/")  # the first request sets the process up
        print(f"{args.games} games between {args.players} players; {connection.vendor}; "
              f"yardstick {yardstick:.1f} ms")  # fmt: skip
        print("| search | ms (median) | queries |")
        print("|---|---:|---:|")
        for name, query in cases.items():
            ms, queries = measure(lambda q=query: client.get(f"/games/search/?{q}"), args.repeat)
            print(f"| {name} | {ms:.1f} | {queries} |")


if __name__ == "__main__":
    main()
