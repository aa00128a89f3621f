"""Empire Chess: the cases its rules page names, perft, and the rules contract."""

import random

import pytest

import rules
from rules import IllegalMove, Outcome
from tests.rules import oracle

game = rules.get("empire-chess")
WHITE, BLACK = 0, 1


def position(fen):
    return game.parse(fen)


def play_all(state, moves):
    for move in moves:
        state = game.play(state, move)
    return state


# --- perft from the spec's positions ------------------------------------------
@pytest.mark.parametrize(
    "fen, counts",
    [
        (None, [30, 600, 20895]),
        ("1rq1k1nr/1p2p3/n7/p1pP1ppp/P7/1PS1SbPP/C4CD1/T2K2ET w k - 0 17", [9, 250, 8929]),
        ("rnbqkbnr/1pp1p2p/p2p1p2/6pP/5P2/PPPSSTP1/8/TECDKCE1 w kq g6 0 5", [40, 1026, 43870]),
    ],
)
def test_perft(fen, counts):
    state = game.initial() if fen is None else position(fen)
    assert [game.perft(state, depth) for depth in (1, 2, 3)] == counts


# --- pieces ---------------------------------------------------------------------
def test_tower_moves_like_a_queen_but_captures_only_like_a_rook():
    state = position("4k3/3p4/8/4n3/3T4/8/8/K7 w - - 0 1")
    legal = game.legal_moves(state)
    assert "d4d7" in legal  # capture along the file
    assert "d4e5" not in legal  # no diagonal capture
    assert "d4c5" in legal and "d4b6" in legal  # diagonal moves to empty squares
    with pytest.raises(IllegalMove, match="captures only along ranks and files"):
        game.play(state, "d4e5")


def test_tower_does_not_attack_diagonally_but_blocks_diagonally():
    # The Tower on b5 may block the rook's check on the e-file by a diagonal move.
    state = position("k3r3/8/8/1T6/8/8/8/4K3 w - - 0 1")
    assert game.check_square(state) == "e1"
    legal = game.legal_moves(state)
    assert "b5e2" in legal
    assert "b5e8" not in legal  # the checking rook stands on its diagonal: no capture
    # A black king may stand diagonally next to a Tower: it does not attack there.
    legal = game.legal_moves(position("8/8/8/2k5/8/1T6/8/K7 b - - 0 1"))
    assert "c5c4" in legal
    assert "c5b4" not in legal and "c5b5" not in legal


def test_eagle_captures_like_a_knight_and_checks_like_one():
    state = position("4k3/8/3p4/8/4E3/8/8/K7 w - - 0 1")
    legal = game.legal_moves(state)
    assert "e4d6" in legal  # knight-leap capture
    assert "e4e7" in legal  # a queen move to an empty square
    assert game.display(state, "e4f6") == "Ef6+"  # checks from a knight's distance


def test_soldier_steps_forward_and_sideways_and_never_promotes():
    state = position("4k3/3S4/8/8/8/8/8/K7 w - - 0 1")
    soldier = sorted(m for m in game.legal_moves(state) if m.startswith("d7"))
    assert soldier == ["d7c7", "d7d8", "d7e7"]
    assert game.format(game.play(state, "d7d8")).startswith("3Sk3/")


# --- face-off -------------------------------------------------------------------
def test_face_off_pins_a_piece_on_the_open_file():
    state = position("4k3/8/8/8/4S3/8/8/4K3 w - - 0 1")
    legal = game.legal_moves(state)
    assert "e4e5" in legal
    assert "e4d4" not in legal and "e4f4" not in legal
    with pytest.raises(IllegalMove, match="face each other"):
        game.play(state, "e4d4")


@pytest.mark.parametrize(
    "fen, refused, allowed",
    [
        # A Black knight pinned to its king by a Tower may not leave the file; nor may the
        # king step onto the open d-file of the other king.
        ("4k3/4n3/8/8/4T3/8/8/3K4 b - - 0 1", ["e7c6", "e7g6", "e7d5", "e8d8"], ["e8f7", "e8f8"]),
        # A Black bishop pinned by a Cardinal on the diagonal moves along it only.
        ("7k/6b1/8/8/3C4/8/8/K7 b - - 0 1", ["g7h6", "g7f8"], ["g7f6", "g7e5", "g7d4"]),
        # The Eagle checks like a knight: the king steps out of it, not onto its other square.
        ("4k3/8/3E4/8/8/8/8/K7 b - - 0 1", ["e8f7"], ["e8d8", "e8e7", "e8f8"]),
        # A White Soldier alone between the kings on a file may step along it, not off it.
        ("4k3/8/8/8/4S3/8/8/4K3 w - - 0 1", ["e4d4", "e4f4"], ["e4e5", "e1d1"]),
    ],
)
def test_pins_checks_and_face_offs_decide_which_moves_stand(fen, refused, allowed):
    """A move that cannot uncover the king is taken as it stands (rules/empire_chess.py);
    only the king's, a pinned piece's and any move in check are tried on the board."""
    legal = game.legal_moves(position(fen))
    assert not set(refused) & set(legal)
    assert set(allowed) <= set(legal)


