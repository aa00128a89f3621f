"""What a tournament costs. Prints numbers; asserts nothing.

    .venv/bin/python bench/tournaments.py [--arena 1000] [--swiss 500] [--rounds 3] [--repeat 5]
                                          [--db] [--sockets 2000 --servers 2]

Pure (no database): an arena's pairing pass of N free players (1,000 unless said), and Swiss
rounds of M players (500 unless said) paired by the Dutch system, each round's results drawn
at random.

--db, on a fresh database in a temporary folder (PostgreSQL when DATABASE_URL is set): an
arena of N players joined and begun; the sweeper's pairing pass of them all (their games
begun, the players told), with its queries; the standings drawn (their first page, as every
push draws them) and the tournament's page, with their queries, at N players and at a tenth
of N (the queries must not grow with the field); and a Swiss round of M players begun.

--sockets K starts --servers daphne processes (sharing Redis when REDIS_URL is set: run it
under scripts/with-services.sh for the distributed figure), opens K sockets on one
tournament's page spread across them, and times one standings push from being sent to the
last socket receiving it (the median of --repeat pushes).
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import setup  # noqa: E402
from bench.site import machine_speed  # noqa: E402
from play.tournaments import pairing, swiss  # noqa: E402


def arena_pass(count: int, repeat: int) -> float:
    rng = random.Random(1)
    free = [
        pairing.Free(n, n, 2200 - n + rng.random() * 200, rng.choice([None, n + 1]),
                     rng.randint(-2, 2))
        for n in range(1, count + 1)
    ]  # fmt: skip
    times = []
    for _ in range(repeat):
        begun = time.perf_counter()
        pairing.pair(free, rng=rng)
        times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000


def swiss_rounds(count: int, rounds: int) -> list[float]:
    rng = random.Random(1)
    entrants = [swiss.Entrant(n, f"player {n}", 2200 - n) for n in range(1, count + 1)]
    by_number = {e.number: e for e in entrants}
    seconds = []
    for _ in range(rounds):
        begun = time.perf_counter()
        pairs = swiss.pair("bench", rounds, entrants)  # as the site pairs a round
        seconds.append(time.perf_counter() - begun)
        for white, black in pairs:
            if black == swiss.BYE:
                by_number[white].rounds.append(swiss.Round(swiss.BYE, None, 1))
                continue
            score = rng.choice((1, 0.5, 0))
            by_number[white].rounds.append(swiss.Round(black, True, score))
            by_number[black].rounds.append(swiss.Round(white, False, 1 - score))
    return seconds


def joined(tournament, count: int, prefix: str) -> list:
    """`count` new players in the tournament, made in bulk, rated 1000 to 2000."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Participant

    User = get_user_model()
    User.objects.bulk_create(User(username=f"{prefix}{i}") for i in range(count))
    users = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    at = clocks.now()
    Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            user=u,
            joined_at=at,
            rating=1000 + 1000 * i / count,
            free_since=at,
        )  # fmt: skip
        for i, u in enumerate(users)
    )
    return users


