"""Which moves the searchers try first, and which below the root: in Empire, where most moves
tie on captures, the points by their shape (where the two sides meet, where the mover's groups
link, and not where one side's pieces crowd already), a pass last."""

import dataclasses
import random

import rules
from bots import evaluation


def test_empire_tries_the_points_where_the_two_sides_meet_first():
    game = rules.get("empire")
    state = game.initial({"width": 8, "height": 8})  # O on d4, e5; X on e4, d5; O to move
    order = evaluation.first_looks(game, state, ["a1", "pass", "f3", "c3", "f4", "e3"])
    # f4 touches X's e4 and O's e5, e3 X's e4 and O's d4 (a tie: the order given stands);
    # c3 only O's d4, f3 only X's e4; a1 nothing; a pass comes last
    assert order == ["f4", "e3", "c3", "f3", "a1", "pass"]


def test_empire_links_the_movers_groups_before_it_crowds_its_own_pieces():
    game = rules.get("empire")
    state = game.parse("8x8 O 8/.O.O4/8/8/8/4OOO./6O./5OO. 0 1")
    order = evaluation.first_looks(game, state, ["h1", "f7", "a3", "c2"])
    # c2 links O's b2 and d2; a3 lies beside b2 alone; f7 has six of O's pieces round it
    assert order == ["c2", "a3", "f7", "h1"]


def test_the_other_games_keep_the_order_given():
    game = rules.get("empress")
    moves = sorted(game.legal_moves(game.initial(None)), reverse=True)
    assert evaluation.first_looks(game, game.initial(None), moves) == moves


def test_empire_searches_the_points_of_best_shape_below_the_root():
    game = rules.get("empire")
    state = game.parse("8x8 O 8/.O.O4/8/8/8/4OOO./6O./5OO. 0 1")
    by_index = sorted(game.legal_moves(state), key=lambda move: game.point(state, move) or 0)
    best = evaluation.first_looks(game, state, by_index)[: evaluation.WIDTH]
    assert evaluation.replies(game, state) == best
    assert "c2" in best and "f7" not in best  # c2 links b2 and d2; f7 is crowded


def test_the_other_games_search_every_candidate_below_the_root():
    game = rules.get("empress")
    state = game.initial(None)
    assert evaluation.replies(game, state) == evaluation.candidates(game, state)


def test_empire_shapes_renewed_round_each_placement_are_those_counted_afresh():
    """A search notes where each position came from (made) and renews the parent's shapes
    round the point placed; through a game with captures they must equal a fresh count."""
    game = rules.get("empire")
    rng, state, captures = random.Random(3), game.initial({"width": 12, "height": 12}), 0
    evaluation.replies(game, state)
    while game.outcome(state) is None and state.ply < 140:
        moves = evaluation.replies(game, state) + evaluation.candidates(game, state)[:2]
        after = evaluation.made(game, state, rng.choice(moves))
        renewed = evaluation.replies(game, after)
        assert renewed == evaluation.replies(game, game.parse(game.format(after)))
        captures += game.score(after) != game.score(state)
        state = after
    assert captures > 0


def test_imperial_shuffle_judges_a_position_the_same_whoever_is_to_move():
    """Both Emperors' freedom counts, so a searcher judges a position alike after an odd or an
    even number of plies: levels of either depth's parity measure it the same way."""
    game, rng = rules.get("imperial-shuffle"), random.Random(5)
    state, judged = game.initial(None), 0
    while game.outcome(state) is None and state.ply < 60:
        other = dataclasses.replace(state, turn=1 - state.turn)
        for seat in (0, 1):
            value = evaluation.evaluate(game, state, seat)
            assert value == evaluation.evaluate(game, other, seat)
            assert value == -evaluation.evaluate(game, state, 1 - seat)
        judged += 1
        state = game.play(state, rng.choice(game.legal_moves(state)))
    assert judged > 20
