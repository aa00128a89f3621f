"""How strong the computer opponents are: games between players in pairs (one opening, sides
swapped), fixed seeds, printed per pairing, then a summary line per game (the ladder's
targets: level 8 scores >= 99 % against the random mover and >= 90 % against the greedy one,
every level >= 60 % against the one below, level 1 < 50 % against the greedy mover, level 8
thinks at most 2 s a move at the 95th percentile).

    .venv/bin/python bench/bots.py [--game SLUG] [--games 100] [--jobs 2] [--pairs all]
    .venv/bin/python bench/bots.py --sprt [--game SLUG] [--pairs ladder] [--cap 400]
    .venv/bin/python bench/bots.py --report      # where --sprt's pairings stand; plays nothing

With --sprt each pairing is played until a sequential probability ratio test (bench/sprt.py)
decides between "the first player scores 60 %" and "55 %" (--bounds), at alpha = beta = 0.05,
or --cap games are played; each game is recorded as it ends in bench/ladder/<game>.csv, and a
run takes up where the records stop, so a long measurement goes over several sittings.
There the levels are measured by their budgets of positions alone: the 1.8 s a move is held
to is lifted, so that a busy machine changes how long a game takes but never its moves (how
long level 8 thinks as it plays is this benchmark's other mode, on an idle machine).
bench/ratings.py fits the levels' ratings to the records.

A game still going after --max-plies is adjudicated on material (bots/material.py), and
counted as such. Empire is played on --empire-size (16: a 32x32 game between searchers runs
to a thousand plies)."""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots  # noqa: E402
import rules  # noqa: E402
from bench.sprt import Sprt, estimate  # noqa: E402
from bots.material import balance  # noqa: E402
from bots.players import GreedyMover, RandomMover  # noqa: E402

TOP = bots.levels()[-1]
RECORDS = Path(__file__).resolve().parent / "ladder"
EMPIRE_SIZE = 16  # the board Empire's games are played on here, the ladder's records too
UNHURRIED = 3600.0  # seconds a move under --sprt: never reached, so a level's budget decides
FIELDS = ["first", "second", "seed", "score", "adjudicated", "plies", "commit"]


def player(slug: str, name: str, seed: int, unhurried: bool = False):
    game = rules.get(slug)
    if name == "random":
        chosen = RandomMover(game, 0, seed)
    elif name == "greedy":
        chosen = GreedyMover(game, 0, seed)
    else:
        chosen = bots.get(slug, level=int(name[1:]), seed=seed)
    if unhurried:
        chosen.most_seconds = UNHURRIED
    return chosen


def pairings(which: str) -> list[tuple[str, str]]:
    """`all`, `yardsticks`, `ladder`, or pairings named like `L5-vs-L4,L8-vs-greedy`."""
    yardsticks = [("L1", "greedy"), (f"L{TOP}", "greedy"), (f"L{TOP}", "random")]
    ladder = [(f"L{k + 1}", f"L{k}") for k in range(1, TOP)]
    named = {"all": ladder + yardsticks, "yardsticks": yardsticks, "ladder": ladder}
    if which in named:
        return named[which]
    return [tuple(pair.split("-vs-")) for pair in which.split(",")]


def opened(game, options, seed: int, plies: int):
    """A game's start after `plies` random plies (Imperial Shuffle's boards dealt at random
    first), the same for the same seed."""
    opener = RandomMover(game, 0, seed)
    state = game.initial(options)
    if game.needs_setup:
        boards = [None, None]
        for seat in (0, 1):
            arranging = bots.Arranging(game.validate_options(options), seat, boards[0])
            boards[seat] = opener.choose(arranging)
        state = game.from_setup(boards[0], boards[1], 0)
    for _ in range(plies):
        if game.outcome(state) is None:
            state = game.play(state, opener.choose(state))
    return state


