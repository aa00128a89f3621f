"""How fast the rules are. Prints numbers; asserts nothing.

.venv/bin/python bench/rules_speed.py
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402

game = rules.get("empire-chess")


def timed(label, function, unit, count_of):
    start = time.perf_counter()
    result = function()
    seconds = time.perf_counter() - start
    count = count_of(result)
    rate = count / seconds
    print(f"{label:<52} {count:>10,} {unit:<10} {seconds:7.2f} s  {rate:>10,.0f} {unit}/s")
    return result


def random_games(each, n=40, seed=1):
    plies, rng = 0, random.Random(seed)
    for _ in range(n):
        state = each.initial()
        while each.outcome(state) is None:
            state = each.play(state, rng.choice(each.legal_moves(state)))
            plies += 1
    return plies


def resume_long_game():
    rng, state, texts = random.Random(3), game.initial(), []
    texts.append(game.format(state))
    while game.outcome(state) is None and len(texts) < 201:
        state = game.play(state, rng.choice(game.legal_moves(state)))
        texts.append(game.format(state))
    start = time.perf_counter()
    for _ in range(20):
        game.resume(texts)
    per = (time.perf_counter() - start) / 20
    label = f"resume a game from its {len(texts) - 1} stored positions"
    print(f"{label:<52} {per * 1000:10.1f} ms")


if __name__ == "__main__":
    print(f"Python {sys.version.split()[0]}")
    start = game.initial()
    timed("perft(4) from the start (spec: 464,633)", lambda: game.perft(start, 4), "leaves", int)
    midgame = game.parse("1rq1k1nr/1p2p3/n7/p1pP1ppp/P7/1PS1SbPP/C4CD1/T2K2ET w k - 0 17")
    timed("perft(4) midgame (spec: 268,217)", lambda: game.perft(midgame, 4), "leaves", int)
    for each in rules.games():
        label = f"{each.name}: 40 random games through the contract"
        timed(label, lambda each=each: random_games(each), "plies", int)
    resume_long_game()
    try:
        from tests.rules import oracle
    except ImportError:
        sys.exit(0)
    sf = oracle.load()
    fen = game.format(start)
    n = 300
    t = time.perf_counter()
    for _ in range(n):
        sf.legal_moves(oracle.VARIANT, fen, [])
    sf_ms = (time.perf_counter() - t) / n * 1000
    t = time.perf_counter()
    for _ in range(n):
        game.legal_moves(game.parse(fen))
    ours_ms = (time.perf_counter() - t) / n * 1000
    print(f"{'legal moves of the start, from FEN: pyffish':<52} {sf_ms:10.2f} ms")
    print(f"{'legal moves of the start, from FEN: ours':<52} {ours_ms:10.2f} ms")
