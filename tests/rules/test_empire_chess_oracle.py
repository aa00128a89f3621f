"""Differential tests: our Empire Chess against Fairy-Stockfish over random games.

At every ply the legal moves, the FEN, the SAN of the move played and the result must
agree. Random play rarely repeats, so half the games prefer undoing moves, which drives
them into repetitions; long games reach the fifty-move rule.
"""

import os
import random

import pytest

import rules
from tests.rules import oracle

GAMES = int(os.environ.get("IMPERIA_ORACLE_GAMES", "24"))
game = rules.get("empire-chess")


@pytest.fixture(scope="module")
def sf():
    return oracle.load()


def pick(rng, legal, played, repeat):
    if repeat and len(played) >= 2:
        back = played[-2][2:4] + played[-2][:2]
        if back in legal and rng.random() < 0.8:
            return back
    return rng.choice(legal)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_agrees_with_fairy_stockfish(sf, seed):
    rng = random.Random(seed)
    start = game.format(game.initial())
    state, played = game.initial(), []
    for _ in range(400):
        fen = sf.get_fen(oracle.VARIANT, start, played)
        assert game.format(state) == fen, f"FEN after {played}"
        turn = 0 if fen.split()[1] == "w" else 1
        expected = oracle.outcome(start, played, turn)
        result = game.outcome(state)
        if result or expected is not None:
            assert result is not None, f"pychess ends the game after {played}"
            assert expected is not None, f"we ended the game ({result}) after {played}"
            assert result.winner == expected[0], f"{result} after {played}"
            return
        legal = game.legal_moves(state)
        assert legal == sorted(sf.legal_moves(oracle.VARIANT, start, played)), f"after {played}"
        move = pick(rng, legal, played, repeat=seed % 2 == 1)
        assert game.display(state, move) == sf.get_san(oracle.VARIANT, fen, move)
        state = game.play(state, move)
        played.append(move)
