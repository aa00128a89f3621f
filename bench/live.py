"""The live move round trip, over real HTTP and websockets. Prints numbers; asserts nothing.

    .venv/bin/python bench/live.py [--games 100] [--moves 20] [--game empire-chess]
                                   [--servers N | --url URL ...] [--via socket|post|api] [--trace]
                                   [--evaluations N]

Without --url it starts daphne on a fresh folder (SQLite and the in-memory channel layer, or
PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set); --servers starts several sharing
Redis. With several servers the two players of a game sit on different ones, as a proxy
spreading connections would place them, so that every move crosses the channel layer.
Players and games (live, 5+3) are created in the database directly; every game's sockets are
opened, and once all are, the clock starts (moves a second, the servers' CPU a move are over
play alone, not the pages' opening) and every game is played with random legal moves by both
sides, each after a think time (a game's first within the whole of one, so that the games do
not move in waves), as the page sends them: over the mover's game socket (--via post: by
POST; --via api: by the API's board call, with a token), on the board of the current
revision. Each move is timed from being sent to the opponent's socket receiving its update (the mover's answer is
awaited too, and its time printed on its own line). The floor is a bare websocket round trip
through the same server and channel layer (ws/ping/), measured at the same time, under the
same load.

--evaluations N has N more players ask the analysis board for the computer's evaluation all
along, each asking again once answered, and starts the worker that answers them:
the round trip beside N evaluations at once, to set beside a run without.

--trace serves bench/traced.py instead, which marks the stages of every move in the servers,
and prints where the round trip goes, stage by stage (and where it went for the slowest 1 %).
It also times null moves beside the real ones (one per pinger, in games of their own), sent
as the moves are (--via): a message on the game socket that goes through daphne, the consumer
and a worker thread (a POST: daphne, a worker thread and the middleware) and pushes an already
drawn board to the other player's socket, doing none of the game's work. What a move costs
beyond the floor before the game does anything.
"""

import argparse
import asyncio
import collections
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

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
    posting,
    seated,
    site_env,
    start_servers,
    wait_for_ply,
)

# Games whose players open their sockets at once. Players arrive over time; a thousand
# connecting in the same instant overflow the servers' listen queues (Twisted's is 50), and
# the connections past it are reset: that is the benchmark's doing, not the site's.
CONNECTING = asyncio.Semaphore(25)


class Connected:
    """Every game's sockets open (or failed to): play begins then, and is what is timed. A
    page's opening draws its whole board, work no move does."""

    def __init__(self, games: int):
        self.left, self.all = games, asyncio.Event()

    def one(self) -> None:
        self.left -= 1
        if not self.left:
            self.all.set()


async def play_game(http, bases, slug, public_id, position, pair, play, timed, errors, connected):
    """Play one game, each player on their own server (`bases`, one per seat), once every
    game's sockets are open; anything that goes wrong (a refused move, a socket closed, a
    timeout) is counted as an error and ends that game. `play`: how many moves, the think
    times, and whether moves go by socket."""
    sockets = []
    try:
        async with CONNECTING:
            for base, (_, headers) in zip(bases, pair, strict=True):
                sockets.append(await game_socket(http, base, public_id, headers))
    except Exception as exc:  # noqa: BLE001 - the game failed: count it
        errors.append(f"{public_id}: {type(exc).__name__} {str(exc)[:60]}".rstrip())
        sockets = None
    connected.one()
    await connected.all.wait()
    if sockets is None:
        return
    try:
        await _play(http, bases, slug, public_id, position, pair, play, timed, errors, sockets)
    except Exception as exc:  # noqa: BLE001 - whatever it was, the game failed: count it
        errors.append(f"{public_id}: {type(exc).__name__} {str(exc)[:60]}".rstrip())
    finally:
        for ws, _ in sockets:
            await ws.close()


