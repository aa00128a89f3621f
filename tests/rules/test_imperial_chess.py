"""Imperial Chess: pieces, rides, replacement, succession, deployment, the Charge, the end."""

import random
from dataclasses import replace
from itertools import count

import pytest

import rules
from rules import IllegalMove, Outcome
from rules.imperial_chess import GRID, ImperialState
from tests.rules.random_games import play_to_the_end

game = rules.get("imperial-chess")
WHITE, BLACK = 0, 1


def position(pieces: dict[str, str], turn=WHITE, lost=("", ""), quiet=0, victory="imperials"):
    """A position from {square: letter}; each side gets a far-away Emperor unless given one."""
    board = [None] * 144
    pieces = {"l1": "E", "l12": "e", **pieces}
    for name, letter in pieces.items():
        if letter:
            board[GRID.index(name)] = letter
    state = ImperialState(board=tuple(board), lost=lost, turn=turn, quiet=quiet, fullmove=20)
    return game.with_options(game.parse(game.format(state)), {"victory": victory})


def moves_from(state, square):
    return sorted(
        m for m in game.legal_moves(state) if m.startswith(square) and not m[len(square)].isdigit()
    )


def targets(state, square):
    return {game.move_squares(m)[1] for m in moves_from(state, square)}


# --- every piece on an empty board, from f6 ---------------------------------------------------
@pytest.mark.parametrize(
    "letter, count",
    [("E", 43), ("R", 22), ("B", 21), ("N", 8), ("P", 8), ("I", 8), ("M", 24), ("Q", 24),
     ("J", 24), ("A", 24), ("X", 24), ("K", 48), ("S", 8), ("C", 8)],
)  # fmt: skip
def test_empty_board_counts(letter, count):
    # An Imperial stays on b12, off every line from f6, so the game is not over.
    state = position({"f6": letter, "l1": "", "b12": "M"})
    assert len(targets(state, "f6")) == count


def test_path_pieces_are_blocked_on_their_only_route_and_leapers_are_not():
    state = position({"f6": "S", "f7": "W"})
    assert "f8" not in targets(state, "f6")  # two straight steps north pass f7
    assert "g7" in targets(state, "f6")  # the diagonal has another route, by g6
    walled = {sq: "W" for sq in ("e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7")}
    state = position({"f6": "X", **walled})
    assert targets(state, "f6") == set()
    state = position({"f6": "N", **walled})
    assert len(targets(state, "f6")) == 8  # the Knight jumps


def test_princesses_never_capture():
    state = position({"f6": "A", "f7": "w", "f8": "w"})
    assert "f8" not in targets(state, "f6") and "f7" not in targets(state, "f6")
    with pytest.raises(IllegalMove, match="never captures"):
        game.play(state, "f6f7")


def test_a_pawn_captures_straight_ahead():
    state = position({"e4": "W", "e5": "n", "d5": "b"})
    assert targets(state, "e4") == {"e5", "d5"}
    state = game.play(state, "e4e5")
    assert state.lost == ("", "n") and state.quiet == 0


def test_catapult_shoots_over_pieces_only_enemies_within_four():
    state = position({"d1": "C", "d2": "W", "d3": "w", "d5": "n", "d6": "r", "h5": "b"})
    shots = {m for m in game.legal_moves(state) if "*" in m}
    assert shots == {"d1*d3", "d1*d5", "d1*h5"}
    state = game.play(state, "d1*d5")
    assert state.board[GRID.index("d1")] == "C" and state.board[GRID.index("d5")] is None
    assert state.lost == ("", "n")


# --- rides -----------------------------------------------------------------------------------
def test_a_lady_rides_along_with_a_knight():
    state = position({"d2": "N", "e2": "A"})
    assert "d2c4+e2" in game.legal_moves(state)
    state = game.play(state, "d2c4+e2")
    assert state.board[GRID.index("c4")] == "N" and state.board[GRID.index("d4")] == "A"
    assert state.board[GRID.index("e2")] is None


