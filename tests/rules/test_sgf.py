"""SGF for Empire: export, import of our own and of other Dots programs' records."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import Outcome, sgf

game = rules.get("empire")


def random_moves(seed, options):
    rng, state, moves = random.Random(seed), game.initial(options), []
    while game.outcome(state) is None:
        legal = [m for m in game.legal_moves(state) if m != "pass"] or ["pass"]
        moves.append(rng.choice(legal))
        state = game.play(state, moves[-1])
    return moves, state


def test_export_has_the_dots_properties():
    moves, final = random_moves(1, {"width": 9, "height": 8})
    text = game.export_record(
        moves,
        {"Circles": "ann", "Crosses": "bob"},
        game.outcome(final),
        game.initial({"width": 9, "height": 8}),
    )
    assert text.startswith("(;FF[4]GM[40]CA[UTF-8]AP[Imperia]SZ[9:8]RU[empire]PB[ann]PW[bob]")
    assert "AB[dd][ee]AW[ed][de]" in text  # the start: circles d4 e5, crosses e4 d5
    assert text.count(";B[") + text.count(";W[") == len(moves)
    circles, crosses = game.score(final)
    winner = "B" if circles > crosses else "W"
    assert f"RE[{winner}+{abs(circles - crosses)}]" in text or circles == crosses


@pytest.mark.parametrize("seed", range(6))
def test_our_records_read_back_to_the_same_game(seed):
    options = {"width": 8 + seed, "height": 10, "mode": ("empire", "dots")[seed % 2]}
    moves, final = random_moves(seed, options)
    text = game.export_record(moves, {}, game.outcome(final), game.initial(options))
    record = game.import_record(text)
    assert record.options == options and record.moves == moves
    state = game.parse(record.start)
    assert state == game.initial(options)
    for move in record.moves:
        state = game.play(state, move)
    assert state == final


def test_a_record_from_another_program():
    # An empty 10x10 start, crosses' pieces named from a-z, a pass, a resignation.
    text = "(;GM[40]FF[4]SZ[10]PB[Red]PW[Blue]RE[W+R];B[ee];W[ef];B[fe]\n;W[];B[ff])"
    record = game.import_record(text)
    assert record.options == {"width": 10, "height": 10, "mode": "dots"}
    assert record.moves == ["e5", "e6", "f5", "pass", "f6"]
    assert record.names == ("Red", "Blue")
    assert record.start == "10x10 O 10/10/10/10/10/10/10/10/10/10 0 1 dots"
    assert sgf.outcome_of(record.result) == Outcome(1, "resign")


@pytest.mark.parametrize(
    "text, message",
    [
        ("hello", "No SGF game"),
        ("(;GM[1]SZ[19];B[aa])", "not a Dots game"),
        ("(;GM[40];B[aa])", "board size"),
        ("(;GM[40]SZ[50];B[aa])", "from 8 to 40"),
        ("(;GM[40]SZ[10];B[zz])", "off the 10×10 board"),
        ("(;GM[40]SZ[10];B[aa];B[bb])", "out of turn"),
        ("(;GM[40]SZ[10];B[aa", "not closed"),
    ],
)
def test_unreadable_records_say_why(text, message):
    with pytest.raises(ValueError, match=message):
        game.import_record(text)


def test_results():
    assert sgf.outcome_of("B+T") == Outcome(0, "timeout")
    assert sgf.outcome_of("0") == Outcome(None, "agreement")
    assert sgf.outcome_of("B+12") == Outcome(0, "imported")
    assert sgf.outcome_of("?") is None and sgf.outcome_of("") is None


VALUES = st.one_of(
    st.text(alphabet="abzAZ:019٣²\x00]\\ ", max_size=6),
    st.integers(0, 99).map(str),
    st.integers(1, 5000).map(lambda n: "9" * n),
    st.sampled_from(["8", "10:12", "B", "W", "Z", "B+R", "dots", "empire", "aa", "tt"]),
)
PROPERTY = st.tuples(st.sampled_from(["GM", "SZ", "PL", "AB", "AW", "B", "W", "RE", "RU"]), VALUES)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(
    size=st.sampled_from(["", "SZ[8]", "GM[40]SZ[10:12]"]),  # most records get past the size
    nodes=st.lists(st.lists(PROPERTY, max_size=4), min_size=1, max_size=5),
)
def test_any_record_is_read_or_refused_in_a_players_words(size, nodes):
    """Only ValueError, and in words about the record: never Python's own."""
    nodes = ["".join(f"{k}[{v}]" for k, v in node) for node in nodes]
    text = f"(;{size}" + ";".join(nodes) + ")"
    try:
        game.import_record(text)
    except ValueError as exc:
        internals = ("tuple", "x not in", "invalid literal", "Exceeds the limit", "int()")
        assert not any(word in str(exc) for word in internals), str(exc)
