"""How fast the computer's own searchers look at positions: in each game its search plays
(Empire Chess's levels are Fairy-Stockfish's), level 6 chooses a move in the positions of one
fixed game, unhurried, so that its budget of positions alone ends each search. Prints, per
game, the positions searched and a second's worth of them, the milliseconds a move, and a
digest of the moves chosen: the same digest from two versions of the code means they did the
same work, so their times compare (and the levels the ladder measured play as they did).
With --depths, how many plies ahead each searching level looks in full in those positions
instead (the fewest, the median and the most). Prints numbers; asserts nothing.

    .venv/bin/python bench/search.py [--moves 12] [--game SLUG ...] [--depths]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from bench.bots import EMPIRE_SIZE, TOP, opened, options_for, player  # noqa: E402
from bench.site import machine_speed  # noqa: E402
from bots.players import Searcher  # noqa: E402

LEVEL = 6
SEED = 1


def positions(game, options, count: int) -> list:
    """Every other position of a game between two level 5 players after four random plies
    (Imperial Shuffle's boards dealt at random too), up to `count` of them."""
    state = opened(game, options, SEED, 4)
    level5 = player(game.slug, "L5", SEED, unhurried=True)
    found = []
    while len(found) < count and game.outcome(state) is None:
        found.append(state)
        for _ in range(2):
            if game.outcome(state) is None:
                state = game.play(state, level5.choose(state))
    return found


def measure(slug: str, count: int) -> str:
    game = rules.get(slug)
    searcher = player(slug, f"L{LEVEL}", SEED, unhurried=True)
    assert isinstance(searcher, Searcher)
    visited, times, chosen = 0, [], []
    for state in positions(game, options_for(slug, EMPIRE_SIZE), count):
        started = time.perf_counter()
        chosen.append(searcher.choose(state))
        times.append(time.perf_counter() - started)
        visited += searcher.visited
    times.sort()
    digest = hashlib.sha1(" ".join(chosen).encode()).hexdigest()[:10]
    return (
        f"game={slug} moves={len(times)} positions={visited} "
        f"positions_per_s={visited / sum(times):,.0f} "
        f"ms_p50={1000 * times[len(times) // 2]:.0f} ms_max={1000 * times[-1]:.0f} "
        f"choices={digest}"
    )


def depths(slug: str, count: int) -> str:
    game = rules.get(slug)
    states = positions(game, options_for(slug, EMPIRE_SIZE), count)
    looked = []
    for level in range(4, TOP + 1):
        searcher = player(slug, f"L{level}", SEED, unhurried=True)
        plies = []
        for state in states:
            searcher.choose(state)
            plies.append(searcher.completed)
        plies.sort()
        looked.append(f"L{level}={plies[0]}/{plies[len(plies) // 2]}/{plies[-1]}")
    return f"game={slug} moves={len(states)} plies_min/p50/max: {' '.join(looked)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    searched = [g.slug for g in rules.games() if g.slug != "empire-chess"]
    parser.add_argument("--game", choices=searched, action="append")
    parser.add_argument("--moves", type=int, default=12, help="positions searched a game")
    parser.add_argument("--depths", action="store_true", help="plies each level looks ahead")
    args = parser.parse_args()
    if not args.depths:
        print(f"machine yardstick: {machine_speed():.1f} ms (bench/site.py; lower is faster)")
    for slug in args.game or searched:
        print((depths if args.depths else measure)(slug, args.moves), flush=True)


if __name__ == "__main__":
    main()
