"""Records of every game read back: what `export_record` writes (and, for Empire Chess, a
pychess PGN) gives the same start, moves, names, options and result; a bad move is named."""

import random

import pytest

import rules
from rules import record
from tests.rules import oracle

PGN_GAMES = [g for g in rules.games() if g.record_format[0] != "sgf"]  # Empire's is SGF
OPTIONS = {
    "imperial-shuffle": [{"nobles": "ryb"}, {"deal": True}],
    "imperial-chess": [{"victory": "emperor-empress"}],
}


def random_game(game, seed, options=None):
    rng = random.Random(seed)
    options = game.validate_options(options or {})
    state = game.start(options)
    start, moves = game.format(state), []
    for _ in range(rng.randrange(1, 80)):
        if game.outcome(state) or game.to_move(state) is None:
            break
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)
    return options, start, moves, state


@pytest.mark.parametrize("game", PGN_GAMES, ids=lambda g: g.slug)
@pytest.mark.parametrize("seed", range(8))
def test_an_exported_record_reads_back_as_the_same_game(game, seed):
    variants = [{}, *OPTIONS.get(game.slug, [])]
    options, start, moves, state = random_game(game, seed, variants[seed % len(variants)])
    headers = {game.seats[0]: 'Ann "the bold"', game.seats[1]: "Bob \\ Two"}
    if options:
        headers["Options"] = record.options_tag(options)
    outcome = game.outcome(state) or rules.Outcome(1, "resign")
    text = game.export_record(moves, headers, outcome, game.parse(start))
    read = game.import_record(text)
    assert read.moves == moves and read.start == start and read.options == options
    assert read.names == ('Ann "the bold"', "Bob \\ Two")
    assert read.outcome == outcome


def test_comments_variations_glyphs_and_joined_numbers_are_read_past():
    game = rules.get("empire-chess")
    text = (
        '[Variant "Empire"]\n[White "a"]\n[Black "b"]\n[Result "0-1"]\n'
        '[Termination "timeout"]\n\n'
        "1.Sd4 {[%clk 0:05:00]} e5 $1 (1... e6 2. Sd5) 2. Sd5 ; a line comment\n0-1\n"
    )
    read = game.import_record(text)
    assert read.moves == ["d3d4", "e7e5", "d4d5"]
    assert read.outcome == rules.Outcome(1, "timeout")


def test_the_first_bad_move_is_named():
    game = rules.get("empress")
    _, start, moves, state = random_game(game, 3)
    text = game.export_record(moves[:2], {}, None, game.parse(start))
    broken = text.replace(" *", " Zz9 *")
    with pytest.raises(ValueError, match=r"move 3 \(Zz9\) cannot be read or played here"):
        game.import_record(broken)


def test_a_pychess_pgn_of_the_empire_variant_is_read():
    """As pychess-variants writes a game: its tags, Fairy-Stockfish's SAN, clock comments."""
    sf = oracle.load()
    game = rules.get("empire-chess")
    rng, state = random.Random(7), game.initial()
    start, played, tokens = game.format(state), [], []
    for ply in range(40):
        if game.outcome(state):
            break
        move = rng.choice(game.legal_moves(state))
        fen = sf.get_fen(oracle.VARIANT, start, played)
        san = sf.get_san(oracle.VARIANT, fen, move)
        tokens.append(f"{ply // 2 + 1}. {san}" if ply % 2 == 0 else san)
        tokens.append("{[%clk 0:04:5" + str(ply % 10) + "]}")
        played.append(move)
        state = game.play(state, move)
    text = (
        '[Event "Casual game"]\n[Site "https://www.pychess.org/abcdefgh"]\n'
        '[Date "2026.11.25"]\n[Round "-"]\n[White "Anon-x"]\n[Black "Anon-y"]\n'
        '[Result "1/2-1/2"]\n[TimeControl "300+3"]\n[Variant "Empire"]\n'
        f'[FEN "{start}"]\n[SetUp "1"]\n\n' + " ".join(tokens) + " 1/2-1/2\n"
    )
    read = game.import_record(text)
    assert read.moves == played and read.names == ("Anon-x", "Anon-y")
    assert read.outcome == rules.Outcome(None, "imported")
