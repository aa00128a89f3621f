"""How strong the computer opponents are: games between players, sides alternating, fixed
seeds, printed per game and pairing, then a summary line per game (the ladder's targets:
level 8 scores >= 99 % against the random mover and >= 90 % against the greedy one, every
level >= 60 % against the one below, level 1 < 50 % against the greedy mover, level 8 thinks
at most 2 s a move at the 95th percentile).

    .venv/bin/python bench/bots.py [--game SLUG] [--games 100] [--jobs 2] [--pairs all]

A game still going after --max-plies is adjudicated on material (bots/material.py), and
counted as such. Empire is played on --empire-size (16: a 32x32 game between searchers runs
to a thousand plies)."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots  # noqa: E402
import rules  # noqa: E402
from bots.material import balance  # noqa: E402
from bots.players import GreedyMover, RandomMover  # noqa: E402

TOP = bots.levels()[-1]


def player(slug: str, name: str, seed: int):
    game = rules.get(slug)
    if name == "random":
        return RandomMover(game, 0, seed)
    if name == "greedy":
        return GreedyMover(game, 0, seed)
    return bots.get(slug, level=int(name[1:]), seed=seed)


def pairings(which: str) -> list[tuple[str, str]]:
    """`all`, `yardsticks`, `ladder`, or pairings named like `L5-vs-L4,L8-vs-greedy`."""
    yardsticks = [(f"L{TOP}", "random"), (f"L{TOP}", "greedy"), ("L1", "greedy")]
    ladder = [(f"L{k + 1}", f"L{k}") for k in range(1, TOP)]
    named = {"all": yardsticks + ladder, "yardsticks": yardsticks, "ladder": ladder}
    if which in named:
        return named[which]
    return [tuple(pair.split("-vs-")) for pair in which.split(",")]


def play_one(task) -> tuple[float, bool, list[float]]:
    """One game: (what the first player scored, adjudicated?, its think times in ms). Games
    come in pairs, sides swapped, from the same opening: `opening` plies played at random
    (the levels are deterministic, so without them a pairing would be two games replayed)."""
    slug, first, second, seed, first_seat, options, max_plies, opening = task
    game = rules.get(slug)
    players = {first_seat: player(slug, first, seed), 1 - first_seat: player(slug, second, seed)}
    state, times = game.initial(options), []
    opener = RandomMover(game, 0, seed // 2)  # the pair's deal and opening, shared
    if game.needs_setup:
        boards = [None, None]
        for seat in (0, 1):
            arranging = bots.Arranging(game.validate_options(options), seat, boards[0])
            boards[seat] = opener.choose(arranging)
        state = game.from_setup(boards[0], boards[1], 0)
    for _ in range(opening):
        if game.outcome(state) is None:
            state = game.play(state, opener.choose(state))
    for _ in range(max_plies):
        outcome = game.outcome(state)
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, False, times
            return float(outcome.winner == first_seat), False, times
        seat = game.to_move(state)
        started = time.perf_counter()
        move = players[seat].choose(state)
        if seat == first_seat:
            times.append((time.perf_counter() - started) * 1000)
        state = game.play(state, move)
    lead = balance(game, state, first_seat)
    return (1.0 if lead > 0 else 0.0 if lead < 0 else 0.5), True, times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


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
    parser.add_argument("--empire-size", type=int, default=16)
    args = parser.parse_args()
    slugs = args.game or [g.slug for g in rules.games()]
    with ProcessPoolExecutor(args.jobs) as pool:
        for slug in slugs:
            size = args.empire_size
            options = {"width": size, "height": size} if slug == "empire" else None
            scores, think = {}, []
            for first, second in pairings(args.pairs):
                tasks = [
                    (slug, first, second, seed, seed % 2, options, args.max_plies, args.opening)
                    for seed in range(args.games)
                ]
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


if __name__ == "__main__":
    main()
