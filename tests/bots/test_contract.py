"""The computer opponents' contract (bots/__init__.py), for every game and level: a legal
move from positions of every phase, the same move for the same seed, an arrangement for
Imperial Shuffle's setup, and a pass that ends a won game of Empire."""

import random

import pytest

import bots
import rules
from bots import charges

SLUGS = [g.slug for g in rules.games()]
OPTIONS = {"empire": {"width": 12, "height": 12}}  # a small board keeps the searches short


def positions(slug: str, count: int = 3, seed: int = 0):
    """The start, and positions a random game reaches early, midway and late (so every phase:
    Empress's placements and play, Imperial Chess's rides and deployments)."""
    game, rng = rules.get(slug), random.Random(seed)
    state, found = game.initial(OPTIONS.get(slug)), []
    for ply in range(400):
        if game.outcome(state):
            break
        if ply in (0, 7, 9, 30, 90, 200):
            found.append(state)
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return found[: count + 3]


def test_levels():
    assert bots.levels() == (1, 2, 3, 4, 5, 6, 7, 8)
    with pytest.raises(ValueError):
        bots.get("empire", level=9)
    with pytest.raises(ValueError):
        bots.get("chess", level=1)


@pytest.mark.parametrize("level", bots.levels())
@pytest.mark.parametrize("slug", SLUGS)
def test_every_level_chooses_a_legal_move_in_every_phase(slug, level):
    game = rules.get(slug)
    player = bots.get(slug, level=level, seed=7)
    for state in positions(slug):
        # The strongest levels are cut short by time here: the contract, not the strength.
        budget = 300 if level >= 6 else None
        move = player.choose(state, budget_ms=budget)
        # A legal move, or (Imperial Chess) a whole charge, which the rules accept but do not
        # list: its combinations are too many.
        assert move in game.legal_moves(state) or "," in move, (slug, level, move)
        game.play(state, move)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_same_seed_state_and_level_give_the_same_move(slug):
    for state in positions(slug, count=2, seed=3):
        for level in (1, 2, 4, 5):
            first = bots.get(slug, level=level, seed=11).choose(state)
            again = bots.get(slug, level=level, seed=11).choose(state)
            assert first == again, (slug, level)


def test_a_random_mover_differs_between_seeds():
    state = rules.get("empire").initial(OPTIONS["empire"])
    moves = {bots.get("empire", level=1, seed=s).choose(state) for s in range(20)}
    assert len(moves) > 5


@pytest.mark.parametrize("level", bots.levels())
def test_imperial_shuffle_arrangements_are_legal_and_avoid_a_submitted_board(level):
    game = rules.get("imperial-shuffle")
    options = game.validate_options({})
    player = bots.get("imperial-shuffle", level=level, seed=2)
    first = player.choose(bots.Arranging(options, 0))
    assert game.check_setup(first, options) == []
    second = player.choose(bots.Arranging(options, 1, other=first))
    assert game.check_setup(second, options, first) == []


def test_imperial_chess_charges_are_composed_whole_wherever_one_may_be_announced():
    game, rng = rules.get("imperial-chess"), random.Random(4)
    state, composed = game.initial(), 0
    for ply in range(120):
        if game.outcome(state):
            break
        charge = charges.compose(game, state, random.Random(ply))
        assert (charge is not None) == game.charge_available(state)
        if charge is not None:
            after = game.play(state, charge)  # the rules take it as one move
            assert game.to_move(after) != game.to_move(state) or game.outcome(after)
            composed += 1
        state = game.play(state, rng.choice(game.legal_moves(state)))
    assert composed > 10
    assert charges.compose(rules.get("empress"), rules.get("empress").initial(), rng) is None


def test_empire_passes_to_end_a_game_it_leads_and_plays_on_when_behind():
    game = rules.get("empire")
    rows = [
        "........",
        "..O.....",
        ".OxO....",
        "..O.....",
        "........",
        "........",
        "........",
        "........",
    ]
    ahead = game.parse(f"8x8 O {'/'.join(rows)} 1 20")  # crosses just passed; circles lead 1-0
    for level in range(4, 9):
        assert bots.get("empire", level=level).choose(ahead) == "pass"
    behind = game.parse(f"8x8 X {'/'.join(rows)} 1 20")  # crosses to move, behind
    assert bots.get("empire", level=5).choose(behind) != "pass"
