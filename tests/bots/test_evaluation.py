"""Which moves the searchers try first: in Empire, where most moves tie on captures, those in
contact with the other side's pieces, then beside the mover's own, then the rest."""

import rules
from bots import evaluation


def test_empire_tries_the_points_touching_the_other_side_first():
    game = rules.get("empire")
    state = game.initial({"width": 8, "height": 8})  # O on d4, e5; X on e4, d5; O to move
    order = evaluation.first_looks(game, state, ["a1", "pass", "h8", "c3", "f4", "e3"])
    # f4 touches X's e4 and O's e5, e3 X's e4 and O's d4 (a tie: the order given stands),
    # c3 O's d4 only; a1 and h8 nothing; a pass comes last
    assert order == ["f4", "e3", "c3", "a1", "h8", "pass"]


def test_the_other_games_keep_the_order_given():
    game = rules.get("empress")
    moves = sorted(game.legal_moves(game.initial(None)), reverse=True)
    assert evaluation.first_looks(game, game.initial(None), moves) == moves
