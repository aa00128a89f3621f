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
