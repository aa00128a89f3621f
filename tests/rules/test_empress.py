"""Empress: the cases its rules page names, the draws, notation, and random-game properties."""

import random

import pytest

import rules
from rules import IllegalMove, Outcome
from tests.rules.random_games import play_to_the_end

game = rules.get("empress")
WHITE, BLACK = 0, 1
START = "8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1"


def position(text):
    return game.parse(text)


def play_all(state, moves):
    for move in moves:
        state = game.play(state, move)
    return state


def names(squares):
    return {game.grid.names[sq] for sq in squares}


# --- 1. the opening --------------------------------------------------------------
def test_the_opening_order():
    state = game.initial()
    assert game.format(state) == START
    assert len(game.legal_moves(state)) == 64 and game.legal_moves(state)[0] == "Q@a1"
    with pytest.raises(IllegalMove, match="Empress is placed after"):
        game.play(state, "E@d4")
    state = play_all(state, ["Q@a1", "Q@h8", "Q@b1", "Q@g8", "Q@c1", "Q@f8"])
    assert game.format(state) == "5qqq/8/8/8/8/8/8/QQQ5[QQQQQEqqqqqe] w 0 4"
    with pytest.raises(IllegalMove, match="now place the Empress"):
        game.play(state, "Q@d4")  # no fourth Queen in the opening
    with pytest.raises(IllegalMove, match="only place pieces"):
        game.play(state, "a1a2")
    state = game.play(state, "E@d4")
    assert game.legal_moves(state) == sorted(
        f"E@{n}" for n in game.grid.names if n not in ("a1", "b1", "c1", "h8", "g8", "f8", "d4")
    )
    state = game.play(state, "E@e5")
    assert game.phase(state).startswith("Play: move a Queen") and state.turn == 0
    assert "Q@a8" in game.legal_moves(state) or "Q@a7" in game.legal_moves(state)


def test_black_may_not_place_first():
    with pytest.raises(ValueError, match="placement order"):
        position("8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] b 0 1")
    with pytest.raises(ValueError, match="placement order"):
        position("q7/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqe] w 0 1")


def test_opening_placements_ignore_fields():
    # White's Empress sees the whole first rank, yet Black's Empress may go there.
    state = position("5qqq/8/8/8/8/8/8/E2QQQ2[QQQQQqqqqqe] b 0 4")
    assert "E@b1" in game.legal_moves(state)


# --- 2-7. the Field of View -------------------------------------------------------------
def test_first_square_of_a_ray_is_protected_and_the_square_behind_in_no_field():
    state = position("q6e/8/8/8/Q7/8/8/E7[QQQQQqqqqq] b 3 30")
    fields = game.fields(state)
    assert "a4" in names(fields.effective(WHITE))
    assert "a5" not in names(fields.view[WHITE] | fields.view[BLACK])
    legal = game.legal_moves(state)
    assert "a8a4" not in legal and "a8a5" in legal
    # a4 in White's field, and a8, first on the ray of Black's Empress along rank 8.
    assert names(game.protected(state)) == {"a4", "a8"}
    with pytest.raises(IllegalMove, match="cannot be captured"):
        game.play(state, "a8a4")


def test_a_queen_on_a_neutral_square_can_be_captured():
    state = position("8/8/8/8/8/8/4q3/E2Q3e[QQQQQqqqqq] b 3 30")
    assert "d1" in names(game.fields(state).neutral)
    state = game.play(state, "e2d1")
    assert game.captured(state) == (["Q"] * 3, ["q"] * 2)
    assert state.quiet == 0


def test_a_queen_cannot_slide_through_the_opposing_field_to_a_capture():
    state = position("3q3e/8/8/8/8/E7/8/3Q4[QQQQQqqqqq] b 3 30")
    fields = game.fields(state)
    assert "d3" in names(fields.effective(WHITE))
    assert "d1" not in names(fields.view[WHITE] | fields.view[BLACK])
    assert "d8d1" not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match="may not enter or pass through"):
        game.play(state, "d8d1")


def test_a_queen_in_my_empresss_field_can_be_captured_by_my_queen():
    state = position("4Q2e/8/8/8/q7/8/8/E7[QQQQQqqqqq] w 3 30")
    assert "a4" in names(game.fields(state).effective(WHITE))
    assert "e8a4" in game.legal_moves(state)


def test_an_empress_crosses_the_opposing_field_but_never_captures():
    state = position("7e/8/8/8/8/8/8/E6q[QQQQQqqqq] w 3 30")
    # The Empress slides along the long diagonal, which Black's Empress sees too.
    assert "c3" in names(game.fields(state).view[BLACK])
    assert "a1g7" in game.legal_moves(state)
    assert "a1h1" not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match="never captures"):
        game.play(state, "a1h1")


def test_introduction_is_refused_in_the_opposing_field_and_allowed_on_neutral_squares():
    state = position("8/8/8/8/8/8/8/E6e[QQQQQqqqqq] b 3 30")
    fields = game.fields(state)
    assert "c1" in names(fields.neutral) and "b2" in names(fields.effective(WHITE))
    state2 = game.play(state, "Q@c1")
    assert state2.quiet == 0 and game.reserve(state2)[BLACK]["q"] == 4
    with pytest.raises(IllegalMove, match="in the opponent's field"):
        game.play(state, "Q@b2")


