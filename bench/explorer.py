"""What the opening explorer costs with --games finished rated games of one game (1,000,000 by
default) counted in it: a position read (the service alone, and the analysis board's page with
the explorer open) at the start, along the most played line, and where no game went; and a
game counted in as it ends. Prints the median of --repeat runs and the queries; asserts
nothing.

    scripts/with-services.sh .venv/bin/python bench/explorer.py [--game empire-chess]
        [--games 1000000] [--repeat 7]

The table is made as that many games would leave it, without playing them: from each position
the games go on along its legal moves (in an order drawn at random there) with popularity
falling as 1/rank^1.1, as the moves of an opening database do; a move a single game took is
that game's own line to the explorer's depth, one row a ply, with made-up positions past its
first (only their count matters: none is read). Results are 45% first seat, 10% draws, 45%
second; speeds 60% live; mean ratings about 1500. On a fresh SQLite database in a temporary
folder, or PostgreSQL when DATABASE_URL is set."""

from __future__ import annotations

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
from bench.relations import measure  # noqa: E402
from bench.site import machine_speed  # noqa: E402

BATCH = 50_000
POPULARITY = 1.1  # the exponent of the moves' popularity by rank
RESULTS = (0.45, 0.10, 0.45)
LIVE = 0.6


def split(count: int, weights: list[float], rng: random.Random) -> list[int]:
    """`count` games shared among choices with these weights (a multinomial draw, as binomials
    one after another)."""
    left, rest, shares = count, sum(weights), [0] * len(weights)
    for i, weight in enumerate(weights):
        if not left:
            break
        shares[i] = rng.binomialvariate(left, min(1.0, weight / rest)) if rest > 0 else left
        left, rest = left - shares[i], rest - weight
    return shares


class Table:
    """The explorer's rows as they are made: those of real positions merged (two lines may
    meet), a lone game's made-up ones written as they come."""

    def __init__(self, rng: random.Random):
        self.rng, self.merged, self.pending, self.written = rng, {}, [], 0

    def add(self, position: int, move: str, games: int, real: bool) -> None:
        if not real:  # one game: its speed and result drawn alone
            speed = "live" if self.rng.random() < LIVE else "correspondence"
            result = [0, 0, 0]
            result[self.rng.choices(range(3), RESULTS)[0]] = 1
            row = (position, speed, move, *result, round(self.rng.gauss(1500, 250)), 1)
            self.pending.append(row)
            if len(self.pending) >= BATCH:
                self.flush()
            return
        live = self.rng.binomialvariate(games, LIVE)
        for speed, count in (("live", live), ("correspondence", games - live)):
            if not count:
                continue
            results = split(count, list(RESULTS), self.rng)
            rating = sum(round(self.rng.gauss(1500, 250)) for _ in range(min(count, 50)))
            rating = rating * count // min(count, 50)
            kept = self.merged.setdefault((position, speed, move), [0] * 5)
            for i, value in enumerate([*results, rating, count]):
                kept[i] += value

    def flush(self, rows=None) -> None:
        from django.db import connection

        from play.models import OpeningMove

        rows = self.pending if rows is None else rows
        table = connection.ops.quote_name(OpeningMove._meta.db_table)
        columns = "position, speed, move, first_wins, draws, second_wins, rating_sum, rated_games"
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                with cursor.connection.cursor().copy(
                    f"COPY {table} ({columns}) FROM STDIN"
                ) as copy:
                    for row in rows:
                        copy.write_row(row)
            else:
                cursor.executemany(
                    f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    rows,
                )
        self.written += len(rows)
        if rows is self.pending:
            self.pending = []

    def finish(self) -> None:
        self.flush()
        merged = [(*key, *row) for key, row in self.merged.items()]
        for first in range(0, len(merged), BATCH):
            self.flush(merged[first : first + BATCH])


