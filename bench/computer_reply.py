"""How soon the computer's reply reaches the player's page, beyond its think time. Prints
numbers; asserts nothing.

    .venv/bin/python bench/computer_reply.py [--level 5] [--moves 10] [--game SLUG ...]

Starts the site as `make run` does (daphne, and beside it the computer's worker), on a fresh
folder: SQLite and the in-memory channel layer, or PostgreSQL / Redis when DATABASE_URL /
REDIS_URL are set. In one game against the computer of each game asked for (all five by
default), the player sends random legal moves over the game socket, as the page does; each
reply is timed from the player's move sent to the computer's move arriving on that socket.
The think time is the computer's same choice made again here afterwards, with the same seed
on the same position (its search is bound by a count of positions, so it is the same work);
beyond it is what the worker's look for waiting games, the move service and the push cost.
"""

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.site import (  # noqa: E402
    django_setup,
    game_socket,
    logged_in,
    machine_speed,
    percentile,
    site_env,
    start_servers,
    wait_for_ply,
)
from tests.e2e.conftest import start_worker  # noqa: E402


def make_game(slug: str, level: int):
    """A game against the computer at `level`, the player White (or first), set up."""
    import secrets

    from django.contrib.auth import get_user_model

    from play.computer import opponents
    from play.games import setup
    from play.models import Game

    user = get_user_model().objects.create_user(f"reply{secrets.token_hex(3)}")
    game = opponents.start(user, slug, level, "white")
    if game.status == Game.Status.SETUP:
        setup.randomize(Game.objects.get(pk=game.pk), user)
        setup.submit(Game.objects.get(pk=game.pk), user)
        while Game.objects.get(pk=game.pk).status == Game.Status.SETUP:
            time.sleep(0.05)  # the worker arranges the computer's side
    return Game.objects.get(pk=game.pk), user


async def play(base: str, slug: str, level: int, moves: int, replies: list) -> None:
    """The player's moves over the socket, each reply's arrival timed; the positions kept to
    time the computer's choices again afterwards."""
    import aiohttp
    from asgiref.sync import sync_to_async

    import rules

    game, user = await sync_to_async(make_game)(slug, level)
    headers = await sync_to_async(logged_in)(user)
    game_rules = rules.get(slug)
    state = await sync_to_async(
        lambda: game_rules.resume(
            [game.initial_position, *game.moves.values_list("position_after", flat=True)],
            game.options,
        )
    )()
    rng = random.Random(game.public_id)
    async with aiohttp.ClientSession() as http:
        socket, revision = await game_socket(http, base, game.public_id, headers)
        ply = game.ply
        try:
            for _ in range(moves):
                if game_rules.outcome(state):
                    break
                move = rng.choice(game_rules.legal_moves(state))
                sent = time.perf_counter()
                data = {"move": move, "ply": str(ply), "revision": str(revision), "confirmed": "1"}
                await socket.send_str(json.dumps({"type": "move", **data}))
                await asyncio.wait_for(wait_for_ply(socket, ply + 1), 30)
                state = game_rules.play(state, move)
                if game_rules.outcome(state):
                    break
                arrived = await asyncio.wait_for(wait_for_ply(socket, ply + 2), 30)
                replies.append((slug, game.public_id, level, state, (arrived - sent) * 1000))
                reply = await sync_to_async(
                    lambda p=ply: game.moves.values_list("text", flat=True).get(ply=p + 2)
                )()
                state = game_rules.play(state, reply)
                ply, revision = ply + 2, revision + 2
        finally:
            await socket.close()


def think_ms(slug: str, public_id: str, level: int, state) -> float:
    """The computer's choice in `state` made again, as the worker made it: its time."""
    import bots

    chooser = bots.get(slug, level=level, seed=zlib.crc32(public_id.encode()))
    started = time.perf_counter()
    chooser.choose(state)
    return (time.perf_counter() - started) * 1000


def main():
    import rules

    parser = argparse.ArgumentParser()
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--moves", type=int, default=10, help="the player's moves per game")
    parser.add_argument("--game", action="append", help="a game's slug (default: all five)")
    args = parser.parse_args()
    slugs = args.game or [g.slug for g in rules.games()]
    var = tempfile.mkdtemp(prefix="imperia-bench-")
    servers = start_servers(var, 1, None)
    worker = start_worker(site_env(var), Path(var), "bots")
    django_setup(var)
    replies: list = []
    try:
        speed = machine_speed()
        for slug in slugs:
            asyncio.run(play(servers[0][1], slug, args.level, args.moves, replies))
    finally:
        for proc in [worker, *(proc for proc, _ in servers)]:
            proc.terminate()
            proc.wait(timeout=10)
    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    print(
        f"computer level {args.level}, {layer} layer; machine: {speed:.1f} ms to read Empire "
        "Chess's start and list its moves 200 times (lower is faster)"
    )
    heads = ("replies", "reply p50", "think p50", "beyond p50", "beyond p90", "beyond max")
    print(f"{'game':18s} " + " ".join(f"{head:>10}" for head in heads))
    every = []
    for slug in slugs:
        rows = [r for r in replies if r[0] == slug]
        thinks = [think_ms(s, p, lv, st) for s, p, lv, st, _ in rows]
        beyond = [r[4] - t for r, t in zip(rows, thinks, strict=True)]
        every += beyond
        print(
            f"{slug:18s} {len(rows):10d} {percentile([r[4] for r in rows], 0.5):10.1f} "
            f"{percentile(thinks, 0.5):10.1f} {percentile(beyond, 0.5):10.1f} "
            f"{percentile(beyond, 0.9):10.1f} {max(beyond, default=float('nan')):10.1f}"
        )
    print(
        f"replies={len(every)} beyond_think_p50_ms={percentile(every, 0.5):.1f} "
        f"beyond_think_p90_ms={percentile(every, 0.9):.1f}"
    )


if __name__ == "__main__":
    main()
