"""`manage.py make_puzzles`: puzzles found in the computer's games against itself, added to the
game's file once each, every one a line that wins."""

import json

import pytest
from django.core.management import CommandError, call_command

import rules
from bots import tactics
from play.puzzles import catalogue


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogue, "DATA", tmp_path)
    catalogue._read.cache_clear()
    catalogue._by_id.cache_clear()
    yield tmp_path
    catalogue._read.cache_clear()
    catalogue._by_id.cache_clear()


def test_it_adds_puzzles_that_win_and_never_the_same_one_twice(data, capsys):
    call_command("make_puzzles", "imperial-shuffle", "--count", "3")
    call_command("make_puzzles", "imperial-shuffle", "--count", "2")  # the same games again
    rows = [json.loads(line) for line in (data / "imperial-shuffle.jsonl").read_text().splitlines()]
    assert len(rows) == 5 and len({row["id"] for row in rows}) == 5
    game = rules.get("imperial-shuffle")
    for row in rows:
        state = game.with_options(game.parse(row["position"]), row["options"])
        end = state
        for move in row["line"]:
            end = game.play(end, move)
        assert tactics.solved(game, state, end, game.to_move(state))
        assert row["source"].startswith("self-play seed ")
    assert "3 puzzles made" in capsys.readouterr().out


def test_it_refuses_a_count_out_of_bounds(data):
    with pytest.raises(CommandError):
        call_command("make_puzzles", "empress", "--count", "0")
    assert not (data / "empress.jsonl").exists()
