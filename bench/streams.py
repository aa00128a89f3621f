"""The API's event streams at scale: N players each open their event stream on one server
(over real HTTP), and the server's memory is read before and after, for the memory a stream
holds; then one challenge is sent to each, and the time until the last stream has it.
Prints numbers; asserts nothing.

    .venv/bin/python bench/streams.py [--streams 1000]

It starts daphne on a fresh folder (SQLite and the in-memory layer, or PostgreSQL / Redis
when DATABASE_URL / REDIS_URL are set)."""

import argparse
import asyncio
import json
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.site import django_setup, machine_speed, percentile, start_servers  # noqa: E402

OPENING = asyncio.Semaphore(25)  # streams opened at once (a listen queue holds 50)


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


def players_with_tokens(count: int):
    from django.contrib.auth import get_user_model

    from play.api import tokens

    run, User = secrets.token_hex(3), get_user_model()
    users = User.objects.bulk_create(User(username=f"stream{run}{i}") for i in range(count))
    return [(u, tokens.create(u, "bench", ["challenge:read"])[1]) for u in users]


async def open_stream(http, url: str, secret: str):
    """A stream opened, past its first line (the newline it sends with nothing to tell)."""
    async with OPENING:
        response = await http.get(url + "/api/stream/event",
                                  headers={"Authorization": f"Bearer {secret}"})  # fmt: skip
        assert response.status == 200, await response.text()
        await response.content.readline()
    return response


async def first_event(response) -> tuple[str, float]:
    """The first challenge the stream is sent: its id, and when it arrived."""
    while not (line := await response.content.readline()).strip():
        pass
    event = json.loads(line)
    assert event["type"] == "challenge"
    return event["challenge"]["id"], time.perf_counter()


async def run(url: str, pid: int, players, challenger) -> dict:
    import aiohttp
    from asgiref.sync import sync_to_async

    from play.games import games
    from play.push import relay

    relay.forward_from_this_process()  # this process's pushes reach the server's streams
    before = rss_kib(pid)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(
        connector=connector, timeout=aiohttp.ClientTimeout(None)
    ) as http:
        began = time.perf_counter()
        streams = await asyncio.gather(*(open_stream(http, url, s) for _, s in players))
        opened = time.perf_counter() - began
        await asyncio.sleep(2)  # the server settles: what it holds now is what streams hold
        held = rss_kib(pid)
        arrivals = [asyncio.create_task(first_event(r)) for r in streams]
        sent, made_at = time.perf_counter(), {}
        for user, _ in players:  # one challenge each, made as the site makes them
            asked = time.perf_counter()
            game = await sync_to_async(games.create)(
                challenger, "empress", "white", "invite", invited=user
            )
            made_at[game.public_id] = asked
        made = time.perf_counter()
        times = [(at - made_at[i]) * 1000 for i, at in await asyncio.gather(*arrivals)]
        for response in streams:
            response.close()
    return {"before": before, "held": held, "opened": opened, "made": made - sent,
            "times": times}  # fmt: skip


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=1000)
    args = parser.parse_args()
    var = tempfile.mkdtemp(prefix="imperia-bench-")
    ((server, url),) = start_servers(var, 1, None)
    django_setup(var)
    try:
        from django.contrib.auth import get_user_model

        challenger = get_user_model().objects.create_user(f"host{secrets.token_hex(3)}")
        players = players_with_tokens(args.streams)
        speed = machine_speed()
        found = asyncio.run(run(url, server.pid, players, challenger))
    finally:
        server.terminate()
        server.wait(timeout=10)
    per_stream = (found["held"] - found["before"]) / args.streams
    times = found["times"]
    print(f"machine: {speed:.1f} ms to read Empire Chess's start and list its moves 200 times "
          "(lower is faster)")  # fmt: skip
    print(f"{args.streams} event streams opened in {found['opened']:.1f} s; server memory "
          f"{found['before'] / 1024:.0f} MiB before, {found['held'] / 1024:.0f} MiB with them "
          f"open: {per_stream:.1f} KiB a stream")  # fmt: skip
    print(f"{len(times)} challenges made one after another in {found['made']:.1f} s; each "
          f"reached its player's stream in p50 {percentile(times, 0.5):.1f} ms, p99 "
          f"{percentile(times, 0.99):.1f} ms of being asked for "
          "(made, committed, and carried by the workers' relay)")  # fmt: skip
    print(f"streams={args.streams} kib_per_stream={per_stream:.1f}")


if __name__ == "__main__":
    main()