async def _play(http, bases, slug, public_id, position, pair, play, timed, errors, sockets):
    import aiohttp

    import rules

    moves, think, via = play
    game_rules = rules.get(slug)
    state = game_rules.parse(position)
    revision = sockets[0][1]
    sockets = [ws for ws, _ in sockets]
    rng = random.Random(public_id)
    for ply in range(moves):
        if game_rules.outcome(state):
            break
        seat = game_rules.to_move(state)
        move = rng.choice(game_rules.legal_moves(state))
        # The games' first moves spread over a whole think, as a site's games are each at a
        # moment of their own: begun all at once, a thousand games move in one wave.
        await asyncio.sleep(rng.uniform(0 if ply == 0 else think[0], think[1]))
        base = bases[seat]
        headers = posting(pair[seat][1], base)
        start = time.perf_counter()
        arrival = asyncio.create_task(wait_for_ply(sockets[1 - seat], ply + 1))
        # As the page sends it: on the board of this revision, no confirmation wanted.
        data = {"move": move, "ply": str(ply), "revision": str(revision), "confirmed": "1"}
        try:
            if via == "socket":  # the answer is the move's update, on the mover's own socket
                await sockets[seat].send_str(json.dumps({"type": "move", **data}))
                answered = await asyncio.wait_for(wait_for_ply(sockets[seat], ply + 1), 10)
                ok = True
            else:  # by POST, as the page or as an API client (its token, no cookie)
                url = f"{base}/g/{public_id}/move/"
                if via == "api":
                    url = f"{base}/api/board/game/{public_id}/move/{quote(move)}?ply={ply}"
                    headers, data = {"Authorization": pair[seat][1]["Authorization"]}, None
                async with http.post(url, data=data, headers=headers) as response:
                    await response.read()
                    ok = response.status == 200
                answered = time.perf_counter()
                # The mover's own socket gets the new board too (for their other pages).
                await asyncio.wait_for(wait_for_ply(sockets[seat], ply + 1), timeout=10)
            arrived = await asyncio.wait_for(arrival, timeout=10)
        except (TimeoutError, OSError, aiohttp.ClientError):
            ok = False
        if not ok:
            errors.append(move)
            break
        timed["rtt"].append((arrived - start) * 1000)
        timed["answer"].append((answered - start) * 1000)
        timed["marks"] += [("posted", f"{public_id}:{ply + 1}", start)]
        timed["marks"] += [("received", f"{public_id}:{ply + 1}", arrived)]
        state = game_rules.play(state, move)
        revision += 1  # a move that does not end the game raises it by one


async def pinger(http, base, stop, floors, think):
    ws = await connect(http, base.replace("http", "ws", 1) + "/ws/ping/", {"Origin": base})
    rng = random.Random()
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(*think))
        start = time.perf_counter()
        await ws.send_str("ping")
        floors.append((((await ws.next())[0]) - start) * 1000)
    await ws.close()


async def evaluator(http, base, slug, headers, stop, counts, seed):
    """Ask for an evaluation as the analysis board does, wait for its answer, and ask again,
    until the games end: a position a few random plies from the start, in no game in play.
    As the page does, the answer is awaited on the player's own socket, the page looking
    again every five seconds in case no push comes."""
    import rules

    game, rng = rules.get(slug), random.Random(seed)
    own = {"Cookie": headers["Cookie"], "Origin": base}
    socket = await connect(http, base.replace("http", "ws", 1) + "/ws/me/", own)
    try:
        while not stop.is_set():
            state = game.initial()
            for _ in range(rng.randrange(6, 14)):
                state = game.play(state, rng.choice(game.legal_moves(state)))
            query = {"start": game.format(state), "evaluate": "1"}
            page = await (
                await http.get(f"{base}/analysis/{slug}/", params=query, headers=headers)
            ).text()
            counts["asked"] += 1
            token = re.search(r"/analysis/evaluation/([^/\"]+)/", page)
            while token and not stop.is_set():
                try:
                    _, pushed = await asyncio.wait_for(socket.next(), timeout=5)
                    if f"evaluation-{token[1]}" in pushed:
                        counts["pushed"] += 1
                        break
                    continue
                except TimeoutError:
                    pass
                answer = await http.get(f"{base}/analysis/evaluation/{token[1]}/", headers=headers)
                counts["looked again"] += 1
                if "hx-trigger" not in await answer.text():
                    break
    finally:
        await socket.close()


async def null_mover(http, bases, public_id, pair, stop, nulls, think, by_socket):
    """Null moves (bench/traced.py) in a game of their own, timed like a move: from seat 1
    sending it on one server (on its game socket, or by POST) to seat 0's socket on the other
    receiving the board."""
    ws, _ = await game_socket(http, bases[0], public_id, pair[0][1])
    mover = (await game_socket(http, bases[1], public_id, pair[1][1]))[0] if by_socket else None
    headers = posting(pair[1][1], bases[1])
    rng, ply = random.Random(), 0
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(*think))
        ply += 1
        start = time.perf_counter()
        arrival = asyncio.create_task(wait_for_ply(ws, ply))
        if mover is not None:
            await mover.send_str(json.dumps({"type": "null", "ply": ply}))
        else:
            url = f"{bases[1]}/bench/null/{public_id}/"
            async with http.post(url, data={"ply": str(ply)}, headers=headers) as response:
                await response.read()
        nulls.append((await asyncio.wait_for(arrival, timeout=10) - start) * 1000)
    await ws.close()
    if mover is not None:
        await mover.close()


