"""Empire: replay full random 32x32 games through the rules and print placements per second.
Prints numbers; asserts nothing.

    .venv/bin/python bench/empire.py [games]
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402

game = rules.get("empire")


def random_game(seed: int, options=None) -> list[str]:
    """A random game to the end: random vacant points, never passing while one is left."""
    rng, state, moves = random.Random(seed), game.initial(options), []
    while game.outcome(state) is None:
        points = [m for m in game.legal_moves(state) if m != "pass"] or ["pass"]
        moves.append(rng.choice(points))
        state = game.play(state, moves[-1])
    return moves


def replay(moves, options=None):
    state = game.initial(options)
    for move in moves:
        state = game.play(state, move)
    return state


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for options in (None, {"mode": "dots"}):
        games = [random_game(seed, options) for seed in range(count)]
        start = time.perf_counter()
        slowest = 0.0
        for moves in games:
            t = time.perf_counter()
            replay(moves, options)
            slowest = max(slowest, time.perf_counter() - t)
        seconds = time.perf_counter() - start
        placements = sum(len(m) for m in games)
        label = game.describe_options(options or {})
        print(
            f"{label:<28} {count} games, {placements / count:,.0f} placements each: "
            f"{placements / seconds:,.0f} placements/s, {seconds / count * 1000:.0f} ms a game "
            f"(slowest {slowest * 1000:.0f} ms)"
        )