def test_no_ride_when_her_landing_square_is_occupied():
    state = position({"d2": "N", "e2": "A", "d4": "W"})
    assert "d2c4" in game.legal_moves(state) and "d2c4+e2" not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match="No Lady on e2"):
        game.play(state, "d2c4+e2")


# --- replacement -------------------------------------------------------------------------------
def test_replacement_choices_per_piece():
    state = position({"e11": "W", "f1": ""}, lost=("QN", ""))
    pawn = [m for m in moves_from(state, "e11") if m.startswith("e11e12")]
    assert "e11e12" in pawn and "e11e12=Q/a3" in pawn and "e11e12=N/l3" in pawn
    assert len(pawn) == 1 + 2 * 12  # Queen or Knight, back to any of the 12 pawn squares
    state = position({"e10": "A"}, lost=("QN", ""))
    princess = {m.split("=")[1][0] for m in moves_from(state, "e10") if "=" in m}
    assert princess == {"Q"}  # a Princess restores King down to Princess: not the Knight
    state = game.play(position({"e11": "W"}, lost=("Q", "")), "e11e12=Q/c3")
    assert state.board[GRID.index("e12")] == "Q" and state.board[GRID.index("c3")] == "W"
    assert state.lost == ("", "")


def test_replacement_is_refused_when_no_home_square_is_free():
    full = {f"{f}3": "W" for f in "abcdefghijkl"}
    state = position({"e11": "W", **full}, lost=("Q", ""))
    assert [m for m in moves_from(state, "e11") if "=" in m] == []
    with pytest.raises(IllegalMove, match="replacement is not possible"):
        game.play(state, "e11e12=Q/c3")


def test_a_piece_moving_along_the_far_rank_may_replace_and_go_home_to_its_own_square():
    state = position({"a12": "M", "l12": "", "k12": "e"}, lost=("R", ""))
    assert "a12c12=R/g1" in game.legal_moves(state)


# --- succession ---------------------------------------------------------------------------------
def test_succession_by_a_horseman_from_the_home_ranks():
    state = position({"l1": "", "d4": "I", "b2": "N", "a1": "M"}, lost=("E", ""))
    state = game.play(state, "b2c4")  # ends beside the Imperial Prince on d4
    assert state.board[GRID.index("d4")] == "E" and state.lost == ("E", "")


def test_no_succession_from_outside_the_home_ranks_or_by_his_own_move():
    state = position({"l1": "", "d6": "I", "b5": "N", "a1": "M"}, lost=("E", ""))
    assert game.play(state, "b5c7").board[GRID.index("d6")] == "I"
    assert game.play(state, "d6g8").board[GRID.index("g8")] == "I"


# --- rapid deployment ------------------------------------------------------------------------------
def test_rapid_deployment_of_the_opening_pawn_rank():
    state = game.initial()
    assert "deploy3" in game.legal_moves(state)
    state = game.play(state, "deploy3")
    assert (
        game.format(state).split("/")[8] == "WWWWWWWWWWWW"
        and game.format(state).split("/")[9] == "12"
    )
    assert state.quiet == 0
    assert "deploy10" in game.legal_moves(state)
    with pytest.raises(IllegalMove, match="cannot deploy"):
        game.play(state, "deploy11")


# --- the Charge ---------------------------------------------------------------------------------------
def charge_position(files="abcdef", extra=None):
    """White pawns on rank 6 facing Black's on rank 7; White's only other piece is an
    Imperial Princess on g1, who never captures and so never qualifies."""
    pieces = {f"{f}6": "W" for f in files} | {f"{f}7": "w" for f in "abcdef"}
    return position({"g1": "J", "l1": "", "k12": "m", **pieces, **(extra or {})})


FULL_CHARGE = "a6a7,b6b7,c6c7,d6d7,e6e7,f6f7,g1g2"


def test_a_charge_with_six_threatening_front_line_pieces():
    state = charge_position()
    assert game.charge_available(state)
    assert not [m for m in game.legal_moves(state) if "," in m]  # charges are not listed
    after = game.play(state, FULL_CHARGE)
    assert after.lost == ("", "wwwwww") and game.to_move(after) == BLACK and after.quiet == 0
    assert after.board[GRID.index("g2")] == "J"


