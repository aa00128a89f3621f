"""Empire: the cases its rules page names, the dots option, notation, and random games."""

import random

import pytest

import rules
from rules import IllegalMove, Outcome

game = rules.get("empire")
CIRCLES, CROSSES = 0, 1


def position(rows, side="O", mode="", passes=0, ply=9):
    """An 8x8 position from eight row strings (top row first)."""
    text = f"8x8 {side} {'/'.join(rows)} {passes} {ply}" + (" dots" if mode else "")
    return game.parse(text)


def rows_of(state):
    return [
        "".join(state.board[y * state.width : (y + 1) * state.width]) for y in range(state.height)
    ]


EMPTY = "........"


def test_1_one_piece_captured_by_a_diagonal_diamond():
    state = position([EMPTY, "..O.....", "..XO....", "..O.....", EMPTY, EMPTY, EMPTY, EMPTY])
    state = game.play(state, "b3")
    assert rows_of(state)[2] == ".OxO...."
    assert game.score(state) == (1, 0)


def test_2_two_pieces_captured_by_a_mixed_ring():
    rows = [EMPTY, "..OO....", ".OXX....", "..OO....", EMPTY, EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows), "e3")
    assert rows_of(state)[2] == ".OxxO..."
    assert game.score(state) == (2, 0)


def test_3_pieces_on_the_edge_or_in_a_corner_are_never_captured():
    state = position(["X.......", "OO......", "XO......", "O.......", EMPTY, EMPTY, EMPTY, EMPTY])
    state = game.play(state, "b4")  # a3 is walled on three sides, but touches the edge
    assert rows_of(state)[2] == "XO......" and rows_of(state)[0] == "X......."
    state = game.play(state, "h8")
    state = game.play(state, "b1")  # a1, the corner, likewise
    assert game.score(state) == (0, 0)


def test_4_an_empty_ring_goes_out_of_play_by_default_and_is_a_house_with_dots():
    rows = [EMPTY, "..O.....", "...O....", "..O.....", EMPTY, EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows), "b3")
    assert rows_of(state)[2] == ".O,O...."
    assert "c3" not in game.legal_moves(state)
    state = game.play(position(rows, mode="dots"), "b3")
    assert rows_of(state)[2] == ".O+O...."
    assert "c3" in game.legal_moves(state)


def test_5_placing_in_an_out_of_play_area_is_refused():
    rows = [EMPTY, "..O.....", "...O....", "..O.....", EMPTY, EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows), "b3")
    with pytest.raises(IllegalMove, match="out of play"):
        game.play(state, "c3")


def test_6_one_placement_closing_two_rings_captures_in_both():
    rows = [EMPTY, "..O.O...", ".OX.XO..", "..O.O...", EMPTY, EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows), "d3")
    assert rows_of(state)[2] == ".OxOxO.."
    assert game.score(state) == (2, 0)


def test_7_captured_pieces_never_count_as_ring_members():
    # c4 holds a circle captured by crosses; with it, d3 e4 d5 would ring d4.
    rows = [EMPTY, EMPTY, "..XO....", ".XoXO...", "..X.....", EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows), "d5")
    assert rows_of(state)[3] == ".XoXO..."
    assert game.score(state) == (0, 1)


def test_8_recapture_onion():
    rows = [EMPTY, "...O....", "..OXO...", ".OXOXO..", "..O.....", "...O....", EMPTY, EMPTY]
    state = position(rows, side="X")
    state = game.play(state, "d5")  # crosses ring the circle on d4
    assert rows_of(state)[3] == ".OXoXO.." and game.score(state) == (0, 1)
    state = game.play(state, "e5")  # circles close the outer ring around the crosses' ring
    assert rows_of(state)[2:5] == ["..OxO...", ".OxOxO..", "..OxO..."]
    assert game.score(state) == (4, 0)


