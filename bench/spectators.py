"""A game watched by many: how long each move takes to reach the last of its spectators, over
real websockets. Prints numbers; asserts nothing.

    scripts/with-services.sh .venv/bin/python bench/spectators.py [--spectators 1000]
        [--servers 2] [--moves 20] [--think 1] [--game empire-chess]

Starts daphne on a fresh folder (PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set,
as scripts/with-services.sh sets them; several servers need Redis). The spectators, not logged
in, are spread over the servers, as a proxy would spread them, and so are the two players.
The players make random legal moves over their game sockets, `--think` seconds apart; each move
is timed from being sent to each spectator's socket receiving its update. Printed: the time to
the last spectator (p50, p90 and the worst move), to the median one, the bytes a spectator was
sent a move, and the servers' CPU per move
(the crowd's connecting left out). The spectators' client runs on the same machine
and its reading is in the times: its CPU is printed too.
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.site import (  # noqa: E402
    connect,
    cpu_seconds,
    django_setup,
    game_socket,
    machine_speed,
    make_players_and_games,
    percentile,
    seated,
    start_servers,
    wait_for_ply,
)

# Sockets opening at once: Twisted's listen queue is 50, and a crowd past it is reset.
CONNECTING = asyncio.Semaphore(25)


async def spectate(http, base: str, public_id: str):
    async with CONNECTING:
        socket = await connect(http, base.replace("http", "ws", 1) + f"/ws/g/{public_id}/",
                               {"Origin": base})  # fmt: skip
        await asyncio.wait_for(socket.next(), timeout=60)  # the board as it stands
    return socket


async def arrival(socket, ply: int) -> tuple[float, int]:
    """When the spectator's socket received ply's update, and the bytes it was sent for it."""
    marker, size = f'data-ply="{ply}"', 0
    while True:
        at, message = await socket.next()
        size += len(message.encode())
        if marker in message:
            return at, size


async def run(urls, pids, slug, game, spectators: int, moves: int, think: float):
    import aiohttp

    import rules

    public_id, position, pair = game
    bases = seated(urls, 0)
    last, median, sizes = [], [], []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        crowd = await asyncio.gather(
            *(spectate(http, urls[i % len(urls)], public_id) for i in range(spectators))
        )
        players = [await game_socket(http, base, public_id, headers)
                   for base, (_, headers) in zip(bases, pair, strict=True)]  # fmt: skip
        revision = players[0][1]
        game_rules, rng = rules.get(slug), random.Random(public_id)
        state = game_rules.parse(position)
        cpu_before, client_before = sum(map(cpu_seconds, pids)), time.process_time()
        for ply in range(moves):
            if game_rules.outcome(state):
                break
            await asyncio.sleep(think)
            seat, move = game_rules.to_move(state), rng.choice(game_rules.legal_moves(state))
            arrivals = [asyncio.create_task(arrival(s, ply + 1)) for s in crowd]
            mover = players[seat][0]
            start = time.perf_counter()
            sent = {"move": move, "ply": str(ply), "revision": str(revision), "confirmed": "1"}
            await mover.send_str(json.dumps({"type": "move", **sent}))
            reached = await asyncio.wait_for(asyncio.gather(*arrivals), timeout=60)
            await asyncio.wait_for(wait_for_ply(mover, ply + 1), timeout=10)
            await asyncio.wait_for(wait_for_ply(players[1 - seat][0], ply + 1), timeout=10)
            times = [(at - start) * 1000 for at, _ in reached]
            last.append(max(times))
            median.append(statistics.median(times))
            sizes.append(statistics.median(size for _, size in reached))
            state, revision = game_rules.play(state, move), revision + 1
        cpu = sum(map(cpu_seconds, pids)) - cpu_before, time.process_time() - client_before
        for socket in crowd + [s for s, _ in players]:
            await socket.close()
    return last, median, sizes, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--moves", type=int, default=20, help="plies")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between moves")
    parser.add_argument("--game", default="empire-chess")
    args = parser.parse_args()
    if args.servers > 1 and not os.environ.get("REDIS_URL"):
        parser.error("several servers share a channel layer only through Redis (REDIS_URL)")
    var = tempfile.mkdtemp(prefix="imperia-bench-")
    servers = start_servers(var, args.servers, None)
    urls = [url for _, url in servers]
    django_setup(var)
    try:
        game = make_players_and_games(1, args.game)[0]
        speed = machine_speed()
        pids = [proc.pid for proc, _ in servers]
        last, median, sizes, (cpu, client) = asyncio.run(
            run(urls, pids, args.game, game, args.spectators, args.moves, args.think)
        )
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait(timeout=10)
    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    database = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    print(
        f"{args.game}: {args.spectators} spectators over {len(urls)} server(s), {database} + "
        f"{layer} layer, {len(last)} moves; machine: {speed:.1f} ms to read Empire Chess's start "
        "and list its moves 200 times (lower is faster)"
    )
    print(
        f"a move to the last spectator: p50 {percentile(last, 0.5):.0f} ms, p90 "
        f"{percentile(last, 0.9):.0f} ms, worst {max(last):.0f} ms; to the median one: p50 "
        f"{percentile(median, 0.5):.0f} ms"
    )
    print(
        f"a spectator was sent {statistics.median(sizes):,.0f} B a move (median); servers' CPU "
        f"{1000 * cpu / max(1, len(last)):.0f} ms a move (their think time "
        f"included); this client's {1000 * client / max(1, len(last)):.0f} ms a move"
    )


if __name__ == "__main__":
    main()