def test_no_charge_with_five():
    state = charge_position("abcde")
    assert not game.charge_available(state)
    with pytest.raises(IllegalMove, match="six front-line pieces"):
        game.play(state, "a6a7,b6b7,c6c7,d6d7,e6e7,g1g2")


def strikes_from(state, square: str) -> bool:
    """Whether a listed move of the piece on `square` lands on (or shoots) an enemy."""
    enemy = str.islower if state.turn == WHITE else str.isupper
    for move in game.legal_moves(state):
        squares = game.move_squares(move)
        if squares and squares[0] == square:
            there = state.board[GRID.index(squares[1])]
            if there is not None and enemy(there):
                return True
    return False


def threat_by_the_moves(state, sq: int) -> bool:
    """The Charge's condition read off the listed moves: the piece captures or shoots now, or
    after one plain move of its own (onto an empty square, the same side then to move)."""
    name = GRID.names[sq]
    if strikes_from(state, name):
        return True
    for move in game.legal_moves(state):
        squares = game.move_squares(move)
        if not squares or squares[0] != name or move != "".join(squares):
            continue  # not this piece's, or a shot, ride or replacement
        to = GRID.index(squares[1])
        if state.board[to] is None:
            board = list(state.board)
            board[to], board[sq] = board[sq], None
            moved = replace(state, board=tuple(board), quiet=0, history=(), memo={})
            if strikes_from(moved, squares[1]):
                return True
    return False


@pytest.mark.parametrize("seed", range(2))
def test_a_threat_is_what_the_moves_say(seed):
    """threatens() (cut short where no enemy is within reach) against its definition, for
    every piece of the side to move in positions of random games."""
    plies = count()

    def agrees(state, legal):
        if next(plies) % 12:
            return
        for sq, piece in enumerate(state.board):
            if piece is not None and (piece.isupper() == (state.turn == WHITE)):
                assert game.threatens(state, sq) == threat_by_the_moves(state, sq), (
                    game.format(state),
                    GRID.names[sq],
                )

    play_to_the_end(
        game, game.initial(), random.Random(seed), most_plies=4000, tries=0, each=agrees
    )


def test_a_charge_may_not_skip_a_file_whose_pieces_can_move():
    with pytest.raises(IllegalMove, match="file\\(s\\) g still owe a move"):
        game.play(charge_position(), "a6a7,b6b7,c6c7,d6d7,e6e7,f6f7")


def test_a_charge_moves_one_piece_per_file_and_no_piece_twice():
    with pytest.raises(IllegalMove, match="file a has made its move"):
        game.play(charge_position(extra={"a1": "R"}), "a6a7,a1a2")
    with pytest.raises(IllegalMove, match="has moved in this charge already"):
        game.play(charge_position(), "a6a7,a7a8")
    charge = game.charge(charge_position(), ["a6a7", "b6b7"])
    assert not charge.complete and 0 not in charge.owing and 6 in charge.owing
    assert "c6c7" in charge.options and "a7a8" not in charge.options


def test_a_part_that_ends_the_game_ends_the_charge():
    state = position(
        {
            **{f"{f}6": "W" for f in "abcdef"},
            **{f"{f}7": "w" for f in "abcde"},
            "f7": "e",
            "l12": "",
            "g1": "J",
            "l1": "",
        }  # fmt: skip
    )
    assert game.charge_available(state)
    after = game.play(state, "a6a7,b6b7,f6f7")  # f6f7 takes Black's last Imperial
    assert game.outcome(after) == Outcome(WHITE, "imperials-captured")
    with pytest.raises(IllegalMove, match="ended when part 1 ended the game"):
        game.play(state, "f6f7,a6a7")


# --- the end ------------------------------------------------------------------------------------------
def test_capturing_the_last_imperial_wins():
    state = position({"l12": "", "e5": "i", "e4": "W", "a12": "k"})
    state = game.play(state, "e4e5")
    assert game.outcome(state) == Outcome(WHITE, "imperials-captured")
    assert game.legal_moves(state) == []


