"""The computer's levels placed on one rating scale per game, from every game the ladder's
benchmark recorded (bench/ladder/*.csv, written by `bench/bots.py --sprt`), into
bots/ratings.json, which the site reads.

    .venv/bin/python bench/ratings.py            # fit, print, and write bots/ratings.json
    .venv/bin/python bench/ratings.py --check    # fit and print only
    .venv/bin/python bench/ratings.py --check --markdown  # as performance.md's table's rows

The fit is Bradley-Terry on the Elo scale (a player rated D points above another is expected
to score 1 / (1 + 10^(-D/400)) against it; a draw is half a win), the ratings most likely to
have given every recorded game. Anchor: level 1, which plays at random, is rated 400 in every
game (the random mover of the yardsticks plays as it does and is counted as level 1). As
BayesElo does, each pairing that was played counts two drawn games more, so that a pairing
won every time places its levels far apart but not infinitely far. Each rating's interval is
95 %, from the curvature of the likelihood at its peak. A level with no recorded game, or not
joined to level 1 by a chain of pairings played, is not placed. Beside the ratings, where each
level's step over the level below stands in the sequential test (bench/sprt.py, at
`bench/bots.py --sprt`'s bounds), so that a page can say which steps are still being measured."""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bots  # noqa: E402
import rules  # noqa: E402
from bench.bots import EMPIRE_SIZE, pair_points, read_records, records_path  # noqa: E402
from bench.sprt import Sprt, estimate  # noqa: E402

OUTPUT = ROOT / "bots" / "ratings.json"
ANCHOR, ANCHOR_RATING = "L1", 400.0
VIRTUAL_DRAWS = 2
SCALE = 400 / math.log(10)  # Elo points per natural unit of the logistic
Z95 = 1.959963984540054


def tallies(rows) -> dict[tuple[str, str], list[float]]:
    """Games and points of the first named player, per pairing (random counted as L1)."""
    counted: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for row in rows:
        first, second = (_player(row["first"]), _player(row["second"]))
        counted[(first, second)][0] += 1
        counted[(first, second)][1] += float(row["score"])
    return dict(counted)


def _player(name: str) -> str:
    return ANCHOR if name == "random" else name


def fit(counted: dict[tuple[str, str], list[float]]) -> dict[str, dict]:
    """Each player's rating, its 95 % interval and its games, for the players joined to the
    anchor; Newton's method on the log-likelihood, which is concave."""
    joined = _joined(counted)
    others = sorted(joined - {ANCHOR}, key=_order)
    index = {name: i for i, name in enumerate(others)}
    strengths = np.zeros(len(others))  # natural units, the anchor at 0
    pairings = [
        (first, second, games + VIRTUAL_DRAWS, points + VIRTUAL_DRAWS / 2)
        for (first, second), (games, points) in counted.items()
        if first in joined and second in joined
    ]
    for _ in range(100):
        gradient, hessian = _derivatives(pairings, index, strengths)
        step = np.linalg.solve(hessian, gradient) if others else gradient
        strengths -= step
        if not others or np.max(np.abs(step)) < 1e-10:
            break
    _, hessian = _derivatives(pairings, index, strengths)
    spread = np.sqrt(np.diag(np.linalg.inv(-hessian))) if others else []
    placed = {ANCHOR: {"rating": ANCHOR_RATING, "low": ANCHOR_RATING, "high": ANCHOR_RATING}}
    for name, i in index.items():
        rating = ANCHOR_RATING + SCALE * strengths[i]
        margin = SCALE * Z95 * spread[i]
        placed[name] = {"rating": rating, "low": rating - margin, "high": rating + margin}
    for name, place in placed.items():
        place["games"] = sum(g for pair, (g, _) in counted.items() if name in pair)
    return placed