def test_face_off_mate():
    state = position("7k/T7/8/4C3/8/8/8/6K1 b - - 0 1")
    assert game.legal_moves(state) == []
    assert game.outcome(state) == Outcome(WHITE, "checkmate")
    assert game.to_move(state) is None


def test_castling_may_not_pass_over_or_land_on_a_face_off():
    state = position("r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1")
    legal = game.legal_moves(state)
    assert "e8g8" not in legal  # f8 faces the Kaiser on f1
    assert "e8c8" in legal
    state = position("r3k2r/8/8/8/8/8/8/2K5 b kq - 0 1")
    legal = game.legal_moves(state)
    assert "e8c8" not in legal and "e8g8" in legal
    assert game.display(state, "e8g8") == "O-O"


def test_en_passant_may_open_a_face_off_as_in_fairy_stockfish():
    state = play_all(position("8/2p5/8/KP5k/8/8/8/8 b - - 0 1"), ["c7c5"])
    assert game.format(state) == "8/8/8/KPp4k/8/8/8/8 w - c6 0 2"
    assert "b5c6" in game.legal_moves(state)


# --- pawns ----------------------------------------------------------------------
def test_white_pawns_never_double_step():
    legal = game.legal_moves(game.initial())
    assert not [m for m in legal if m[1] == "3" and m[3] == "5"]
    with pytest.raises(IllegalMove):
        game.play(game.initial(), "e3e5")


def test_black_double_step_taken_en_passant_by_white():
    state = position("4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1")
    state = game.play(state, "d7d5")
    assert game.format(state) == "4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2"
    assert game.display(state, "e5d6") == "exd6"
    state = game.play(state, "e5d6")
    assert game.format(state) == "4k3/8/3P4/8/8/8/8/K7 b - - 0 2"


def test_en_passant_square_is_written_even_when_the_capture_is_illegal():
    state = game.play(position("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1"), "c7c5")
    assert " c6 " in game.format(state)
    assert "b5c6" not in game.legal_moves(state)  # it would expose the Kaiser to the rook
    # Without a White pawn beside it, no en passant square is written.
    state = game.play(position("4k3/2p5/8/8/8/8/8/K7 b - - 0 1"), "c7c5")
    assert " - 0 2" in game.format(state)


def test_promotion_is_to_a_queen_only():
    state = position("8/1P6/8/7k/8/8/6p1/K7 w - - 0 1")
    assert "b7b8q" in game.legal_moves(state)
    assert not [m for m in game.legal_moves(state) if m.startswith("b7b8") and m != "b7b8q"]
    with pytest.raises(IllegalMove, match="only to a Queen"):
        game.play(state, "b7b8")
    with pytest.raises(IllegalMove):
        game.play(state, "b7b8r")
    assert game.display(state, "b7b8q") == "b8=Q"
    state = game.play(state, "b8=Q")  # SAN is accepted too
    assert game.format(state).startswith("1Q6/")
    state = game.play(state, "g2g1q")
    assert game.format(state).split()[0].endswith("/K5q1")
    assert game.check_square(state) == "a1"


# --- the end of the game -----------------------------------------------------------
def test_campmate_ends_the_game_with_no_reply():
    state = position("8/3K4/k7/8/8/8/8/8 w - - 0 1")
    state = game.play(state, "d7d8")
    assert game.outcome(state) == Outcome(WHITE, "campmate")
    assert game.legal_moves(state) == [] and game.to_move(state) is None
    with pytest.raises(IllegalMove, match="over"):
        game.play(state, "a6a5")


def test_black_campmate_on_rank_one():
    state = game.play(position("8/8/8/8/8/7K/3k4/8 b - - 0 1"), "d2d1")
    assert game.outcome(state) == Outcome(BLACK, "campmate")


def test_stalemate_loses_for_the_stalemated_side():
    state = position("k7/8/1Q6/8/8/8/8/7K b - - 0 1")
    assert game.outcome(state) == Outcome(WHITE, "stalemate")


def test_third_repetition_loses_for_the_player_who_made_it():
    shuffle = ["b1b2", "b8c6", "b2b1", "c6b8"] * 2
    state = play_all(game.initial(), shuffle[:-1])
    assert game.outcome(state) is None
    state = game.play(state, shuffle[-1])  # Black brings back the start a third time
    assert game.outcome(state) == Outcome(WHITE, "repetition")


def test_repetition_counts_only_since_the_last_pawn_move():
    state = play_all(game.initial(), ["b1b2", "b8c6", "b2b1", "c6b8", "a3a4", "a7a6"])
    state = play_all(state, ["b1b2", "b8c6", "b2b1", "c6b8"])
    assert game.outcome(state) is None


