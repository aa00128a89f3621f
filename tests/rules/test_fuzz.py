"""Property-based fuzzing of every game's `parse` and `play`: any text, any reachable state.

Bad input may only raise IllegalMove or ValueError, never anything else, and never change the
state it was played on (states are immutable). A move that is accepted is one of the legal
moves, and the position it leads to reads back as itself.
"""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules

GAMES = [game.slug for game in rules.games()]
# IMPERIA_FUZZ_EXAMPLES=5000 for a long run; derandomized, so CI runs the same cases each time.
FUZZ = settings(
    max_examples=int(os.environ.get("IMPERIA_FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)

# Text that looks like moves and positions, to get past the first checks of each parser.
MOVE_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@=+-x*,/;:# \t\n"
movelike = st.text(alphabet=MOVE_ALPHABET, max_size=24)
anything = st.text(max_size=64)


def reachable(slug: str, seed: int, plies: int):
    """A state reached by `plies` random legal moves from the start (fewer if it ends)."""
    game, rng = rules.get(slug), random.Random(seed)
    state = game.initial()
    for _ in range(plies):
        moves = game.legal_moves(state)
        if game.outcome(state) or not moves:
            break
        state = game.play(state, rng.choice(moves))
    return state


def mutated(text: str, rng: random.Random) -> str:
    """A legal move with a character changed, dropped or added."""
    chars = list(text)
    where = rng.randrange(len(chars) + 1)
    action = rng.choice(("change", "drop", "add"))
    if action == "change" and chars:
        chars[min(where, len(chars) - 1)] = rng.choice(MOVE_ALPHABET)
    elif action == "drop" and chars:
        del chars[min(where, len(chars) - 1)]
    else:
        chars.insert(where, rng.choice(MOVE_ALPHABET))
    return "".join(chars)


@pytest.mark.parametrize("slug", GAMES)
@FUZZ
@given(text=st.one_of(anything, movelike))
def test_parse_of_any_text_is_a_state_or_a_value_error(slug, text):
    game = rules.get(slug)
    try:
        state = game.parse(text)
    except ValueError:
        return
    # Whatever was accepted reads back as the same position.
    assert game.format(game.parse(game.format(state))) == game.format(state)


@pytest.mark.parametrize("slug", GAMES)
@FUZZ
@given(
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 60),
    text=st.one_of(movelike, anything),
    near=st.booleans(),
)
def test_play_of_any_text_on_any_reachable_state(slug, seed, plies, text, near):
    game = rules.get(slug)
    state = reachable(slug, seed, plies)
    before = game.format(state)
    legal = game.legal_moves(state)
    if near and legal:  # a near miss of a legal move
        rng = random.Random(seed)
        text = mutated(rng.choice(legal), rng)
    try:
        after = game.play(state, text)
    except ValueError:  # IllegalMove is a ValueError
        after = None
    assert game.format(state) == before, "playing must not change the state played on"
    if after is not None:
        assert game.normalize(state, text.strip()) in legal
        assert game.format(game.parse(game.format(after))) == game.format(after)
