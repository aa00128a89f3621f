"""What one move costs the server, in process: a move sent on the game socket as a page's click
sends it (the socket's own handler: the checks, the transaction, the updates drawn and handed
to the channel layer), or with --via post POSTed through Django's test client (the middleware
and the view besides), with no network, no thread hand-off and no other request in the way.
The steady figure that bench/live.py's round trip is built on; prints numbers, asserts
nothing.

    .venv/bin/python bench/move.py [--games 20] [--moves 20] [--game empire-chess]
                                   [--clock live|days|none] [--via socket|post]
                                   [--profile | --instructions [--inside MODULE:FUNCTION]]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set).
--profile prints the functions the moves spent most time in (cProfile, cumulative; SORT=tottime
to sort otherwise, PROFILE_OUT=file to keep the profile for pstats).
--instructions counts the machine instructions the moves take instead, under valgrind's
callgrind (Debian's `valgrind`): on this machine the times of two runs a minute apart differ
by half, the counts by 0.3 % at most, so a change is compared by its count. Only the sends are
counted, as only they are timed: not this benchmark's own choosing of each move (listing the
legal moves) nor following it on its copy of the game, 1.0-2.3 M instructions a move that no
server does. --inside counts only while that function runs (its outermost call), to say what
part of a move it is: `--inside play.round.updates:_draw`.
"""

import argparse
import cProfile
import ctypes
import itertools
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import cache, partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site import machine_speed  # noqa: E402


def setup(var: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
    os.environ["IMPERIA_VAR_DIR"] = var
    os.environ["RATE_LIMIT_SCALE"] = "0"  # one player moves far faster than a person here
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from imperia_site import collector

    collector.settle()  # as the server does once loaded


# The clocks a benchmark's games are played on: live 5+3 (what a round trip matters for), a
# correspondence clock, or none (the last two tell the player to move each time: a notice).
CLOCKS = {
    "live": {"kind": "live", "minutes": 5, "increment": 3},
    "days": {"kind": "days", "days": 3},
    "none": None,
}


def games_to_play(count: int, slug: str, prefix: str = "bench", clock: str = "live"):
    """[(public id, [client of seat 0, client of seat 1])] for new games between new players,
    on the clock named in CLOCKS."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from bench.site import arrange_setup
    from play.games import games

    User, out = get_user_model(), []
    for i in range(count):
        users = [User.objects.create_user(f"{prefix}{i}{side}") for side in "wb"]
        made = games.create(users[0], slug, "white", "seek", time_control=CLOCKS[clock])
        game = arrange_setup(games.join(made, users[1]))
        clients = []
        for user in users:
            client = Client(headers={"HX-Request": "true"}, SERVER_NAME="localhost")
            client.force_login(user)
            clients.append(client)
        out.append((game.public_id, clients, users))
    return out


def senders(public_id: str, clients, users, via: str):
    """For each seat, a function sending a move as the page does, True if it was played: a
    POST through the test client, or a message on the game socket, handled by the socket's
    own code (GameConsumer._move, what its receive() runs in a thread) with no network."""
    if via == "post":
        url = f"/g/{public_id}/move/"
        return [lambda values, c=c: c.post(url, values).status_code == 200 for c in clients]
    from play.round.consumers import GameConsumer

    out = []
    for seat, user in enumerate(users):
        socket = GameConsumer()
        socket.scope = {"user": user, "client": ["127.0.0.1", 0]}
        socket.public_id, socket.seat, socket.flipped = public_id, seat, False
        out.append(lambda values, s=socket: s._move({"type": "move", **values}) is None)
    return out


def play(
    games, slug: str, plies: int, timings: list, queries: list, via="post", measured=False
) -> None:
    """Play each game's plies, a random legal move each, as its seats' pages send them; only
    the sends are timed, and counted when `measured` (not the moves chosen and followed here)."""
    from django.db import connection

    import rules
    from play.models import Game

    game_rules = rules.get(slug)
    for public_id, clients, users in games:
        send = senders(public_id, clients, users, via)
        game = Game.objects.get(public_id=public_id)
        state, rng, revision = game_rules.parse(game.position), random.Random(1), game.revision
        for ply in range(plies):
            if game_rules.outcome(state):
                break
            seat = game_rules.to_move(state)
            move = rng.choice(game_rules.legal_moves(state))
            # As the page's click sends it: on the board of this revision, no confirmation.
            values = {"move": move, "ply": str(ply), "revision": str(revision), "confirmed": "1"}
            counted = []
            # Counted as they go by, not logged: Django's query log (CaptureQueriesContext)
            # writes out every query's SQL with its values, work no server does.
            with connection.execute_wrapper(partial(count_query, counted)):
                counting(measured)
                start = time.perf_counter()
                played = send[seat](values)
                timings.append((time.perf_counter() - start) * 1000)
                counting(False)
            if not played:
                raise SystemExit(f"{move} was refused")
            queries.append(sum(not sql.startswith(TRANSACTION) for sql in counted))
            state = game_rules.play(state, move)
            revision += 1  # a move that does not end the game raises it by one


def count_query(counted: list, run, sql, *args):
    """An execute wrapper noting each query's SQL in `counted`."""
    counted.append(sql)
    return run(sql, *args)


def serve_pushes() -> None:
    """An event loop in its own thread delivers the pushes, as daphne's does in a server."""
    import asyncio
    import threading

    from play.push import live

    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    live.serve_from(loop)


# Not counted as queries: the transaction's own statements (SQLite's BEGIN and COMMIT are
# logged as queries, PostgreSQL's are not), so that both count the same.
TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
CALLGRIND_OUT = "IMPERIA_CALLGRIND_OUT"  # set in the run under callgrind: where it writes


def under_callgrind() -> None:
    """Run this benchmark again under callgrind, counting only the measured moves."""
    out = os.path.join(tempfile.mkdtemp(prefix="imperia-callgrind-"), "callgrind.out")
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        "--collect-atstart=no",
        f"--callgrind-out-file={out}",
    ]
    env = {**os.environ, CALLGRIND_OUT: out, "PYTHONHASHSEED": "0"}  # the same dicts each run
    subprocess.run([*command, sys.executable, *sys.argv], env=env, check=True)