def test_fifty_move_draw_is_not_reset_by_a_soldier():
    state = position("4k3/8/8/8/8/3S4/8/K7 w - - 98 80")
    state = game.play(state, "d3d4")
    assert state.halfmove == 99 and game.outcome(state) is None
    state = game.play(state, "e8e7")
    assert game.outcome(state) == Outcome(None, "fifty-moves")


def test_a_pawn_move_resets_the_fifty_move_count():
    state = game.play(position("4k3/8/8/8/8/3P4/8/K7 w - - 98 80"), "d3d4")
    assert state.halfmove == 0


# --- notation and the contract -------------------------------------------------------
def test_san_disambiguates_by_file_then_rank():
    state = position("6k1/8/8/8/8/8/4K3/T6T w - - 0 1")
    assert game.display(state, "a1d1") == "Tad1"
    assert game.display(state, "h1d1") == "Thd1"
    state = position("6k1/8/8/T7/8/8/4K3/T7 w - - 0 1")
    assert game.display(state, "a1a3") == "T1a3"
    assert game.display(state, "a5g5") == "Tg5+"


def test_typed_moves_accept_uci_and_san():
    state = game.initial()
    assert game.format(game.play(state, "Sd4")) == game.format(game.play(state, "d3d4"))
    assert game.format(game.play(state, "c4")) == game.format(game.play(state, "c3c4"))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "Enter a move"),
        ("zz", "Could not read"),
        ("e5e6", "no piece on e5"),
        ("e7e6", "not yours"),
        ("a1a5", "cannot move to a5"),
        ("x" * 500, "too long"),
    ],
)
def test_illegal_moves_get_a_message_a_player_can_read(text, message):
    with pytest.raises(IllegalMove, match=message):
        game.play(game.initial(), text)


@pytest.mark.parametrize(
    "fen",
    [
        "",
        "banana",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET x kq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCEZ w kq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq e6 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - x 1",
    ],
)
def test_malformed_positions_raise_value_error(fen):
    with pytest.raises(ValueError):
        game.parse(fen)


def test_parse_format_round_trip_along_a_game():
    rng = random.Random(7)
    state = game.initial()
    while game.outcome(state) is None:
        state = game.play(state, rng.choice(game.legal_moves(state)))
        text = game.format(state)
        assert game.format(game.parse(text)) == text
        assert game.parse(text) == state


def test_registry():
    assert [g.slug for g in rules.games()][:2] == ["empress", "empire-chess"]
    assert game.seats == ("White", "Black")
    with pytest.raises(ValueError, match="no game"):
        rules.get("checkers")
    with pytest.raises(ValueError, match="no options"):
        game.initial({"size": 9})


SPECIAL_POSITIONS = [
    "7k/T7/8/4C3/8/8/8/6K1 b - - 0 1",
    "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1",
    "r3k2r/8/8/8/8/8/8/2K5 b kq - 0 1",
    "r3k2r/8/8/8/8/8/4T3/4K3 b kq - 0 1",
    "8/8/8/KPp4k/8/8/8/8 w - c6 0 2",
    "4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 1",
    "4k3/8/8/8/4S3/8/8/4K3 w - - 0 1",
    "6k1/8/8/8/8/8/4K3/T6T w - - 0 1",
    "6k1/8/8/T7/8/8/4K3/T7 w - - 0 1",
    "k3r3/8/8/1T6/8/8/8/4K3 w - - 0 1",
    "8/1P6/8/7k/8/8/6p1/K7 w - - 0 1",
]


@pytest.mark.parametrize("fen", SPECIAL_POSITIONS)
def test_special_positions_agree_with_fairy_stockfish(fen):
    sf = oracle.load()
    state = position(fen)
    assert game.legal_moves(state) == sorted(sf.legal_moves(oracle.VARIANT, fen, []))
    for move in game.legal_moves(state):
        assert game.display(state, move) == sf.get_san(oracle.VARIANT, fen, move)


def test_resume_from_stored_positions_keeps_the_repetition_history():
    moves = ["b1b2", "b8c6", "b2b1", "c6b8"] * 2
    texts, state = [game.format(game.initial())], game.initial()
    for move in moves[:-1]:
        state = game.play(state, move)
        texts.append(game.format(state))
    resumed = game.resume(texts)
    assert resumed == state and resumed.history == state.history
    assert game.outcome(game.play(resumed, moves[-1])) == Outcome(WHITE, "repetition")


def test_captured_material_counts_promotions_as_pawns():
    assert game.captured(game.initial()) == ([], [])
    state = position(
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1".replace("TECDKCET", "TECDKCE1")
    )
    assert game.captured(state) == (["T"], [])
    state = game.play(position("8/1P6/8/7k/8/8/8/K7 w - - 0 1"), "b7b8q")
    white_lost, black_lost = game.captured(state)
    assert white_lost.count("P") == 5 and "Q" not in white_lost
    assert black_lost.count("p") == 8 and "q" in black_lost
