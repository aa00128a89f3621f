"""What a live move costs the servers before the game does any work: their CPU for a bare
websocket round trip, and for a null move. Prints numbers; asserts nothing.

    scripts/with-services.sh .venv/bin/python bench/floor.py [--sockets 300] [--seconds 20]
                                                             [--servers 2]

Starts the servers as bench/live.py --trace does (PostgreSQL and Redis when DATABASE_URL and
REDIS_URL are set; several servers need Redis), then runs two phases one after the other, each
timed for --seconds after a few seconds' start, each socket sending about once a second:
- pings: --sockets sockets on ws/ping/, spread over the servers; a ping is a frame read by
  daphne, a message to the socket's own channel through the channel layer, a frame sent back;
- null moves: --sockets games of their own, each player on another server; a null move
  (bench/traced.py) is a message on the mover's game socket read by daphne and the consumer,
  handed to a worker thread, and a board already drawn pushed through the channel layer to the
  other player's socket on the other server: a move's way with no database and no game work.
The servers' CPU (user + system, from /proc) over each phase, divided by what it carried, is
the floor a live move's CPU is built on (bench/live.py prints a move's).
"""

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import null_mover, pinger  # noqa: E402
from bench.site import (  # noqa: E402
    cpu_seconds,
    django_setup,
    machine_speed,
    make_players_and_games,
    percentile,
    seated,
    start_servers,
)

THINK = (0.5, 1.5)  # seconds between a socket's sends: about one a second
SETTLING = 5.0  # seconds before the count starts: every socket open and sending


async def phase(start_senders, seconds: float, pids) -> tuple[int, float, float, list]:
    """Run the senders, count over `seconds` once settled: (sent, wall seconds, servers' CPU
    seconds, round trips in ms)."""
    import aiohttp

    stop, times = asyncio.Event(), []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        senders = start_senders(http, stop, times)
        await asyncio.sleep(SETTLING)
        began = len(times), time.perf_counter(), sum(map(cpu_seconds, pids))
        await asyncio.sleep(seconds)
        ended = len(times), time.perf_counter(), sum(map(cpu_seconds, pids))
        stop.set()
        failed = [r for r in await asyncio.gather(*senders, return_exceptions=True) if r]
    if failed:
        raise SystemExit(f"{len(failed)} sockets failed, the first: {failed[0]!r}")
    sent, wall, cpu = (after - before for after, before in zip(ended, began, strict=True))
    return sent, wall, cpu, times[began[0] : ended[0]]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sockets", type=int, default=300, help="pingers, and null games")
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase's count")
    parser.add_argument("--servers", type=int, default=2, help="daphne processes to start")
    args = parser.parse_args()
    if args.servers > 1 and not os.environ.get("REDIS_URL"):
        parser.error("several servers share a channel layer only through Redis (REDIS_URL)")
    var = tempfile.mkdtemp(prefix="imperia-bench-")
    servers = start_servers(var, args.servers, tempfile.mkdtemp(prefix="trace-", dir=var))
    urls = [url for _, url in servers]
    pids = [proc.pid for proc, _ in servers]
    try:
        django_setup(var)
        games = make_players_and_games(args.sockets, "empire-chess")
        speed = machine_speed()

        def pings(http, stop, times):
            return [
                asyncio.create_task(pinger(http, urls[i % len(urls)], stop, times, THINK))
                for i in range(args.sockets)
            ]

        def nulls(http, stop, times):
            return [
                asyncio.create_task(
                    null_mover(http, seated(urls, i), g, pair, stop, times, THINK, True)
                )
                for i, (g, _, pair) in enumerate(games)
            ]

        results = [
            (name, asyncio.run(phase(senders, args.seconds, pids)))
            for name, senders in (("ping", pings), ("null move", nulls))
        ]
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait(timeout=10)
    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    print(
        f"{len(urls)} server(s), {layer} layer, {args.sockets} sockets a phase; machine: "
        f"{speed:.1f} ms to read Empire Chess's start and list its moves 200 times"
    )
    for name, (sent, wall, cpu, times) in results:
        print(
            f"{name}: {sent} in {wall:.0f} s ({sent / wall:.1f} a second), servers' CPU "
            f"{cpu:.1f} s = {1000 * cpu / max(1, sent):.2f} ms each; round trip p50 "
            f"{percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms"
        )


if __name__ == "__main__":
    main()
