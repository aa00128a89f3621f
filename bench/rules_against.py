"""How much faster each game's rules are than at an earlier commit: `legal_moves`/s and
`play`/s of this checkout and of REV (checked out in a temporary git worktree) on the same
random games, each measured in a fresh process, the two run in turn and the ratio taken pair
by pair, because this machine's speed drifts from minute to minute. Prints numbers; asserts
nothing.

    .venv/bin/python bench/rules_against.py REV [--games 3] [--rounds 5] [--only SLUG ...]
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SLUGS = ("empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess")


def measure(repo: str, slug: str, games: int) -> dict:
    """Best of five passes over every position of `games` seeded random games, fresh states
    each pass (nothing remembered from the last)."""
    sys.path.insert(0, repo)
    import rules  # REV's or this checkout's, whichever `repo` is

    sys.path.append(str(HERE))
    from bench.rules import record  # the games bench/rules.py plays, with those rules

    game = rules.get(slug)
    positions = record(game, games)

    def rate(work) -> float:
        best = 0.0
        for _ in range(5):
            states = [(game.parse(text), move) for text, move in positions]
            begun = time.perf_counter()
            for item in states:
                work(item)
            best = max(best, len(states) / (time.perf_counter() - begun))
        return best

    return {
        "positions": len(positions),
        "legal": rate(lambda item: list(game.generate(item[0]))),
        "play": rate(lambda item: game.play(item[0], item[1])),
    }


def run(repo: Path, slug: str, games: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--measure", str(repo), slug, str(games)],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rev", nargs="?")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=SLUGS)
    parser.add_argument("--measure", nargs=3, metavar=("REPO", "SLUG", "GAMES"))
    args = parser.parse_args()
    if args.measure:
        repo, slug, games = args.measure
        print(json.dumps(measure(repo, slug, int(games))))
        return
    if not args.rev:
        parser.error("name the commit to compare with")
    with tempfile.TemporaryDirectory(prefix="imperia-rules-") as folder:
        old = Path(folder) / "old"
        git = ["git", "-C", str(HERE)]
        subprocess.run([*git, "worktree", "add", "--detach", str(old), args.rev], check=True)
        try:
            print(f"Python {sys.version.split()[0]}, {args.games} random games a kind, "
                  f"{args.rounds} rounds, {args.rev} against this checkout")  # fmt: skip
            print(f"{'game':<18}{'kind':>6}{'old /s':>10}{'new /s':>10}{'new/old':>9}{'range':>13}")
            for slug in args.only:
                pairs = [
                    (run(old, slug, args.games), run(HERE, slug, args.games))
                    for _ in range(args.rounds)
                ]
                for kind in ("legal", "play"):
                    ratios = [new[kind] / was[kind] for was, new in pairs]
                    print(
                        f"{slug:<18}{kind:>6}"
                        f"{statistics.median(was[kind] for was, _ in pairs):>10,.0f}"
                        f"{statistics.median(new[kind] for _, new in pairs):>10,.0f}"
                        f"{statistics.median(ratios):>8.2f}×"
                        f"{min(ratios):>7.2f}–{max(ratios):.2f}"
                    )
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(old)], check=True)


if __name__ == "__main__":
    main()
