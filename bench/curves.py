"""Each game's curve from evaluation to result, for the computer's review of a game
(bots/review.py): games played by the computer's levels from random openings, a few positions
of each evaluated as the review evaluates them, and the chance to win of the side to move
fitted to what became of it (a win 1, a draw 1/2, a loss 0) by a logistic curve through the
middle, 100 / (1 + e^(-scale score)), by maximum likelihood.

    .venv/bin/python bench/curves.py [--game SLUG] [--games 60] [--jobs 2] [--fit-only]

Each position is appended as its game ends to bench/curves/<game>.csv (the game's seed and
levels, the ply, the score and the result for the side to move), so a run goes on where the
last one stopped; the fit over all of a game's positions is written to bots/curves.json. A
game still going after --max-plies is not counted: its result is not known. A forced result
the engine sees (a mate) is certain, and outside the fit."""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots  # noqa: E402
import rules  # noqa: E402
from bench.bots import opened, options_for, player  # noqa: E402
from bots.review import CURVES  # noqa: E402

DATA = Path(__file__).resolve().parent / "curves"
FIELDS = ["seed", "first", "second", "ply", "score", "result"]
LEVELS = ("L3", "L4", "L5", "L6")  # the players: strong enough to convert a lead, quick
SAMPLED = 8  # positions evaluated a game, spread over it past the opening
OPENING = 4  # plies played at random first, so that each seed's game is its own
REVIEW_SECONDS = 0.3  # as the review evaluates a position (play/review/reviews.py)


def play_and_sample(task) -> list[dict]:
    """One game between two levels; SAMPLED of its positions, evaluated, each with the result
    for its side to move. Nothing for a game that did not end within max_plies."""
    slug, seed, size, max_plies = task
    game, rng = rules.get(slug), random.Random(seed)
    first, second = rng.choice(LEVELS), rng.choice(LEVELS)
    players = {0: player(slug, first, seed, True), 1: player(slug, second, seed, True)}
    state = opened(game, options_for(slug, size), seed, OPENING)
    positions = []
    for _ in range(max_plies):
        if game.outcome(state) is not None:
            break
        positions.append(state)
        state = game.play(state, players[game.to_move(state)].choose(state))
    outcome = game.outcome(state)
    if outcome is None or len(positions) < 2:
        return []
    rows = []
    for ply in sorted(rng.sample(range(len(positions)), min(SAMPLED, len(positions)))):
        here = positions[ply]
        if game.to_move(here) is None:
            continue
        opinion = bots.analyse(slug, here, REVIEW_SECONDS)
        if opinion.mate is not None:
            continue
        mover = game.to_move(here)
        result = 0.5 if outcome.winner is None else float(outcome.winner == mover)
        rows.append({"seed": seed, "first": first, "second": second, "ply": ply,
                     "score": f"{opinion.score:.2f}", "result": result})  # fmt: skip
    return rows


def fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The scale whose curve makes the results likeliest (Newton's method on the mean log
    loss, which is convex in the scale), and that loss."""
    scale = 0.01
    for _ in range(100):
        gradient = curvature = 0.0
        for score, result in points:
            p = 1 / (1 + math.exp(-max(-50, min(50, scale * score))))
            gradient += (p - result) * score
            curvature += p * (1 - p) * score * score
        step = gradient / curvature if curvature else 0.0
        scale = max(1e-6, scale - step)
        if abs(step) < 1e-9:
            break
    loss = -sum(
        r * math.log(max(1e-12, p)) + (1 - r) * math.log(max(1e-12, 1 - p))
        for s, r in points
        for p in [1 / (1 + math.exp(-max(-50, min(50, scale * s))))]
    )
    return scale, loss / len(points)


def path_of(slug: str) -> Path:
    return DATA / f"{slug}.csv"


def read(slug: str) -> list[dict]:
    if not path_of(slug).exists():
        return []
    with path_of(slug).open(newline="") as file:
        return list(csv.DictReader(file))


def append(slug: str, rows: list[dict]) -> None:
    fresh = not path_of(slug).exists()
    DATA.mkdir(exist_ok=True)
    with path_of(slug).open("a", newline="") as file:
        writer = csv.DictWriter(file, FIELDS)
        if fresh:
            writer.writeheader()
        writer.writerows(rows)


def write_fit(slug: str, rows: list[dict]) -> dict:
    points = [(float(r["score"]), float(r["result"])) for r in rows]
    scale, loss = fit(points)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()  # fmt: skip
    fits = json.loads(CURVES.read_text()) if CURVES.exists() else {}
    fits[slug] = {
        "scale": round(scale, 6),
        "positions": len(points),
        "games": len({r["seed"] for r in rows}),
        "log_loss": round(loss, 4),
        "date": date.today().isoformat(),
        "commit": commit,
    }
    CURVES.write_text(json.dumps(dict(sorted(fits.items())), indent=2) + "\n")
    return fits[slug]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[g.slug for g in rules.games()], action="append")
    parser.add_argument("--games", type=int, default=60, help="games a game kind, in all")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--empire-size", type=int, default=16)
    parser.add_argument("--fit-only", action="store_true")
    args = parser.parse_args()
    for slug in args.game or [g.slug for g in rules.games()]:
        done = {int(r["seed"]) for r in read(slug)}
        seeds = [] if args.fit_only else [s for s in range(args.games) if s not in done]
        tasks = [(slug, seed, args.empire_size, args.max_plies) for seed in seeds]
        with ProcessPoolExecutor(args.jobs) as pool:
            for rows in pool.map(play_and_sample, tasks):
                append(slug, rows)
        rows = read(slug)
        if rows:
            made = write_fit(slug, rows)
            print(f"{slug}: scale {made['scale']}, {made['positions']} positions of "
                  f"{made['games']} games, log loss {made['log_loss']}")  # fmt: skip


if __name__ == "__main__":
    main()
