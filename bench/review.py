"""What the computer's review of a whole game costs the evaluations' worker: a game of --plies
plies (random moves from the start, so that it lasts that long), every position evaluated as
play/review/reviews.py evaluates it, then the reckoning (bots/review.py). Prints the time of
each part; asserts nothing.

    .venv/bin/python bench/review.py [--game empire-chess --plies 100] [--game empire --plies 400]

With no --game, a 100-ply Empire Chess game and a 400-ply Empire game on its 32x32 board."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots  # noqa: E402
import rules  # noqa: E402
from bench.site import machine_speed  # noqa: E402
from bots import review  # noqa: E402

SECONDS = 0.3  # play/review/reviews.py's SECONDS: each position's search
CASES = [("empire-chess", 100), ("empire", 400)]


def game_of(slug: str, plies: int, seed: int = 0) -> list:
    """The positions of a game of `plies` random moves (the first seed that lasts)."""
    game = rules.get(slug)
    for tried in range(seed, seed + 100):
        rng, state, positions = random.Random(tried), game.initial(), []
        positions.append(state)
        while len(positions) <= plies and game.outcome(state) is None:
            state = game.play(state, rng.choice(game.legal_moves(state)))
            positions.append(state)
        if len(positions) == plies + 1:
            return positions
    raise SystemExit(f"no random game of {slug} lasts {plies} plies")


def measure(slug: str, plies: int) -> dict:
    game = rules.get(slug)
    positions = game_of(slug, plies)
    times, sides, evaluated = [], [], []
    for state in positions:
        started = time.perf_counter()
        opinion = bots.analyse(slug, state, SECONDS)
        times.append(time.perf_counter() - started)
        sides.append(game.to_move(state) or 0)
        evaluated.append(review.Evaluated(opinion.score, opinion.mate, None))
    started = time.perf_counter()
    review.review(review.curves()[slug], sides, evaluated)
    reckoning = time.perf_counter() - started
    return {
        "total": sum(times),
        "median": statistics.median(times),
        "slowest": max(times),
        "reckoning": reckoning,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[g.slug for g in rules.games()])
    parser.add_argument("--plies", type=int, default=100)
    args = parser.parse_args()
    cases = [(args.game, args.plies)] if args.game else CASES
    print(f"yardstick {machine_speed():.1f} ms; {SECONDS} s a position")
    print("| game | plies | review, s | a position, median s | slowest s | reckoning ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for slug, plies in cases:
        got = measure(slug, plies)
        print(f"| {slug} | {plies} | {got['total']:.1f} | {got['median']:.2f} | "
              f"{got['slowest']:.2f} | {got['reckoning'] * 1000:.1f} |")  # fmt: skip


if __name__ == "__main__":
    main()
