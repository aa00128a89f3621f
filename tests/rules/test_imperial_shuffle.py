"""Imperial Shuffle: the cases its rules page names, setup, draws, notation, random games."""

import random

import pytest

import rules
from rules import IllegalMove, Outcome
from rules.imperial_shuffle import GRID
from tests.rules.random_games import play_to_the_end

game = rules.get("imperial-shuffle")
OPTIONS = {"nobles": "ryg", "deal": False}


def board(*ranks):
    """A board from its ranks, 4 down to 1."""
    return "|".join(ranks)


def position(first, second, side=1, quiet=0, ply=9):
    return game.parse(f"{first}/{second} {side} {quiet} {ply}")


def square(state, seat, name):
    return state.boards[seat][GRID.index(name)]


MOVER = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Hb", "Eb,Cr,Cy,Cg")
OPPONENT = board("Hr,Er,Ny,Ny", "Ng,Ng,Nr,Nr", "Cb,Cb,Cg,Cg", "Cy,Cr,Cr,Cy")


def test_1_outward_directions_from_an_edge_or_corner_are_illegal():
    state = position(MOVER, OPPONENT)  # the Emperor on a1, a corner
    assert {m.split("+")[0] for m in game.legal_moves(state)} == {"N", "NE", "E"}
    with pytest.raises(IllegalMove, match="off the board"):
        game.play(state, "SW")
    edge = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Eb,Cy,Cg,Hb", "Cr,Cr,Cy,Cg")  # a2, an edge
    directions = {m.split("+")[0] for m in game.legal_moves(position(edge, OPPONENT))}
    assert directions == {"N", "NE", "E", "SE", "S"}


def test_2_an_orthogonal_push_wraps_and_kills_two():
    state = game.play(position(MOVER, OPPONENT), "E")
    assert [square(state, 0, n) for n in ("a1", "b1", "c1", "d1")] == ["Cg", "Eb", "Cr", "Cy"]
    assert [square(state, 1, n) for n in ("a1", "b1", "c1", "d1")] == ["Cy", "Cr", "Cr*", "Cy*"]
    assert not any(p.endswith("*") for p in state.boards[0])  # the mover's pieces stay alive
    assert state.quiet == 0 and game.captured(state) == ([], ["Cr", "Cy"])


def test_3_a_diagonal_push_along_a_short_diagonal_moves_three_squares():
    mover = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Hb", "Cr,Eb,Cy,Cg")
    before = position(mover, OPPONENT)
    after = game.play(before, "NE")
    changed = {GRID.names[sq] for sq in range(16) if before.boards[0][sq] != after.boards[0][sq]}
    assert changed == {"b1", "c2", "d3"}
    assert [square(after, 0, n) for n in ("b1", "c2", "d3")] == ["Cb", "Eb", "Cg"]


def test_4_a_dead_piece_anywhere_ahead_blocks_the_line():
    mover = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Hb", "Eb,Cr,Cy,Cg*")
    state = position(mover, OPPONENT)
    assert "E" not in game.legal_moves(state)  # d1 is three squares away
    with pytest.raises(IllegalMove, match="dead piece stands in the line"):
        game.play(state, "E")


def test_5_a_dead_opposing_piece_is_not_killed_again():
    opponent = OPPONENT.replace("Cy,Cr,Cr,Cy", "Cy,Cr,Cr*,Cy*")
    state = game.play(position(MOVER, opponent, quiet=4), "E")
    assert square(state, 1, "c1") == "Cr*" and square(state, 1, "d1") == "Cy*"
    assert state.quiet == 5  # no death this turn


PRIEST_MOVER = board("Ny*,Nr,Nr,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Cg", "Eb,Hb,Cr,Cy")
PRIEST_OPPONENT = board("Ny,Cb,Cb,Hr", "Er,Ng,Ng,Nr", "Nr,Cg,Cg,Cr", "Cr,Cy,Ny,Cy")


def test_6_a_pushed_high_priest_may_revive_and_the_revived_piece_kills():
    state = position(PRIEST_MOVER, PRIEST_OPPONENT)
    assert "E" in game.legal_moves(state) and "E+a4" in game.legal_moves(state)
    plain = game.play(state, "E")
    assert square(plain, 0, "a4") == "Ny*" and square(plain, 1, "a4") == "Ny"
    revived = game.play(state, "E+a4")
    assert square(revived, 0, "c1") == "Hb"  # the High Priest faces the yellow Noble on c1
    assert square(revived, 0, "a4") == "Ny" and square(revived, 1, "a4") == "Ny*"
    assert revived.quiet == 0


def test_7_no_revival_without_the_high_priest_on_the_line():
    state = position(PRIEST_MOVER, PRIEST_OPPONENT)
    assert "NE" in game.legal_moves(state)
    assert not [m for m in game.legal_moves(state) if m.startswith("NE+")]
    with pytest.raises(IllegalMove, match="No revival on a4 goes with NE"):
        game.play(state, "NE+a4")


def test_8_a_boxed_in_emperor_loses():
    boxed = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr*,Cy*,Cg,Hb", "Eb,Cr*,Cy,Cg")
    state = position(boxed, OPPONENT)
    assert game.legal_moves(state) == []
    assert game.outcome(state) == Outcome(1, "emperor-blocked")


