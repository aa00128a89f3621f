"""The review's arithmetic against a game worked by hand: a curve whose scale makes a score of
100 a chance of 75 (3 to 1), six moves, and lichess's marks and accuracy formulas."""

import math

import pytest

from bots.review import Evaluated, chance, curves, move_accuracy, review

SCALE = math.log(3) / 100  # 100 / (1 + 3^(-score / 100))
SIDES = [0, 1, 0, 1, 0, 1, 0]
SCORES = [0, -100, 138, -50, -50, 100, 200]  # each for the side to move there


def worked():
    best = [f"best{ply}" for ply in range(len(SCORES))]
    positions = [Evaluated(s, None, b) for s, b in zip(SCORES, best, strict=True)]
    return review(SCALE, SIDES, positions)


def test_the_first_seats_chances_at_each_position():
    # 50; seat 1 at -100 holds 25, so seat 0 75; 100/(1+3^-1.38) = 81.996; seat 1 at -50
    # holds 36.603 (100/(1+3^0.5)); seat 0 at -50 36.603; seat 1 at 100 holds 75; 200 is 90.
    assert [round(c, 3) for c in worked().chances] == [
        50.0, 75.0, 81.996, 63.397, 36.603, 25.0, 90.0
    ]  # fmt: skip


def test_each_move_marked_by_the_chance_its_mover_gave_away():
    moves = worked().moves
    assert [(m.seat, round(m.lost, 3), m.mark) for m in moves] == [
        (0, 0.0, ""),  # 50 to 75: gained
        (1, 6.996, "?!"),  # seat 1's 25 to 18.004: 5 or more
        (0, 18.599, "??"),  # 81.996 to 63.397: 15 or more
        (1, 0.0, ""),
        (0, 11.603, "?"),  # 36.603 to 25: 10 or more
        (1, 65.0, "??"),  # 75 to 10
    ]
    assert [m.better for m in moves] == [None, "best1", "best2", None, "best4", "best5"]


def test_accuracy_of_a_move_is_lichesss():
    # 103.1668 e^(-0.0435442 x 6.996) - 3.1669 + 1 = 73.907; nothing lost, 100.
    assert [round(m.accuracy, 3) for m in worked().moves] == [
        100.0, 73.907, 43.734, 100.0, 60.081, 3.919
    ]  # fmt: skip
    assert move_accuracy(0) == 100.0 and move_accuracy(1000) == 0.0


def test_each_sides_accuracy_and_counts():
    # Six moves: windows of two positions, each weighted by their standard deviation (half
    # their difference) within 0.5 and 12: 12, 3.498, 9.299, 12, 5.801, 12. Seat 0: weighted
    # mean 72.148, harmonic 60.594, so 66.371; seat 1: 54.751 and 10.764, so 32.758.
    done = worked()
    assert {seat: round(a, 3) for seat, a in done.accuracy.items()} == {0: 66.371, 1: 32.758}
    assert done.counts == {0: {"?!": 0, "?": 1, "??": 1}, 1: {"?!": 1, "?": 0, "??": 1}}


def test_a_forced_result_is_certain_and_a_game_of_one_move_is_reviewed():
    assert chance(SCALE, Evaluated(0, 3, None)) == 100.0
    assert chance(SCALE, Evaluated(0, -1, None)) == 0.0
    one = review(SCALE, [0, 1], [Evaluated(0, None, "a"), Evaluated(0, 1, None)])
    assert one.chances == [50.0, 0.0] and one.moves[0].mark == "??"
    assert one.accuracy[1] is None and one.counts[1] == {"?!": 0, "?": 0, "??": 0}
    with pytest.raises(ValueError):
        review(SCALE, [0], [])


def test_every_game_has_a_fitted_curve():
    import rules

    fitted = curves()
    assert set(fitted) == {game.slug for game in rules.games()}
    assert all(0 < scale < 1 for scale in fitted.values())