# --- 8. and the other ends ------------------------------------------------------------
def test_capturing_the_eighth_queen_wins_at_once():
    state = position("7e/8/8/3q4/8/8/8/E2Q4[QQQQQ] w 10 40")
    state = game.play(state, "d1d5")
    assert game.outcome(state) == Outcome(WHITE, "queens-captured")
    assert game.legal_moves(state) == [] and game.to_move(state) is None
    # A Queen still in reserve is not captured: the game goes on.
    state = game.play(position("7e/8/8/3q4/8/8/8/E2Q4[QQQQQq] w 10 40"), "d1d5")
    assert game.outcome(state) is None


def test_a_player_with_no_legal_action_loses():
    state = position("6Qe/6QQ/8/8/8/8/1E6/q7[QQQQQ] b 20 40")
    assert game.outcome(state) == Outcome(WHITE, "no-moves")


def test_third_repetition_is_a_draw():
    state = position("7e/8/8/8/8/8/8/E7[QQQQQqqqqq] w 0 20")
    shuffle = ["a1a2", "h8h7", "a2a1", "h7h8"] * 2
    state = play_all(state, shuffle[:-1])
    assert game.outcome(state) is None
    assert game.outcome(game.play(state, shuffle[-1])) == Outcome(None, "repetition")


def test_move_limit_draw_after_one_hundred_quiet_plies():
    state = game.play(position("7e/8/8/8/8/8/8/E7[QQQQQqqqqq] w 99 70"), "a1a2")
    assert game.outcome(state) == Outcome(None, "move-limit")
    state = game.play(position("7e/8/8/8/8/8/8/E7[QQQQQqqqqq] w 99 70"), "Q@c3")
    assert game.outcome(state) is None and state.quiet == 0


# --- notation -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "8/8/8/8/8/8/8/8 w 0 1",
        "8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] x 0 1",
        "8/8/8/8/8/8/8/8[qqqqqqqqeQQQQQQQQE] w 0 1",
        "8/8/8/8/8/8/8/8[QQQQQQQQQEqqqqqqqqe] w 0 1",
        "8/8/8/8/8/8/8/8[QQQQQQQQqqqqqqqqe] w 0 1",
        "8/8/8/8/8/8/8/7K[QQQQQQQQEqqqqqqqqe] w 0 1",
        "7e/8/8/8/8/8/8/E7[QQQQQQQQqqqqqqqq] w 0 1",
    ],
)
def test_bad_positions_are_refused_with_a_message(text):
    with pytest.raises(ValueError):
        game.parse(text)


@pytest.mark.parametrize(
    "text, message",
    [("d4", "Could not read"), ("Q@z9", "Could not read"), ("e4e5", "only place pieces")],
)
def test_bad_moves_are_refused_with_a_message(text, message):
    with pytest.raises(IllegalMove, match=message):
        game.play(game.initial(), text)


def test_move_text_is_the_display_text_and_the_origin_of_a_drop_is_the_reserve():
    assert game.display(game.initial(), "Q@d4") == "Q@d4"
    assert game.move_squares("Q@d4") == ("Q@", "d4")
    assert game.move_squares("d1d5") == ("d1", "d5")


# --- random games ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_contract_and_always_end(seed):
    def in_order(state, legal):
        assert legal == sorted(legal) and game.to_move(state) == state.turn

    rng = random.Random(seed)
    state = play_to_the_end(game, game.initial(), rng, most_plies=3000, tries=5, each=in_order)
    assert game.legal_moves(state) == [] and game.to_move(state) is None


def test_a_lower_case_drop_is_read_as_the_canonical_one():
    assert game.format(game.play(game.initial(), "q@d4")).startswith("8/8/8/8/3Q4/")


@pytest.mark.parametrize("seed", range(6))
def test_whether_a_side_can_move_is_told_without_listing_every_move(seed):
    """The judge asks only whether a move exists; the answer is the full list's in every
    position of random games, and in positions where the fields leave a side no move."""
    game = rules.get("empress")
    rng, state = random.Random(seed), game.initial()
    while not game.outcome(state):
        fresh = game.parse(game.format(state))  # nothing listed yet in its memo
        assert game._has_move(fresh) == bool(game.generate(fresh)), game.format(state)
        state = game.play(state, rng.choice(game.legal_moves(state)))


@pytest.mark.parametrize("seed", range(4))
def test_a_move_is_judged_legal_from_its_own_squares_as_the_list_would(seed):
    """`is_legal` answers without listing the moves; in every position of random games it
    agrees with the list on every move text of the board's squares, legal or not."""
    game = rules.get("empress")
    names = game.grid.names
    candidates = [a + b for a in names for b in names] + [
        f"{letter}@{name}" for letter in "QE" for name in names
    ]
    rng, state = random.Random(seed), game.initial()
    while not game.outcome(state):
        legal = set(game.legal_moves(state))
        fresh = game.parse(game.format(state))  # nothing listed yet in its memo
        judged = {move for move in candidates if game.is_legal(fresh, move)}
        assert judged == legal, game.format(state)
        state = game.play(state, rng.choice(sorted(legal)))