def test_9_the_game_ends_when_no_point_is_vacant():
    rows = ["OxOXOXOX"] + ["OXOXOXOX"] * 6 + ["OXOXOXO."]
    state = game.play(position(rows), "h8")
    assert game.outcome(state) == Outcome(CIRCLES, "captures")
    assert game.legal_moves(state) == [] and game.to_move(state) is None
    rows[1] = "OoOXOXOX"
    assert game.outcome(game.play(position(rows), "h8")) == Outcome(None, "draw")


def test_10_two_passes_end_the_game():
    state = game.play(game.initial({"width": 8, "height": 8}), "pass")
    assert game.outcome(state) is None and game.format(state).endswith(" 1 2")
    state = game.play(state, "pass")
    assert game.outcome(state) == Outcome(None, "draw")
    assert game.format(state).endswith(" 2 3")
    # A placement between passes starts the count again.
    state = game.play(game.play(game.initial({"width": 8, "height": 8}), "pass"), "a1")
    assert state.passes == 0


def test_11_the_32x32_opening_and_circles_first():
    state = game.initial()
    assert game.to_move(state) == CIRCLES and game.seats == ("Circles", "Crosses")
    board = {game.format(state).split()[2].split("/")[i] for i in (15, 16)}
    assert board == {"15OX15", "15XO15"}
    i = game.point
    assert state.board[i(state, "p16")] == "O" and state.board[i(state, "q17")] == "O"
    assert state.board[i(state, "q16")] == "X" and state.board[i(state, "p17")] == "X"
    assert game.format(state).startswith("32x32 O 32/") and game.format(state).endswith(" 0 1")


# --- the dots option ------------------------------------------------------------------
HOUSE = [EMPTY, "..O.....", ".O+O....", "..O.....", EMPTY, EMPTY, EMPTY, EMPTY]


def test_dots_a_piece_placed_in_an_enemy_house_is_taken_with_it():
    state = game.play(position(HOUSE, side="X", mode="dots"), "c3")
    assert rows_of(state)[2] == ".OxO...."
    assert game.score(state) == (1, 0)


def test_dots_a_placement_in_a_house_that_encloses_something_stands():
    rows = [EMPTY, "..OX....", ".O+OX...", "..OX....", EMPTY, EMPTY, EMPTY, EMPTY]
    state = game.play(position(rows, side="X", mode="dots"), "c3")
    assert rows_of(state)[2] == ".OXoX..."  # crosses took d3; the house is gone
    assert game.score(state) == (0, 1)


def test_dots_placing_in_ones_own_house_is_allowed():
    state = game.play(position(HOUSE, mode="dots"), "c3")
    assert rows_of(state)[2] == ".OOO...."


# A ring round an earlier ring: 10x10, circles' outer ring open at h7 around their diamond
# on d5 (a house with dots) and, at g5, whatever the case puts there.
def nested(inner="+", g5=None, side="O", outer="."):
    g5 = outer if g5 is None else g5
    rows = [
        "..........",
        ".OOOOOOO..",
        f"O{outer * 7}O.",
        f"O{outer * 2}O{outer * 4}O.",
        f"O{outer}O{inner}O{outer}{g5}{outer}O.",
        f"O{outer * 2}O{outer * 4}O.",
        ".OOOOOO" + ("O.." if outer != "." else "..."),
        "..........",
        "..........",
        "..........",
    ]
    return game.parse(f"10x10 {side} {'/'.join(rows)} 0 9 dots")


def test_dots_a_capturing_ring_takes_an_earlier_house_inside_it_out_of_play():
    state = game.play(nested(g5="X"), "h7")
    assert rows_of(state)[2:7] == [
        "O,,,,,,,O.",
        "O,,O,,,,O.",
        "O,O,O,x,O.",
        "O,,O,,,,O.",
        ".OOOOOOO..",
    ]
    assert game.score(state) == (1, 0)


def test_dots_a_house_taken_with_an_intruder_takes_the_houses_inside_it():
    state = game.play(nested(side="X", outer="+"), "g5")  # encloses nothing: the house is taken
    assert rows_of(state)[3:6] == ["O,,O,,,,O.", "O,O,O,x,O.", "O,,O,,,,O."]
    assert game.score(state) == (1, 0)


