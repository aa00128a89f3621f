"""Fairy-Stockfish (pyffish) loaded with pychess's `empire` definition: the reference.

pyffish crashes the interpreter on an unknown variant name, so nothing may call it
before `load()` has run.
"""

from pathlib import Path

import pyffish as sf

VARIANT = "empire"
_loaded = False


def load():
    global _loaded
    if not _loaded:
        sf.load_variant_config((Path(__file__).parents[2] / "bots" / "empire.ini").read_text())
        assert VARIANT in sf.variants()
        _loaded = True
    return sf


def outcome(fen: str, moves: list[str], turn: int):
    """None while the game goes on, else a 1-tuple: the winning seat (None for a draw)."""
    ended, value = sf.is_immediate_game_end(VARIANT, fen, moves)
    if not ended and not sf.legal_moves(VARIANT, fen, moves):
        ended, value = True, sf.game_result(VARIANT, fen, moves)
    if not ended:
        ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return None
    # Values are from the side to move's point of view.
    return (turn if value > 0 else (1 - turn if value < 0 else None),)