async def run(urls, games, slug, play, pingers, null_games=(), evaluators=(), pids=()):
    """Play the games; timed from the moment every game's sockets are open: (what was timed,
    the floors, the errors, and the seconds, the servers' CPU seconds (`pids`) and this
    client's over play)."""
    import aiohttp

    timed, errors, floors = {"rtt": [], "answer": [], "marks": [], "null": []}, [], []
    timed["evaluations"] = collections.Counter()
    stop = asyncio.Event()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        pings = (
            [
                asyncio.create_task(pinger(http, urls[i % len(urls)], stop, floors, play[1]))
                for i in range(pingers)
            ]
            + [
                asyncio.create_task(
                    null_mover(
                        http,
                        seated(urls, i),
                        g,
                        pair,
                        stop,
                        timed["null"],
                        play[1],
                        play[2] == "socket",
                    )
                )
                for i, (g, _, pair) in enumerate(null_games)
            ]
            + [
                asyncio.create_task(
                    evaluator(http, urls[0], slug, pair[0][1], stop, timed["evaluations"], i)
                )
                for i, (_, _, pair) in enumerate(evaluators)
            ]
        )
        connected = Connected(len(games))
        playing = asyncio.gather(
            *(
                play_game(http, seated(urls, i), slug, g, pos, pair, play, timed, errors, connected)
                for i, (g, pos, pair) in enumerate(games)
            )
        )
        await connected.all.wait()
        began = time.perf_counter(), sum(map(cpu_seconds, pids)), time.process_time()
        await playing
        spent = [time.perf_counter(), sum(map(cpu_seconds, pids)), time.process_time()]
        spent = [after - before for after, before in zip(spent, began, strict=True)]
        stop.set()
        # A pinger whose socket the server dropped (an overloaded machine) is an error too.
        for failed in await asyncio.gather(*pings, return_exceptions=True):
            if isinstance(failed, Exception):
                errors.append(f"ping: {type(failed).__name__} {str(failed)[:60]}".rstrip())
    return timed, floors, errors, spent


STAGES = [  # (from, to, what happens between)
    ("posted", "arrived", "in: the client's message (or request) read by daphne"),
    ("arrived", "began", "waiting for a free worker thread"),
    ("began", "submit", "the message read, the limit counted (a POST: the middleware, the view)"),
    ("submit", "locked", "the game row locked, with what its boards show"),
    ("locked", "committed", "the rules, the writes, the commit"),
    ("committed", "drawn", "both seats' updates drawn"),
    ("drawn", "reached", "handed to the loop, the channel layer, their consumer"),
    ("reached", "received", "sent on the opponent's socket, received"),
]