def test_dots_a_ring_round_a_live_enemy_piece_in_an_inner_ring_captures_it():
    # d5's crosses piece stands live in circles' diamond (a house it dissolved by taking
    # something): the outer ring then encloses a live enemy piece, so it captures, not houses.
    state = game.play(nested(inner="X"), "h7")
    assert rows_of(state)[4] == "O,OxO,,,O."
    assert game.score(state) == (1, 0)


# --- options and notation ----------------------------------------------------------------
def test_options():
    state = game.initial({"width": 9, "height": 12, "mode": "dots"})
    assert game.format(state).startswith("9x12 O ") and game.format(state).endswith(" dots")
    assert (
        game.describe_options({"width": 9, "height": 12, "mode": "dots"})
        == "9×12, standard Dots rule"
    )
    for bad in ({"width": 7}, {"height": 41}, {"mode": "go"}, {"colour": "red"}, {"width": "9"}):
        with pytest.raises(ValueError):
            game.initial(bad)


def test_point_names_go_past_z():
    state = game.initial({"width": 40, "height": 8})
    assert "an8" in game.legal_moves(state) and "z1" in game.legal_moves(state)
    assert game.format(game.play(state, "aa1")).split()[2].startswith("26O13/")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "8x8 O 8/8/8/8/8/8/8 0 1",
        "7x8 O 7/7/7/7/7/7/7/7 0 1",
        "8x8 Q 8/8/8/8/8/8/8/8 0 1",
        "8x8 O 8/8/8/8/8/8/8/9 0 1",
        "8x8 O 8/8/8/8/8/8/8/7K 0 1",
        "8x8 O 8/8/8/8/8/8/8/7+ 0 1",
        "8x8 O 8/8/8/8/8/8/8/8 3 1",
        "8x8 O 8/8/8/8/8/8/8/8 0 0",
    ],
)
def test_bad_positions_are_refused(text):
    with pytest.raises(ValueError):
        game.parse(text)


@pytest.mark.parametrize(
    "text, message",
    [("zz99", "not a point of this"), ("p-3", "Could not read"), ("d4", "already taken")],
)
def test_bad_moves_are_refused(text, message):
    with pytest.raises(IllegalMove, match=message):
        game.play(game.initial({"width": 8, "height": 8}), text)


# --- random games on small boards ----------------------------------------------------------
@pytest.mark.parametrize("seed", range(16))
def test_random_games_keep_the_contract_and_end(seed):
    rng = random.Random(seed)
    options = {
        "width": rng.choice([8, 9, 11]),
        "height": rng.choice([8, 10]),
        "mode": ("empire", "dots")[seed % 2],
    }
    state = game.initial(options)
    while game.outcome(state) is None:
        legal = game.legal_moves(state)
        assert legal[0] == "pass" or "pass" in legal
        move = (
            rng.choice(legal)
            if rng.random() < 0.02
            else rng.choice([m for m in legal if m != "pass"] or ["pass"])
        )
        state = game.play(state, move)
        text = game.format(state)
        assert game.parse(text) == state and game.format(game.parse(text)) == text
        assert game.score(state) == (state.board.count("x"), state.board.count("o"))
    assert state.ply <= options["width"] * options["height"] * 2 + 3


@pytest.mark.parametrize("mode", ["empire", "dots"])
def test_the_captures_carried_past_a_quiet_placement_are_the_counted_ones(mode):
    """A placement that takes nothing keeps its position's count of captures rather than
    counting the board again: in random games of both modes the count is the board's."""
    game = rules.get("empire")
    for seed in range(4):
        rng = random.Random(seed)
        state = game.initial({"width": 10, "height": 10, "mode": mode})
        while not game.outcome(state):
            game.score(state)
            state = game.play(state, rng.choice(game.legal_moves(state)[:80]))
            assert game.score(state) == game.score(game.parse(game.format(state)))