def grow(game_rules, state, games: int, ply: int, depth: int, table: Table, rng) -> list[str]:
    """The games from `state` on, to the depth; the most played line from here."""
    from play.explorer.openings import position_id

    if ply >= depth or not games:
        return []
    moves = game_rules.legal_moves(state)
    if not moves:
        return []
    rng.shuffle(moves)
    here = position_id(game_rules, state)
    if games == 1:  # one game's own line: its first row real, the rest made up
        table.add(here, moves[0], 1, real=True)
        for _ in range(ply + 1, depth):
            table.add(rng.getrandbits(64) - 2**63, moves[0], 1, real=False)
        return [moves[0]]
    shares = split(games, [1 / (rank + 1) ** POPULARITY for rank in range(len(moves))], rng)
    line = []
    for move, share in zip(moves, shares, strict=True):
        if share:
            table.add(here, move, share, real=True)
            after = grow(
                game_rules, game_rules.play(state, move), share, ply + 1, depth, table, rng
            )
            if not line:
                line = [move, *after]
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="empire-chess")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    yardstick = machine_speed()
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    sys.setrecursionlimit(10_000)
    with tempfile.TemporaryDirectory() as var:
        setup(var)
        from urllib.parse import urlencode

        from django.db import connection, transaction
        from django.test import Client

        import rules
        from play.explorer import openings
        from play.models import ExploredGame, Game

        game_rules, rng = rules.get(args.game), random.Random(11)
        depth, start = openings.PLIES[args.game], game_rules.initial()
        made = time.perf_counter()
        table = Table(rng)
        line = grow(game_rules, start, args.games, 0, depth, table, rng)
        table.finish()
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # as a live database's statistics would be
                cursor.execute("VACUUM ANALYZE")
        made = time.perf_counter() - made

        def after(plies: int):
            state = start
            for move in line[:plies]:
                state = game_rules.play(state, move)
            return state

        print(f"{args.games} games of {args.game} to ply {depth}: {table.written} rows, made in "
              f"{made:.0f} s; {connection.vendor}; yardstick {yardstick:.1f} ms")  # fmt: skip
        print("| a position | moves | ms (median) | queries |")
        print("|---|---:|---:|---:|")
        rare = game_rules.initial()  # the last moves in order: few lines drawn if any
        for _ in range(2):
            rare = game_rules.play(rare, sorted(game_rules.legal_moves(rare))[-1])
        places = {"the start": 0, "the main line, ply 2": 2, "the main line, ply 6": 6}
        deepest = min(depth - 2, len(line) - 1)  # the line's last position with games on
        places[f"the main line, ply {deepest}"] = deepest
        for name, plies in places.items():
            state = after(plies)
            found = len(openings.explore(game_rules, state))
            ms, queries = measure(lambda s=state: openings.explore(game_rules, s), args.repeat)
            print(f"| {name} | {found} | {ms:.1f} | {queries} |")
        found = len(openings.explore(game_rules, rare))
        ms, queries = measure(lambda: openings.explore(game_rules, rare), args.repeat)
        print(f"| a rare one (the last moves in order, twice) | {found} | {ms:.1f} | {queries} |")
        ms, queries = measure(lambda: openings.explore(game_rules, start, "live"), args.repeat)
        print(f"| the start, live games | | {ms:.1f} | {queries} |")

        client = Client(SERVER_NAME="localhost")
        page = f"/analysis/{args.game}/?"
        client.get(page)  # the first request sets the process up
        ms, queries = measure(lambda: client.get(page), args.repeat)
        print(f"| the analysis board without the explorer, the start | | {ms:.1f} | {queries} |")
        for name, plies in {"the start": 0, "the main line, ply 6": 6}.items():
            query = urlencode({"tree": " ".join(line[:plies]), "at": ".".join(["0"] * plies)})
            ms, queries = measure(lambda q=query: client.get(f"{page}{q}&explorer=1"), args.repeat)
            print(f"| the analysis board with the explorer, {name} | | {ms:.1f} | {queries} |")

        # A game counted in as it ends: the main line, then its own moves.
        times = []
        for n in range(args.repeat * 3):
            state, own = start, list(line[: depth // 2])
            for move in own:
                state = game_rules.play(state, move)
            while len(own) < depth and game_rules.legal_moves(state):
                own.append(rng.choice(game_rules.legal_moves(state)))
                state = game_rules.play(state, own[-1])
            game = Game(game_slug=args.game, initial_position=game_rules.format(start), options={})
            counted = ExploredGame(speed="live", winner=n % 2, rating=1500, line=" ".join(own))
            begun = time.perf_counter()
            with transaction.atomic():
                openings._add(game, counted, 1)
            times.append(time.perf_counter() - begun)
        print(f"| a game counted in as it ends ({depth} plies) | | "
              f"{statistics.median(times) * 1000:.1f} | 1 |")  # fmt: skip


if __name__ == "__main__":
    main()