SETUP_FIRST = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Hb", "Eb,Cr,Cy,Cg")
SETUP_SECOND = board("Cb,Cb,Nr,Nr", "Ny,Ny,Ng,Ng", "Er,Cr,Cy,Cg", "Cg,Hr,Cr,Cy")


def test_9_setup_conflicts_are_named_and_the_first_submitter_moves_first():
    assert game.check_setup(SETUP_SECOND, OPTIONS, SETUP_FIRST) == []
    # Swapping two Nobles on the second board puts them on identical Nobles of the first.
    clash = SETUP_SECOND.replace("Cb,Cb,Nr,Nr", "Nr,Nr,Cb,Cb")
    assert game.check_setup(clash, OPTIONS, SETUP_FIRST) == ["a4", "b4"]
    state = game.from_setup(SETUP_FIRST, SETUP_SECOND, first_to_move=1)
    assert game.to_move(state) == 1 and game.format(state).endswith(" 2 0 1")


def test_setup_refuses_a_wrong_set_of_pieces():
    with pytest.raises(ValueError, match="missing Cb"):
        game.check_setup(MOVER.replace("Cb,Cb", "Cb,Cr"), OPTIONS)
    with pytest.raises(ValueError, match="no '\\*'"):
        game.check_setup(MOVER.replace("Cr,Cy,Cg,Hb", "Cr*,Cy,Cg,Hb"), OPTIONS)
    with pytest.raises(ValueError, match="not a piece"):
        game.check_setup(MOVER.replace("Hb", "Qb"), OPTIONS)
    with pytest.raises(ValueError, match="missing"):
        game.check_setup(MOVER, {"nobles": "ryb"})


def test_random_arrangements_are_legal_and_avoid_the_other_board():
    rng = random.Random(3)
    for _ in range(50):
        first = game.random_arrangement(rng, OPTIONS, 0)
        second = game.random_arrangement(rng, OPTIONS, 1, first)
        assert game.check_setup(first, OPTIONS) == []
        assert game.check_setup(second, OPTIONS, first) == []


def test_an_arrangement_is_cleared_of_the_other_board_by_a_few_swaps():
    rng = random.Random(5)
    for _ in range(300):
        first = game.random_arrangement(rng, OPTIONS, 0)
        second = game.random_arrangement(rng, OPTIONS, 1)
        clashes = len(game.check_setup(second, OPTIONS, first))
        cleared = game.clear_of(second, first)
        assert game.check_setup(cleared, OPTIONS, first) == []
        pairs = zip(game.parse_board(cleared), game.parse_board(second), strict=True)
        moved = sum(x != y for x, y in pairs)
        assert moved <= 2 * clashes  # one swap per clash at most; none when there is none


# --- draws --------------------------------------------------------------------------------
def test_third_repetition_is_a_draw():
    first = board("Nr,Nr,Ny,Ny", "Ng,Ng,Cb,Cb", "Cr,Cy,Cg,Hb", "Cr,Cy,Eb,Cg")
    second = board("Ny,Ny,Ng,Ng", "Cb,Cb,Nr,Nr", "Cy,Cr,Cg,Hr", "Cy,Cr,Er,Cg")
    state = position(first, second)
    cycle = ["NE", "NE", "SW", "SW"] * 2
    for move in cycle[:-1]:
        state = game.play(state, move)
        assert game.outcome(state) is None
    assert game.outcome(game.play(state, cycle[-1])) == Outcome(None, "repetition")


def test_move_limit_after_200_plies_without_a_death():
    state = game.play(position(MOVER, OPPONENT, quiet=199), "N")
    assert game.outcome(state) == Outcome(None, "move-limit")


# --- notation and options -------------------------------------------------------------------
def test_options():
    assert game.validate_options({"nobles": "gyb"}) == {"nobles": "ygb", "deal": False}
    for bad in ({"nobles": "rr"}, {"nobles": "rgx"}, {"deal": "yes"}, {"speed": 1}):
        with pytest.raises(ValueError):
            game.initial(bad)
    state = game.initial({"nobles": "ygb"})
    assert {p[1] for b in state.boards for p in b if p[0] == "N"} == set("ygb")


@pytest.mark.parametrize(
    "text",
    [
        "",
        f"{MOVER} 1",
        f"{MOVER}/{OPPONENT} 3",
        f"{MOVER}/{OPPONENT.replace('Er', 'Er*')} 1",
        f"{MOVER}/{OPPONENT.replace('Cb,Cb', 'Cb,Cr')} 1",
        f"{MOVER}/{OPPONENT} 1 x 1",
        f"{MOVER.replace('|', ',', 1)}/{OPPONENT} 1",
    ],
)
def test_bad_positions_are_refused(text):
    with pytest.raises(ValueError):
        game.parse(text)


def test_short_position_text_gets_counters_and_round_trips():
    state = game.parse(f"{MOVER}/{OPPONENT} 2")
    assert game.format(state) == f"{MOVER}/{OPPONENT} 2 0 1"


@pytest.mark.parametrize("seed", range(10))
def test_random_games_keep_the_contract_and_end(seed):
    rng = random.Random(seed)
    first = game.random_arrangement(rng, OPTIONS, 0)
    state = game.from_setup(first, game.random_arrangement(rng, OPTIONS, 1, first), seed % 2)
    play_to_the_end(game, state, rng, most_plies=5000, tries=None)