# callgrind's own request to switch counting, built once: a few instructions in this process,
# where callgrind_control is a process of its own, whose start and end would be counted.
_TOGGLE_COLLECT = (
    "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"
)
_collecting = False


@cache
def _toggle_collect():
    folder = Path(tempfile.mkdtemp(prefix="imperia-callgrind-"))
    (folder / "toggle.c").write_text(_TOGGLE_COLLECT)
    compile_it = ["gcc", "-shared", "-fPIC", "-O2", "-o", folder / "toggle.so", folder / "toggle.c"]
    subprocess.run(compile_it, check=True)
    # Instrumented from here on (not while Django started, for speed); counted only when on.
    instrument = ["callgrind_control", "-i", "on", str(os.getpid())]
    subprocess.run(instrument, check=True, capture_output=True)
    return ctypes.CDLL(str(folder / "toggle.so")).toggle


def counting(on: bool) -> None:
    """Switch callgrind's counting on or off in this process (when under it); with --inside,
    only within that function while a move is measured."""
    global _measuring
    _measuring = on
    if not _counted_inside:
        _count(on)


def _count(on: bool) -> None:
    global _collecting
    if os.environ.get(CALLGRIND_OUT) and on != _collecting:
        _toggle_collect()()
        _collecting = on


_measuring = False  # a measured move is being sent
_counted_inside = False  # --inside given: only that function switches the counting


def count_inside(name: str) -> None:
    """Count a measured move's instructions only while `name` ("module:function" or
    "module:Class.method") runs: what part of a move it is."""
    import importlib

    module_name, _, path = name.partition(":")
    owner = importlib.import_module(module_name)
    *classes, attribute = path.split(".")
    for class_name in classes:
        owner = getattr(owner, class_name)
    function = getattr(owner, attribute)
    depth = 0  # its calls under way: a call within a call is counted once

    def counted(*args, **kwargs):
        nonlocal depth
        outermost = depth == 0 and _measuring
        depth += 1
        if outermost:
            _count(True)
        try:
            return function(*args, **kwargs)
        finally:
            depth -= 1
            if outermost:
                _count(False)

    global _counted_inside
    _counted_inside = True
    setattr(owner, attribute, counted)
    # Where a module took the function by name, it calls it there.
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("play") and (
            getattr(module, attribute, None) is function
        ):
            setattr(module, attribute, counted)


_DUMPS = itertools.count(1)  # callgrind numbers its dumps from 1


def instructions() -> int:
    """What callgrind counted in this process since the last call: dumped (which starts the
    count again), then summed by its annotator."""
    out = os.environ[CALLGRIND_OUT]
    subprocess.run(["callgrind_control", "-d", str(os.getpid())], check=True, capture_output=True)
    report = subprocess.run(
        ["callgrind_annotate", f"{out}.{next(_DUMPS)}"], check=True, capture_output=True, text=True
    ).stdout
    total = next(line for line in report.splitlines() if "PROGRAM TOTALS" in line)
    return int(total.split()[0].replace(",", ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20, help="plies per game")
    parser.add_argument("--game", default="empire-chess")
    parser.add_argument("--clock", choices=CLOCKS, default="live")
    parser.add_argument("--via", choices=("socket", "post"), default="socket")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument(
        "--inside", metavar="MODULE:FUNCTION", help="with --instructions: count only within it"
    )
    args = parser.parse_args()
    if args.instructions and not os.environ.get(CALLGRIND_OUT):
        return under_callgrind()
    setup(tempfile.mkdtemp(prefix="imperia-bench-"))
    if args.inside:
        count_inside(args.inside)
    games = games_to_play(args.games + 1, args.game, clock=args.clock)
    serve_pushes()
    timings, queries = [], []
    play(games[:1], args.game, args.moves, [], [], args.via)  # warm: templates, caches, connections
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    play(games[1:], args.game, args.moves, timings, queries, args.via, measured=True)
    if profile:
        profile.disable()
        if os.environ.get("PROFILE_OUT"):
            profile.dump_stats(os.environ["PROFILE_OUT"])
        pstats.Stats(profile).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(60)
    if os.environ.get(CALLGRIND_OUT):
        millions = instructions() / len(timings) / 1e6
        within = f" within {args.inside}" if args.inside else ""
        print(
            f"{args.game} ({args.clock} clock, by {args.via}): {len(timings)} moves, "
            f"{millions:.2f} M instructions per move{within}"
        )
        return
    timings.sort()
    print(
        f"{args.game} ({args.clock} clock, by {args.via}): {len(timings)} moves, server work per move p50 "
        f"{statistics.median(timings):.2f} ms, p90 {timings[int(0.9 * len(timings))]:.2f} ms; "
        f"{statistics.median(queries):.0f} queries per move; machine: {machine_speed():.1f} ms "
        "(as in bench/live.py)"
    )


if __name__ == "__main__":
    main()
