import time

import pytest

import rules
from rules import Outcome, record

game = rules.get("empire-chess")


def test_export_has_the_variant_setup_and_san():
    text = record.export(
        game,
        game.initial(),
        ["d3d4", "e7e5", "d4d5", "a7a6", "d5e5"],
        {"Event": "Test", "White": "ann", "Black": "bob"},
    )
    assert '[Variant "Empire"]' in text
    assert '[SetUp "1"]' in text
    assert '[FEN "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"]' in text
    assert '[Result "*"]' in text
    assert text.rstrip().endswith("1. Sd4 e5 2. Sd5 a6 3. Sxe5 *")


def test_export_with_an_outside_result():
    text = record.export(
        game, game.initial(), ["d3d4"], {"White": 'a "quoted" name'}, Outcome(0, "resign")
    )
    assert '[Result "1-0"]' in text and '[Termination "resign"]' in text
    assert r"a \"quoted\" name" in text


def test_other_games_get_the_same_record_with_their_own_tags():
    text = rules.get("empress").export_record(["Q@d4", "Q@e5"], {"White": "ann"})
    assert '[Game "Empress"]' in text
    assert '[Position "8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1"]' in text
    assert text.rstrip().endswith("1. Q@d4 Q@e5 *")


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
@pytest.mark.parametrize("filler", ["{", "(", "[", " ", "[a" + " " * 999_998])
def test_a_megabyte_of_brackets_or_spaces_is_read_at_once(slug, filler):
    """Reading is linear in the text: a megabyte of unclosed comments, nested variations,
    tag openers or padding is answered, with a message, in well under a second."""
    text = (filler * (1_000_000 // len(filler)))[:1_000_000]
    game = rules.get(slug)
    started = time.process_time()
    try:
        game.import_record(text)  # spaces alone may be a record of no moves
    except ValueError as refusal:
        assert str(refusal)  # said in words
    assert time.process_time() - started < 1.0


def test_variations_comments_and_glyphs_are_left_out_of_the_main_line():
    game = rules.get("empire-chess")
    text = (
        '[Event "x"]\n  [White   "A \\"B\\""]  \n\n'
        "1. d3d4 {a comment (with brackets)} $1 (1. c3c4 (1. a3a4) e7e5) e7e5 ; to the end\n*"
    )
    read = game.import_record(text)
    assert read.moves == ["d3d4", "e7e5"] and read.names[0] == 'A "B"'
    for bad, said in (
        ("1. d3d4 {open", "comment"),
        ("1. d3d4 (e7e5", "variation"),
        ("1. d3d4 )", "closes no variation"),
        ("(" * 40 + ")" * 40, "nested"),
    ):
        with pytest.raises(ValueError, match=said):
            game.import_record(bad)
