"""A random game played to its end against the rules contract, shared by the games' tests."""

import pytest


def play_to_the_end(game, state, rng, *, most_plies: int, tries: int | None, each=None):
    """Play random legal moves from `state` until the game ends, failing the test if it has
    not after `most_plies`. From each position `tries` other listed moves are played too (all
    of them: None), `each(state, legal)` checks what a game adds, every position's text reads
    back as itself, and its moves without a square are the list's. Resuming from the texts
    gives the same history. The final state."""
    texts = [game.format(state)]
    for _ in range(most_plies):
        if game.outcome(state):
            break
        legal = game.legal_moves(state)
        # The buttons beside a board: what the list has with no square, however it is found.
        assert game.squareless_moves(state) == [m for m in legal if not game.move_squares(m)]
        if each:
            each(state, legal)
        for move in legal if tries is None else rng.sample(legal, min(tries, len(legal))):
            game.play(state, move)  # every listed move plays
        state = game.play(state, rng.choice(legal))
        text = game.format(state)
        assert game.parse(text) == state and game.format(game.parse(text)) == text
        texts.append(text)
    else:
        pytest.fail("the game did not end")
    assert game.squareless_moves(state) == []
    assert game.resume(texts).history == state.history
    return state
