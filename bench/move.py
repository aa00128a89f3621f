"""What one move costs the server, in process: a move POSTed through Django's test client (the
middleware, the view, the transaction, the boards drawn and handed to the channel layer), with
no network, no thread hand-off and no other request in the way. The steady figure that bench/live.py's
round trip is built on; prints numbers, asserts nothing.

    .venv/bin/python bench/move.py [--games 20] [--moves 20] [--game empire-chess]
                                   [--profile | --instructions]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set).
--profile prints the functions the moves spent most time in (cProfile, cumulative).
--instructions counts the machine instructions the moves take instead, under valgrind's
callgrind (Debian's `valgrind`): on this machine the times of two runs a minute apart differ
by half, the counts by 0.3 % at most, so a change is compared by its count.
"""

import argparse
import cProfile
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import machine_speed  # noqa: E402


def setup(var: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
    os.environ["IMPERIA_VAR_DIR"] = var
    os.environ["RATE_LIMIT_SCALE"] = "0"  # one player moves far faster than a person here
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def games_to_play(count: int, slug: str):
    """[(public id, [client of seat 0, client of seat 1])] for new games between new players."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from bench.live import arrange_setup
    from play import games

    User, out = get_user_model(), []
    for i in range(count):
        users = [User.objects.create_user(f"bench{i}{side}") for side in "wb"]
        game = arrange_setup(games.join(games.create(users[0], slug, "white", "seek"), users[1]))
        clients = []
        for user in users:
            client = Client(headers={"HX-Request": "true"}, SERVER_NAME="localhost")
            client.force_login(user)
            clients.append(client)
        out.append((game.public_id, clients))
    return out


def play(games, slug: str, plies: int, timings: list, queries: list) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import rules
    from play.models import Game

    game_rules = rules.get(slug)
    for public_id, clients in games:
        state, rng = (
            game_rules.parse(Game.objects.get(public_id=public_id).position),
            random.Random(1),
        )
        for ply in range(plies):
            if game_rules.outcome(state):
                break
            seat = game_rules.to_move(state)
            move = rng.choice(game_rules.legal_moves(state))
            with CaptureQueriesContext(connection) as counted:
                start = time.perf_counter()
                response = clients[seat].post(
                    f"/g/{public_id}/move/", {"move": move, "ply": str(ply)}
                )
                timings.append((time.perf_counter() - start) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{move} was refused: {response.status_code}")
            queries.append(len(counted))
            state = game_rules.play(state, move)


def serve_pushes() -> None:
    """An event loop in its own thread delivers the pushes, as daphne's does in a server."""
    import asyncio
    import threading

    from play import live

    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    live.serve_from(loop)


CALLGRIND_OUT = "IMPERIA_CALLGRIND_OUT"  # set in the run under callgrind: where it writes


def under_callgrind() -> None:
    """Run this benchmark again under callgrind, counting only the measured moves."""
    out = os.path.join(tempfile.mkdtemp(prefix="imperia-callgrind-"), "callgrind.out")
    command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
    env = {**os.environ, CALLGRIND_OUT: out, "PYTHONHASHSEED": "0"}  # the same dicts each run
    subprocess.run([*command, sys.executable, *sys.argv], env=env, check=True)


def counting(on: bool) -> None:
    """Switch callgrind's counting on or off for this process (when under it)."""
    if os.environ.get(CALLGRIND_OUT):
        switch = ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())]
        subprocess.run(switch, check=True, capture_output=True)


def instructions() -> int:
    """What callgrind counted so far in this process: dumped, then summed by its annotator."""
    out = os.environ[CALLGRIND_OUT]
    subprocess.run(["callgrind_control", "-d", str(os.getpid())], check=True, capture_output=True)
    report = subprocess.run(
        ["callgrind_annotate", f"{out}.1"], check=True, capture_output=True, text=True
    ).stdout
    total = next(line for line in report.splitlines() if "PROGRAM TOTALS" in line)
    return int(total.split()[0].replace(",", ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20, help="plies per game")
    parser.add_argument("--game", default="empire-chess")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    if args.instructions and not os.environ.get(CALLGRIND_OUT):
        return under_callgrind()
    setup(tempfile.mkdtemp(prefix="imperia-bench-"))
    games = games_to_play(args.games + 1, args.game)
    serve_pushes()
    timings, queries = [], []
    play(games[:1], args.game, args.moves, [], [])  # warm: templates, caches, connections
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    counting(True)
    play(games[1:], args.game, args.moves, timings, queries)
    counting(False)
    if profile:
        profile.disable()
        pstats.Stats(profile).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(60)
    if os.environ.get(CALLGRIND_OUT):
        millions = instructions() / len(timings) / 1e6
        print(f"{args.game}: {len(timings)} moves, {millions:.2f} M instructions per move")
        return
    timings.sort()
    print(
        f"{args.game}: {len(timings)} moves, server work per move p50 "
        f"{statistics.median(timings):.2f} ms, p90 {timings[int(0.9 * len(timings))]:.2f} ms; "
        f"{statistics.median(queries):.0f} queries per move; machine: {machine_speed():.1f} ms "
        "(as in bench/live.py)"
    )


if __name__ == "__main__":
    main()