def play_one(task) -> tuple[float, bool, list[float], int]:
    """One game: (what the first player scored, adjudicated?, its think times in ms, plies).
    Games come in pairs, sides swapped, from the same opening: `opening` plies played at
    random (the levels are deterministic, so without them a pairing would be two games
    replayed)."""
    slug, first, second, seed, first_seat, options, max_plies, opening, unhurried = task
    game = rules.get(slug)
    players = {
        first_seat: player(slug, first, seed, unhurried),
        1 - first_seat: player(slug, second, seed, unhurried),
    }
    state, times = opened(game, options, seed // 2, opening), []  # the pair's, shared
    for ply in range(max_plies):
        outcome = game.outcome(state)
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, False, times, ply
            return float(outcome.winner == first_seat), False, times, ply
        seat = game.to_move(state)
        started = time.perf_counter()
        move = players[seat].choose(state)
        if seat == first_seat:
            times.append((time.perf_counter() - started) * 1000)
        state = game.play(state, move)
    lead = balance(game, state, first_seat)
    return (1.0 if lead > 0 else 0.0 if lead < 0 else 0.5), True, times, max_plies


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def options_for(slug: str, size: int) -> dict | None:
    return {"width": size, "height": size} if slug == "empire" else None


def records_path(slug: str, size: int) -> Path:
    return RECORDS / (f"empire-{size}x{size}.csv" if slug == "empire" else f"{slug}.csv")


def read_records(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(newline="") as file:
        return list(csv.DictReader(file))


def record(path: Path, row: dict) -> None:
    """One game appended as it ends, so that a run stopped anywhere loses at most the games
    it was playing."""
    fresh = not path.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", newline="") as file:
        writer = csv.DictWriter(file, FIELDS)
        if fresh:
            writer.writeheader()
        writer.writerow(row)


@dataclass
class Pairing:
    """One pairing under the sequential test: its games so far, by seed (seeds 2k and 2k+1
    are a pair), and the seeds being played."""

    slug: str
    first: str
    second: str
    path: Path
    options: dict | None
    scores: dict[int, float] = field(default_factory=dict)
    rows: list[dict] = field(default_factory=list)
    playing: set[int] = field(default_factory=set)
    reported: bool = False
    decided: tuple = (-1, None)  # (pairs, the test's answer then): asked after every game

    def decision(self, test: Sprt) -> tuple[str | None, int, float]:
        points = self.pair_points()
        if self.decided[0] != len(points):
            self.decided = (len(points), test.decide(points))
        return self.decided[1]

    def pair_points(self) -> list[float]:
        return pair_points(self.scores)

    def next_seed(self, test: Sprt, cap: int) -> int | None:
        if self.decision(test)[0] is not None:
            return None
        seed = 0
        while seed in self.scores or seed in self.playing:
            seed += 1
        return seed if seed < cap else None

    def finished(self, test: Sprt, cap: int) -> bool:
        return not self.playing and self.next_seed(test, cap) is None

    def add(self, row: dict) -> None:
        self.scores[int(row["seed"])] = float(row["score"])
        self.rows.append(row)


def pair_points(scores: dict[int, float]) -> list[float]:
    """The pairs played from the first on, in order, each its two games' points, from the
    games' scores by seed (seeds 2k and 2k+1 are a pair)."""
    points = []
    while 2 * len(points) + 1 in scores and 2 * len(points) in scores:
        k = len(points)
        points.append(scores[2 * k] + scores[2 * k + 1])
    return points


def commit() -> str:
    here = Path(__file__).resolve().parent
    run = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True)
    return run.stdout.decode().strip() or "unknown"


def report(pairing: Pairing, test: Sprt, cap: int, markdown: bool = False) -> None:
    """The pairing's decision, the games it took (won, drawn and lost by the first player),
    and the score and Elo difference with their 95 % intervals (over the games the decision
    took), as a line or a table's row."""
    decision, pairs, ratio = pairing.decision(test)
    found = estimate(pairing.pair_points()[:pairs])
    elo, elo_low, elo_high = found.elo
    seeds = set(range(2 * pairs))
    adjudicated = sum(r["adjudicated"] == "1" for r in pairing.rows if int(r["seed"]) in seeds)
    scores = [pairing.scores[seed] for seed in sorted(seeds)]
    wins, draws = scores.count(1.0), scores.count(0.5)
    counted = f"+{wins} ={draws} -{len(scores) - wins - draws}"
    named = {
        "H1": f"H1 (scores >= {test.score1:.0%})",
        "H0": f"H0 (scores < {test.score0:.0%})",
        None: "undecided at the cap" if 2 * pairs >= cap else "going on",
    }
    score = f"{100 * found.score:.1f}% [{100 * found.low:.1f}, {100 * found.high:.1f}]"
    difference = f"{elo:+.0f} [{elo_low:+.0f}, {elo_high:+.0f}]"
    if markdown:  # as performance.md writes it
        decided = named[decision].replace(">=", "≥").replace("%", " %")
        print(
            f"| {rules.get(pairing.slug).name} | {pairing.first}–{pairing.second} | "
            f"{decided} | {2 * pairs} | {counted} | {score.replace('% [', ' % [')} | "
            f"{difference} | {adjudicated} |"
        )
        return
    print(
        f"game={pairing.slug} pairing={pairing.first}-vs-{pairing.second} "
        f"decision={named[decision].replace(' ', '_')} games={2 * pairs} "
        f"results={counted.replace(' ', '')} llr={ratio:+.2f} "
        f"score={score} elo={difference} adjudicated={adjudicated}",
        flush=True,
    )


def recorded(args, slugs: list[str]) -> tuple[Sprt, list[Pairing]]:
    """The test asked for, and each pairing asked for in every game with its games recorded,
    in the order they are played: each pairing in every game, the cheap first."""
    score0, score1 = (float(x) for x in args.bounds.split(","))
    paths = {slug: records_path(slug, args.empire_size) for slug in slugs}
    rows = {slug: read_records(path) for slug, path in paths.items()}
    under_test = []
    for first, second in pairings(args.pairs):
        for slug in slugs:
            options = options_for(slug, args.empire_size)
            pairing = Pairing(slug, first, second, paths[slug], options)
            for row in rows[slug]:
                if (row["first"], row["second"]) == (first, second):
                    pairing.add(row)
            under_test.append(pairing)
    return Sprt(score0, score1), under_test


def run_report(args, slugs: list[str]) -> None:
    """Where every pairing stands, from the records alone: nothing is played."""
    test, under_test = recorded(args, slugs)
    by_game = sorted(under_test, key=lambda pairing: slugs.index(pairing.slug))
    for pairing in by_game if args.markdown else under_test:
        if pairing.scores:
            report(pairing, test, args.cap, args.markdown)


def run_sprt(args, slugs: list[str]) -> None:
    """Every pairing of every game asked for, each until its test decides or the cap: both
    cores kept busy, a game given to the first pairing still in need of one (the ladder from
    the bottom, in every game, then the yardsticks)."""
    test, under_test = recorded(args, slugs)
    made = commit()
    with ProcessPoolExecutor(args.jobs) as pool:
        running = {}
        while True:
            for pairing in under_test:
                while len(running) < args.jobs:
                    seed = pairing.next_seed(test, args.cap)
                    if seed is None:
                        break
                    task = (
                        pairing.slug, pairing.first, pairing.second, seed, seed % 2,
                        pairing.options, args.max_plies, args.opening, True,
                    )  # fmt: skip
                    running[pool.submit(play_one, task)] = (pairing, seed)
                    pairing.playing.add(seed)
                if not pairing.reported and pairing.finished(test, args.cap):
                    report(pairing, test, args.cap)
                    pairing.reported = True
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                pairing, seed = running.pop(future)
                pairing.playing.discard(seed)
                score, adjudicated, _, plies = future.result()
                row = {
                    "first": pairing.first, "second": pairing.second, "seed": seed,
                    "score": score, "adjudicated": int(adjudicated), "plies": plies,
                    "commit": made,
                }  # fmt: skip
                record(pairing.path, row)
                pairing.add({key: str(value) for key, value in row.items()})


def run_fixed(args, slugs: list[str]) -> None:
    """--games games a pairing, the levels held to their 1.8 s a move as players meet them."""
    with ProcessPoolExecutor(args.jobs) as pool:
        for slug in slugs:
            options = options_for(slug, args.empire_size)
            scores, think = {}, []
            for first, second in pairings(args.pairs):
                tasks = [
                    (slug, first, second, seed, seed % 2, options, args.max_plies, args.opening,
                     False)
                    for seed in range(args.games)
                ]  # fmt: skip
                started = time.perf_counter()
                results = list(pool.map(play_one, tasks))
                score = 100 * sum(r[0] for r in results) / len(results)
                wins = sum(r[0] == 1 for r in results)
                draws = sum(r[0] == 0.5 for r in results)
                times = [t for r in results for t in r[2]]
                if first == f"L{TOP}":
                    think += times
                scores[(first, second)] = score
                print(
                    f"game={slug} pairing={first}-vs-{second} games={len(results)} "
                    f"score={score:.1f}% (+{wins} ={draws} -{len(results) - wins - draws}) "
                    f"adjudicated={sum(r[1] for r in results)} "
                    f"think_p50_ms={percentile(times, 0.5):.0f} "
                    f"think_p95_ms={percentile(times, 0.95):.0f} "
                    f"wall_s={time.perf_counter() - started:.0f}",
                    flush=True,
                )
            ladder = [v for (a, b), v in scores.items() if b.startswith("L")]
            summary = {
                "top_vs_random": scores.get((f"L{TOP}", "random")),
                "top_vs_greedy": scores.get((f"L{TOP}", "greedy")),
                "level1_vs_greedy": scores.get(("L1", "greedy")),
                "ladder_min": min(ladder) if ladder else None,
            }
            shown = " ".join(f"{k}={v:.1f}%" for k, v in summary.items() if v is not None)
            print(f"game={slug} {shown} think_p95_ms={percentile(think, 0.95):.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[g.slug for g in rules.games()], action="append")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument(
        "--pairs", default="all", help="all, yardsticks, ladder, or e.g. L5-vs-L4,L8-vs-greedy"
    )
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--opening", type=int, default=4, help="random plies before play")
    parser.add_argument("--empire-size", type=int, default=EMPIRE_SIZE)
    parser.add_argument("--sprt", action="store_true", help="play each pairing until decided")
    parser.add_argument("--report", action="store_true", help="--sprt's results so far only")
    parser.add_argument("--markdown", action="store_true", help="--report as a table's rows")
    bounds = f"{Sprt.score0},{Sprt.score1}"  # the defaults bench/ratings.py judges steps by
    parser.add_argument("--bounds", default=bounds, help="the test's two scores, H0,H1")
    parser.add_argument("--cap", type=int, default=400, help="most games a pairing under --sprt")
    args = parser.parse_args()
    slugs = args.game or [g.slug for g in rules.games()]
    (run_report if args.report else run_sprt if args.sprt else run_fixed)(args, slugs)


if __name__ == "__main__":
    main()
