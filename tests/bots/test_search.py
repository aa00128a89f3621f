"""The alpha-beta search against plain minimax: the same value at every depth, from random
positions of a game with few moves a turn (Imperial Shuffle) and one with many (Empress)."""

import random

import pytest

import rules
from bots import evaluation
from bots.search import WIN, Search


def minimax(game, state, seat, depth, ply=0):
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN - ply if outcome.winner == seat else -(WIN - ply)
    if depth == 0:
        return evaluation.evaluate(game, state, seat)
    values = [
        minimax(game, game.apply(state, move), seat, depth - 1, ply + 1)
        for move in evaluation.candidates(game, state)
    ]
    return max(values) if game.to_move(state) == seat else min(values)


def random_positions(slug, count, seed):
    game, rng = rules.get(slug), random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial()
        for _ in range(rng.randrange(8, 40)):
            if game.outcome(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if not game.outcome(state):
            found.append(state)
    return found


@pytest.mark.parametrize("slug, depth", [("imperial-shuffle", 3), ("empress", 2)])
def test_alpha_beta_finds_the_minimax_value(slug, depth):
    game = rules.get(slug)
    for state in random_positions(slug, 6, seed=depth):
        seat = game.to_move(state)
        search = Search(
            game,
            seat,
            lambda s, who: evaluation.evaluate(game, s, who),
            lambda s: evaluation.candidates(game, s),
            nodes=10**9,
        )
        move, value = search.best(state, sorted(game.legal_moves(state)), depth)
        expected = max(
            minimax(game, game.apply(state, m), seat, depth - 1, 1) for m in game.legal_moves(state)
        )
        assert value == expected, (game.format(state), move)
        assert minimax(game, game.apply(state, move), seat, depth - 1, 1) == expected


def test_an_iteration_searches_only_the_root_moves_kept():
    """Kept to one move after the first ply, the search answers the first ply's choice, where
    a search of every move chooses otherwise."""
    game = rules.get("imperial-shuffle")

    def search(seat, kept=None):
        return Search(
            game,
            seat,
            lambda s, who: evaluation.evaluate(game, s, who),
            lambda s: evaluation.candidates(game, s),
            nodes=10**9,
            kept=kept,
        )

    differing = 0
    for state in random_positions("imperial-shuffle", 12, seed=7):
        seat, moves = game.to_move(state), sorted(game.legal_moves(state))
        first = search(seat).best(state, moves, 1)[0]
        assert search(seat, lambda depth, count: 1).best(state, moves, 3)[0] == first
        differing += search(seat).best(state, moves, 3)[0] != first
    assert differing


def test_empire_keeps_the_better_half_of_its_root_moves_from_the_second_ply():
    empire, empress = rules.get("empire"), rules.get("empress")
    assert evaluation.kept(empire, 1, 100) == 100
    assert evaluation.kept(empire, 2, 100) == 50
    assert evaluation.kept(empire, 3, 20) == evaluation.KEPT
    assert evaluation.kept(empress, 3, 100) == 100


def test_the_search_tells_how_many_plies_it_looked_ahead_in_full():
    """The deepest whole iteration: all that were asked for within a big budget, fewer within
    a small one (an iteration cut short does not count)."""
    game = rules.get("empress")
    state = random_positions("empress", 1, seed=3)[0]
    moves = sorted(game.legal_moves(state))

    def completed(nodes, depth=3, deeper=None):
        search = Search(
            game,
            game.to_move(state),
            lambda s, who: evaluation.evaluate(game, s, who),
            lambda s: evaluation.candidates(game, s),
            nodes=nodes,
            deeper=deeper,
        )
        search.best(state, moves, depth)
        return search.completed

    assert completed(10**9) == 3
    assert completed(len(moves) + 1) == 1
    assert completed(10**9, depth=4, deeper=lambda depth: depth + 2) == 3  # plies 1, then 3


def test_empire_strides_two_plies_at_a_time_from_the_fifth():
    empire, empress = rules.get("empire"), rules.get("empress")
    assert [evaluation.deeper(empire, depth) for depth in (1, 4, 5, 7)] == [2, 5, 7, 9]
    assert evaluation.deeper(empress, 5) == 6
