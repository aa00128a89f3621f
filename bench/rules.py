"""How fast the rules are: for each game, positions per second for `legal_moves` and `play`
over recorded random games; for Empire Chess also pyffish on the same positions, as a ratio.
Prints numbers; asserts nothing.

    .venv/bin/python bench/rules.py [games per kind]
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402

SMALL = {"empire": {"width": 32, "height": 32}}


def record(game, count: int, seed: int = 1):
    """Random games played to the end: (text of every position, the move played from it)."""
    rng, out = random.Random(seed), []
    for _ in range(count):
        state = game.initial(SMALL.get(game.slug))
        while game.outcome(state) is None:
            legal = [m for m in game.legal_moves(state) if m != "pass"] or game.legal_moves(state)
            move = rng.choice(legal)
            out.append((game.format(state), move))
            state = game.play(state, move)
    return out


def rate(positions, work) -> float:
    start = time.perf_counter()
    for item in positions:
        work(item)
    return len(positions) / (time.perf_counter() - start)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"Python {sys.version.split()[0]}, {count} random games per kind")
    print(f"{'game':<18} {'positions':>9} {'legal_moves/s':>14} {'play/s':>10}")
    for game in rules.games():
        positions = record(game, count)
        # Fresh states each time: nothing remembered from a previous call.
        states = [(game.parse(text), move) for text, move in positions]
        legal = rate(states, lambda item, game=game: list(game.generate(item[0])))
        states = [(game.parse(text), move) for text, move in positions]
        play = rate(states, lambda item, game=game: game.play(item[0], item[1]))
        print(f"{game.name:<18} {len(positions):>9,} {legal:>14,.0f} {play:>10,.0f}")
        if game.slug == "empire-chess":
            compare_with_pyffish(game, positions)


def compare_with_pyffish(game, positions):
    try:
        from tests.rules import oracle
    except ImportError:
        print("  (pyffish not installed: no comparison)")
        return
    sf = oracle.load()
    texts = [text for text, _ in positions]
    theirs = rate(texts, lambda text: sf.legal_moves(oracle.VARIANT, text, []))
    ours = rate(texts, lambda text: list(game.generate(game.parse(text))))
    print(
        f"  same positions from FEN: ours {ours:,.0f}/s, pyffish {theirs:,.0f}/s, ratio {ours / theirs:.1f}x"
    )


if __name__ == "__main__":
    main()
