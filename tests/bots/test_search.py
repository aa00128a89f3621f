"""The alpha-beta search against plain minimax: the same value at every depth, from random
positions of a game with few moves a turn (Imperial Shuffle) and one with many (Empress); and
with a table of the positions it has valued, the same value from fewer positions."""

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


class Picking:
    """A game made for the table's test: two players take turns picking one of eight items, and
    a position is worth what a seeded hash of who holds which says. Every order of the same
    picks meets the same position, and the positions' values differ."""

    def __init__(self, seed: int):
        self.seed = seed

    def outcome(self, state):
        return None

    def to_move(self, state):
        return state[2]

    def apply(self, state, item):
        held = [set(state[0]), set(state[1])]
        held[state[2]].add(item)
        return frozenset(held[0]), frozenset(held[1]), 1 - state[2]

    def moves(self, state):
        return [item for item in range(8) if item not in state[0] | state[1]]

    def worth(self, state, seat):
        drawn = random.Random(f"{self.seed}:{sorted(state[0])}:{sorted(state[1])}")
        value = drawn.randrange(-50, 51)
        return float(value if seat == 0 else -value)


@pytest.mark.parametrize("seed", range(12))
def test_a_search_that_remembers_positions_finds_the_same_value_from_fewer(seed):
    """Within one search to a fixed depth a position met again by other moves is met at the
    same depth, so a table that keeps what each value was (exact, or a bound the window cut
    it to) changes no value: only how many positions it takes."""
    game, start = Picking(seed), (frozenset(), frozenset(), 0)

    def search(remember=None):
        return Search(game, 0, game.worth, game.moves, nodes=10**9, remember=remember)

    plain, remembering = search(), search(remember=lambda state: state)
    assert remembering.value(start, 5) == plain.value(start, 5)
    assert remembering.nodes < plain.nodes


def test_empire_level_8_goes_past_the_seventh_ply_on_its_best_few_moves():
    empire = rules.get("empire")
    assert evaluation.kept(empire, 7, 12, far=True) == evaluation.FAR_KEPT
    assert evaluation.kept(empire, 5, 12, far=True) == evaluation.KEPT
    assert evaluation.kept(empire, 7, 30) == 15