def print_stages(trace: str, client_marks) -> None:
    """Where the round trip goes: each stage's p50 / p90 / p99 over the moves marked at
    every stage (a move whose game had ended has no push, for one)."""
    marks: dict[str, dict[str, float]] = {}
    pauses: dict[str, list[list[float]]] = {}  # the collector's, by generation
    lines = [line.split() for path in Path(trace).glob("*.txt") for line in path.open()]
    for stage, key, at, *more in [*lines, *client_marks]:
        if key.endswith(":gc"):  # wall, CPU (ms), objects freed
            pauses.setdefault(stage, []).append([float(at), *map(float, more)])
        else:
            marks.setdefault(key, {})[stage] = float(at)
    stages = {start for start, _, _ in STAGES} | {STAGES[-1][1]}
    complete = [m for m in marks.values() if stages <= m.keys()]
    # The slowest 1 %: which stages their time went to, on average.
    slowest = sorted(complete, key=lambda m: m["received"] - m["posted"])[-len(complete) // 100 :]
    title = f"the stages of {len(complete)} moves, ms"
    print(f"{title:56s} {'p50':>6}   {'p90':>6}   {'p99':>6}   {'slowest 1 %':>11}")
    for start, end, what in STAGES:
        spans = [1000 * (m[end] - m[start]) for m in complete]
        worst = statistics.fmean(1000 * (m[end] - m[start]) for m in slowest) if slowest else 0
        print(
            f"  {what:54s} {percentile(spans, 0.5):6.2f}   {percentile(spans, 0.9):6.2f}   "
            f"{percentile(spans, 0.99):6.2f}   {worst:11.2f}"
        )
    for generation, each in sorted(pauses.items()):
        took, cpu, freed = zip(*each, strict=True)
        longest = max(each)
        print(
            f"  the garbage collector's {generation} pauses: {len(took)}, "
            f"p50 {percentile(took, 0.5):.2f} ms, longest {longest[0]:.1f} ms "
            f"({longest[1]:.1f} ms of CPU, {longest[2]:.0f} objects freed); "
            f"CPU p50 {percentile(cpu, 0.5):.2f} ms, most {max(cpu):.1f} ms; "
            f"freed p50 {percentile(freed, 0.5):.0f}, most {max(freed):.0f}"
        )


def with_tokens(games) -> None:
    """Each player's API token (board:play), beside their page's headers."""
    from play.api import tokens

    for _, _, pair in games:
        for user, headers in pair:
            headers["Authorization"] = f"Bearer {tokens.create(user, 'bench', ['board:play'])[1]}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20, help="plies per game")
    parser.add_argument("--game", default="empire-chess")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds, min max")
    parser.add_argument("--pingers", type=int, default=10)
    parser.add_argument("--servers", type=int, default=1, help="daphne processes to start")
    parser.add_argument(
        "--url", action="append", help="running servers (same database) instead of starting"
    )
    parser.add_argument("--var", help="their IMPERIA_VAR_DIR (with --url)")
    parser.add_argument("--trace", action="store_true", help="time each stage of a move")
    parser.add_argument(
        "--evaluations",
        type=int,
        default=0,
        help="players asking the analysis board's engine all along (its worker runs)",
    )
    parser.add_argument(
        "--via",
        choices=("socket", "post", "api"),
        default="socket",
        help="how moves are sent: the page's socket, its POST, or the API's (a token's)",
    )
    args = parser.parse_args()
    if args.trace and args.url:
        parser.error("--trace marks the stages in servers it starts itself, not with --url")
    if args.servers > 1 and not os.environ.get("REDIS_URL"):
        parser.error("several servers share a channel layer only through Redis (REDIS_URL)")
    var = args.var or tempfile.mkdtemp(prefix="imperia-bench-")
    trace = tempfile.mkdtemp(prefix="trace-", dir=var) if args.trace else None
    servers = [] if args.url else start_servers(var, args.servers, trace)
    urls = [u.rstrip("/") for u in args.url] if args.url else [url for _, url in servers]
    django_setup(var)
    try:
        games = make_players_and_games(args.games, args.game)
        null_games = make_players_and_games(args.pingers, args.game) if trace else []
        evaluators = make_players_and_games(args.evaluations, args.game)
        from tests.e2e.conftest import start_worker

        worker = (
            start_worker(site_env(var), Path(var), "evaluations")
            if args.evaluations and not args.url
            else None
        )
        if args.via == "api":
            with_tokens(games)
        speed = machine_speed()
        play = (args.moves, args.think, args.via)
        pids = [proc.pid for proc, _ in servers]
        timed, floors, errors, (seconds, cpu, client) = asyncio.run(
            run(urls, games, args.game, play, args.pingers, null_games, evaluators, pids)
        )
        cpu = cpu if servers else None
    finally:
        for proc in [proc for proc, _ in servers] + ([worker] if args.evaluations else []):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)
    rtts = timed["rtt"]
    p50, p99, floor = (
        percentile(rtts, 0.5),
        percentile(rtts, 0.99),
        statistics.median(floors or [float("nan")]),
    )
    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    database = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    rate = len(rtts) / seconds
    print(
        f"{database} + {layer} layer, {len(urls)} server(s), {rate:.1f} moves/s over "
        f"{seconds:.0f} s, think {args.think[0]}-{args.think[1]} s; machine: {speed:.1f} ms "
        "to read Empire Chess's start and list its moves 200 times (lower is faster)"
    )
    if cpu is not None:
        print(
            f"servers' CPU {cpu:.1f} s = {1000 * cpu / max(1, len(rtts)):.1f} ms per move; "
            f"this client's (same machine) {client:.1f} s"
        )
    print(
        f"the mover's answer ({args.via}): p50 {percentile(timed['answer'], 0.5):.1f} ms, "
        f"p99 {percentile(timed['answer'], 0.99):.1f} ms"
    )
    if trace:
        print_stages(trace, timed["marks"])
        nulls = timed["null"]
        print(
            f"a null move by {args.via} (daphne, a worker thread, the channel layer; no game "
            f"work), {len(nulls)}: p50 {percentile(nulls, 0.5):.2f} ms = "
            f"{percentile(nulls, 0.5) / floor:.2f} floors, p99 {percentile(nulls, 0.99):.1f} ms"
        )
    if args.evaluations:
        print(
            f"evaluations asked by {args.evaluations} players all along: "
            + ", ".join(f"{what} {n}" for what, n in timed["evaluations"].items())
        )
    if errors:  # what went wrong, by kind: a refused move is its text, a failed game its error
        kinds = collections.Counter(e.split(": ")[-1] if ": " in e else "refused" for e in errors)
        print("errors: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    print(
        f"games={args.games} sockets={2 * args.games + args.pingers} moves={len(rtts)} "
        f"rtt_p50_ms={p50:.1f} rtt_p99_ms={p99:.1f} floor_p50_ms={floor:.1f} "
        f"ratio_p50={p50 / floor:.2f} errors={len(errors)}"
    )


if __name__ == "__main__":
    main()