def arena_in_database(count: int, repeat: int) -> None:
    from functools import partial

    from django.db import connection
    from django.test import Client

    from bench.move import count_query
    from bench.pages import cost
    from play.common import clocks
    from play.tournaments import arenas, schedule, standings

    client = Client(HTTP_HOST="127.0.0.1")
    for players in (count // 10, count):
        arena = arenas.create(None, name=f"Bench {players}", game_slug="empress",
                              time_control={"kind": "live", "minutes": 3, "increment": 2},
                              minutes=60, starts_at=clocks.now())  # fmt: skip
        joined(arena, players, f"a{players}-")
        schedule.begin_due(clocks.now())
        queries = []
        with connection.execute_wrapper(partial(count_query, queries)):
            begun = time.perf_counter()
            made = arenas.pair_free(arena)
            pass_ms = (time.perf_counter() - begun) * 1000
        looked_ms, looked_queries = cost(lambda a=arena: arenas.pair_free(a), repeat)
        drawn_ms, drawn_queries = cost(lambda a=arena: standings.html(a), repeat)
        page_ms, page_queries = cost(lambda a=arena: client.get(a.get_absolute_url()), repeat)
        print(f"arena of {players}: the sweeper's pairing pass of all of them, {len(made)} games "
              f"begun and {2 * len(made)} players told, {pass_ms:.0f} ms, {len(queries)} "
              f"queries; a pass with nobody free {looked_ms:.1f} ms, {looked_queries} queries; "
              f"the standings drawn {drawn_ms:.1f} ms, {drawn_queries} queries; its page "
              f"{page_ms:.1f} ms, {page_queries} queries")  # fmt: skip


def swiss_in_database(count: int) -> None:
    from play.common import clocks
    from play.tournaments import schedule, swisses

    swiss = swisses.create(None, name="Bench Swiss", game_slug="empress", rounds=5,
                           time_control={"kind": "days", "days": 3}, pacing="daily",
                           starts_at=clocks.now())  # fmt: skip
    joined(swiss, count, "s-")
    begun = time.perf_counter()
    schedule.begin_due(clocks.now())
    swisses.advance(clocks.now())
    print(f"Swiss of {count}: round 1 paired and begun in the database in "
          f"{time.perf_counter() - begun:.1f} s")  # fmt: skip


def push_to_sockets(count: int, servers: int, repeat: int) -> None:
    import asyncio

    import aiohttp

    from bench.site import connect, start_servers
    from play.common import clocks
    from play.models import Tournament
    from play.tournaments import arenas, standings
    from tests.e2e.conftest import stop_daphne

    arena = arenas.create(None, name="Watched", game_slug="empress", starts_at=clocks.now(),
                          time_control={"kind": "live", "minutes": 3, "increment": 2},
                          minutes=60)  # fmt: skip
    joined(arena, 100, "w-")
    Tournament.objects.filter(pk=arena.pk).update(status="started")
    started = start_servers(os.environ["IMPERIA_VAR_DIR"], servers, None)
    urls = [url for _, url in started]

    def changed(revision: int) -> Tournament:
        Tournament.objects.filter(pk=arena.pk).update(revision=revision)
        return Tournament.objects.get(pk=arena.pk)

    async def run():
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            sockets = []
            for i in range(count):
                base = urls[i % len(urls)]
                url = base.replace("http", "ws", 1) + f"/ws/t/{arena.public_id}/"
                sockets.append(await connect(http, url, {"Origin": base}))
            await asyncio.sleep(1)  # the last joins settle in the channel layer
            spans = []
            for n in range(repeat):
                shown = await asyncio.to_thread(changed, n + 1)
                sent = time.perf_counter()
                await asyncio.to_thread(standings.push, shown)
                arrived = [(await asyncio.wait_for(s.next(), 30))[0] for s in sockets]
                spans.append((statistics.median(arrived) - sent, max(arrived) - sent))
            for s in sockets:
                await s.close()
            return spans

    try:
        spans = asyncio.run(run())
    finally:
        for proc, _ in started:
            stop_daphne(proc)
    layer = "Redis" if os.environ.get("REDIS_URL") else "in-memory"
    print(
        f"one standings push to {count} sockets on {servers} servers ({layer} channel layer): "
        f"the median socket {statistics.median(s[0] for s in spans) * 1000:.0f} ms, the last "
        f"{statistics.median(s[1] for s in spans) * 1000:.0f} ms (median of {repeat} pushes)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", type=int, default=1000)
    parser.add_argument("--swiss", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", action="store_true")
    parser.add_argument("--sockets", type=int, default=0)
    parser.add_argument("--servers", type=int, default=2)
    args = parser.parse_args()
    print(f"machine yardstick: {machine_speed():.1f} ms (bench/site.py; lower is faster)")
    if args.db or args.sockets:
        # Pages drawn without the collected files' manifest (no collectstatic here).
        os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
        with tempfile.TemporaryDirectory() as var:
            setup(var)
            if args.sockets:
                push_to_sockets(args.sockets, args.servers, args.repeat)
                return
            arena_in_database(args.arena, args.repeat)
            swiss_in_database(args.swiss)
        return
    print(f"arena pairing pass, {args.arena} free players: "
          f"{arena_pass(args.arena, args.repeat):.0f} ms (median of {args.repeat})")  # fmt: skip
    for number, seconds in enumerate(swiss_rounds(args.swiss, args.rounds), 1):
        how = "the Dutch first round, worked out directly" if number == 1 else "py4swiss, Dutch"
        print(f"Swiss round {number} of {args.swiss} players ({how}): {seconds:.2f} s")


if __name__ == "__main__":
    main()
