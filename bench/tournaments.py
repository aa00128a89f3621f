"""What a tournament's pairing costs, pure (no database): an arena's pairing pass of N free
players (1,000 unless said), and Swiss rounds of M players (500 unless said) paired by the
Dutch system, each round's results drawn at random. Prints numbers; asserts nothing.

    .venv/bin/python bench/tournaments.py [--arena 1000] [--swiss 500] [--rounds 3] [--repeat 5]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site import machine_speed  # noqa: E402
from play.tournaments import pairing, swiss  # noqa: E402


def arena_pass(count: int, repeat: int) -> float:
    rng = random.Random(1)
    free = [
        pairing.Free(n, n, 2200 - n + rng.random() * 200, rng.choice([None, n + 1]),
                     rng.randint(-2, 2))
        for n in range(1, count + 1)
    ]  # fmt: skip
    times = []
    for _ in range(repeat):
        begun = time.perf_counter()
        pairing.pair(free, rng=rng)
        times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000


def swiss_rounds(count: int, rounds: int) -> list[float]:
    rng = random.Random(1)
    entrants = [swiss.Entrant(n, f"player {n}", 2200 - n) for n in range(1, count + 1)]
    by_number = {e.number: e for e in entrants}
    seconds = []
    for _ in range(rounds):
        begun = time.perf_counter()
        pairs = swiss.next_round(swiss.trf("bench", rounds, entrants))
        seconds.append(time.perf_counter() - begun)
        for white, black in pairs:
            if black == swiss.BYE:
                by_number[white].rounds.append(swiss.Round(swiss.BYE, None, 1))
                continue
            score = rng.choice((1, 0.5, 0))
            by_number[white].rounds.append(swiss.Round(black, True, score))
            by_number[black].rounds.append(swiss.Round(white, False, 1 - score))
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", type=int, default=1000)
    parser.add_argument("--swiss", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"machine yardstick: {machine_speed():.1f} ms (bench/site.py; lower is faster)")
    print(f"arena pairing pass, {args.arena} free players: "
          f"{arena_pass(args.arena, args.repeat):.0f} ms (median of {args.repeat})")  # fmt: skip
    for number, seconds in enumerate(swiss_rounds(args.swiss, args.rounds), 1):
        print(f"Swiss round {number} of {args.swiss} players (py4swiss, Dutch): {seconds:.1f} s")


if __name__ == "__main__":
    main()
