"""Finding puzzles: a position is one when exactly one move wins clearly against the best
defence, and a deeper search agrees; the shipped puzzles' lines are legal and win."""

import pytest

import rules
from bots import tactics
from play.puzzles import catalogue

SLUGS = [g.slug for g in rules.games()]


def test_a_lone_winning_capture_is_a_puzzle_of_one_move():
    game = rules.get("empire-chess")
    state = game.parse("7k/8/n4b2/8/8/8/8/T3K3 w - - 0 1")  # the Tower takes on a6, nothing else
    found = tactics.check(game, state)
    assert found is not None and found.line == ("a1a6",)
    assert found.themes == ("capture", "one move")


def test_two_winning_moves_make_no_puzzle():
    game = rules.get("empress")
    # The Queen on f6 stands in her Empress's field: only b4 can be taken.
    one = game.parse("7e/8/1Q3q2/8/1q6/8/8/4E3[QQQQQqqqqq] w 0 5")
    assert tactics.check(game, one).line == ("b6b4",)
    # On e6 she stands in no field: both can be taken, and neither is the puzzle's move.
    two = game.parse("7e/8/1Q2q3/8/1q6/8/8/4E3[QQQQQqqqqq] w 0 5")
    assert tactics.check(game, two) is None


def test_a_capture_the_defence_takes_back_is_no_puzzle():
    game = rules.get("empire-chess")
    state = game.parse("7k/1p6/n7/8/8/8/8/T3K3 w - - 0 1")  # the b7 pawn retakes on a6
    assert tactics.check(game, state) is None


def test_a_mate_is_a_puzzle_with_its_theme():
    game = rules.get("empire-chess")
    found = tactics.check(game, game.parse("7k/6pp/8/8/8/8/8/T3K3 w - - 0 1"))
    assert found.line == ("a1a8",) and found.themes[0] == "mate"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_shipped_puzzles_are_fifty_or_more_and_their_lines_win(slug):
    game = rules.get(slug)
    puzzles = catalogue.puzzles(slug)
    assert len(puzzles) >= 50
    assert len({p.id for p in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        state = game.with_options(game.parse(puzzle.position), puzzle.options)
        learner = game.to_move(state)
        end = state
        for move in puzzle.line:
            end = game.play(end, move)
        assert tactics.solved(game, state, end, learner), puzzle.id
        assert catalogue.identify(puzzle.position, puzzle.line) == puzzle.id


@pytest.mark.parametrize("slug", SLUGS)
def test_a_shipped_puzzle_is_found_again_by_the_search(slug):
    game = rules.get(slug)
    puzzle = catalogue.puzzles(slug)[0]
    state = game.with_options(game.parse(puzzle.position), puzzle.options)
    assert tactics.check(game, state).line[0] == puzzle.line[0]