def _derivatives(pairings, index, strengths):
    """The log-likelihood's gradient and Hessian in the non-anchor strengths."""
    size = len(index)
    gradient, hessian = np.zeros(size), np.zeros((size, size))
    for first, second, games, points in pairings:
        a = strengths[index[first]] if first in index else 0.0
        b = strengths[index[second]] if second in index else 0.0
        expected = 1 / (1 + math.exp(b - a))
        slope = points - games * expected  # d/da of the pairing's log-likelihood
        curve = games * expected * (1 - expected)
        for name, sign in ((first, 1), (second, -1)):
            if name in index:
                gradient[index[name]] += sign * slope
                hessian[index[name], index[name]] -= curve
        if first in index and second in index:
            hessian[index[first], index[second]] += curve
            hessian[index[second], index[first]] += curve
    return gradient, hessian


def steps(rows) -> dict[str, dict]:
    """Each level's step over the level below, by level, as the sequential test stands on the
    recorded games: its decision ("H1", "H0", or None while it goes on), the games it took,
    and the level's score over them in per cent."""
    test, found = Sprt(), {}
    for level in bots.levels()[1:]:
        pairing = (f"L{level}", f"L{level - 1}")
        scores = {
            int(row["seed"]): float(row["score"])
            for row in rows
            if (row["first"], row["second"]) == pairing
        }
        points = pair_points(scores)
        if points:
            decision, pairs, _ = test.decide(points)
            score = round(100 * estimate(points[:pairs]).score)
            found[str(level)] = {"decision": decision, "games": 2 * pairs, "score": score}
    return found


def _joined(counted) -> set[str]:
    """The players a chain of played pairings joins to the anchor."""
    joined, grown = {ANCHOR}, True
    while grown:
        grown = False
        for first, second in counted:
            if (first in joined) != (second in joined):
                joined |= {first, second}
                grown = True
    return joined


def _order(name: str) -> tuple[int, str]:
    return (int(name[1:]), "") if name[1:].isdigit() else (99, name)


def markdown_row(name: str, placed: dict) -> str:
    """A game's ratings as performance.md's table writes them: each level's with its interval
    (level 1's is the anchor), "—" where not placed, the greedy mover's, the games."""

    def shown(place: dict | None) -> str:
        if place is None:
            return "—"
        if place["low"] == place["high"]:
            return f"{place['rating']:,}"
        return f"{place['rating']:,} [{place['low']:,}, {place['high']:,}]"

    cells = [shown(placed["levels"].get(str(level))) for level in bots.levels()]
    cells += [shown(placed["greedy"]), f"{placed['games']:,}"]
    return f"| {name} | " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="print only; write nothing")
    parser.add_argument("--markdown", action="store_true", help="print a table's rows")
    args = parser.parse_args()
    placed_games = {}
    for game in rules.games():
        path = records_path(game.slug, EMPIRE_SIZE)
        rows = read_records(path)
        placed = fit(tallies(rows)) if rows else {}
        levels = {}
        for level in bots.levels():
            place = placed.get(f"L{level}")
            if place:
                levels[str(level)] = {k: round(v) for k, v in place.items()}
        placed_games[game.slug] = {
            "levels": levels,
            "greedy": {k: round(v) for k, v in placed["greedy"].items()}
            if "greedy" in placed
            else None,
            "steps": steps(rows),
            "records": str(path.relative_to(ROOT)),
            "games": len(rows),
        }
        if args.markdown:
            print(markdown_row(game.name, placed_games[game.slug]), flush=True)
        else:
            shown = " ".join(
                f"L{level}={place['rating']}[{place['low']},{place['high']}]"
                for level, place in levels.items()
            )
            print(f"game={game.slug} games={len(rows)} {shown}", flush=True)
    if not args.check:
        document = {
            "anchor": {"level": 1, "rating": ANCHOR_RATING},
            "made": datetime.date.today().isoformat(),
            "games": placed_games,
        }
        OUTPUT.write_text(json.dumps(document, indent=1) + "\n")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