def test_the_emperor_and_emperor_empress_victory_options():
    base = {"l12": "", "e5": "e", "a12": "m", "e4": "W"}
    assert game.outcome(game.play(position(base), "e4e5")) is None
    emperor = game.play(position(base, victory="emperor"), "e4e5")
    assert game.outcome(emperor) == Outcome(WHITE, "emperor-captured")
    with_prince = game.play(position({**base, "b12": "i"}, victory="emperor"), "e4e5")
    assert game.outcome(with_prince) is None  # the Imperial Prince may succeed
    both = game.play(position({**base, "a12": "q"}, victory="emperor-empress"), "e4e5")
    assert game.outcome(both) == Outcome(WHITE, "emperor-empress-captured")


def test_a_player_with_no_legal_move_loses():
    walls = {sq: "w" for sq in ("a2", "b1", "b2", "a3", "b3", "c3", "c2", "c1")}
    state = position({"l1": "", "a1": "J", **walls})
    assert game.outcome(state) == Outcome(BLACK, "no-moves")


def test_third_repetition_is_a_draw_and_150_quiet_plies_too():
    state = game.initial()
    cycle = ["c2b4", "c11b9", "b4c2", "b9c11"] * 2
    for move in cycle[:-1]:
        state = game.play(state, move)
    assert game.outcome(state) is None
    assert game.outcome(game.play(state, cycle[-1])) == Outcome(None, "repetition")
    state = game.play(position({"a1": "M"}, quiet=149), "a1a3")
    assert game.outcome(state) == Outcome(None, "move-limit")


# --- notation ------------------------------------------------------------------------------------------
def test_start_position_text():
    assert game.format(game.initial()) == (
        "rnbckemqcbnr/sxnpaijapnxs/wwwwwwwwwwww/12/12/12/12/12/12/WWWWWWWWWWWW/SXNPAIJAPNXS/RNBCKEMQCBNR[] w 0 1"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "12/12/12/12/12/12/12/12/12/12/12/12 w 0 1",
        "12/12/12/12/12/12/12/12/12/12/12/12[] x 0 1",
        "12/12/12/12/12/12/12/12/12/12/12/13[] w 0 1",
        "12/12/12/12/12/12/12/12/12/12/12/11Z[] w 0 1",
        "12/12/12/12/12/12/12/12/12/12/12/12[NQ] w 0 1",
    ],
)
def test_bad_positions_are_refused(text):
    with pytest.raises(ValueError):
        game.parse(text)


@pytest.mark.parametrize(
    "text, message",
    [("zz", "Could not read"), ("e5e6", "no piece on e5"), ("e10e9", "not yours"),
     ("e2e5", "cannot reach e5"), ("c1*c5", "not a Catapult")],
)  # fmt: skip
def test_bad_moves_are_explained(text, message):
    with pytest.raises(IllegalMove, match=message):
        game.play(game.initial(), text)


def test_lower_case_replacement_letters_are_read():
    state = game.play(position({"e11": "W"}, lost=("Q", "")), "e11e12=q/c3")
    assert state.board[GRID.index("e12")] == "Q"


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_contract_and_end(seed):
    play_to_the_end(game, game.initial(), random.Random(seed), most_plies=4000, tries=8)


@pytest.mark.parametrize("seed", range(4))
def test_whether_a_side_can_move_is_told_without_listing_every_move(seed):
    """The judge asks only whether a move exists; the answer is the full list's, in every
    position of random games (ended ones too), including sides left with no move."""

    def agrees(state, legal):
        fresh = game.parse(game.format(state))  # nothing listed yet in its memo
        assert game._has_move(fresh) == bool(game.generate(fresh))

    play_to_the_end(
        game, game.initial(), random.Random(seed), most_plies=4000, tries=0, each=agrees
    )
    boxed = game.parse("/".join(["W11"] * 12) + "[] w 0 1")  # a file of Pawns, each blocked
    assert not game._has_move(boxed) and not game.generate(boxed)
