"""Fairy-Stockfish as Empire Chess's levels use it: a position's move depends on the position
and the level alone, not on what the engine searched before it."""

import pytest

import bots
from bots import fairy
from tests.bots.test_contract import positions


@pytest.fixture
def new_engine(monkeypatch):
    """A process of the engine for this test alone, stopped after it."""
    monkeypatch.setattr(fairy, "_ENGINES", {})
    yield
    fairy.engine()._stop()


def test_a_level_answers_a_position_alike_whatever_the_engine_searched_before(new_engine):
    player = bots.get("empire-chess", level=6)
    player.most_seconds = 60.0  # the count of positions decides, never the clock
    states = positions("empire-chess", count=3, seed=3)
    asked_once = [player.choose(state) for state in states]
    for _ in range(3):
        assert [player.choose(state) for state in states] == asked_once
