"""Each board says what it sounds like (data-sound on #live-revision, play/round/sounds.py):
a move or a capture by its last move, the start before the first, the end once over."""

import re

import pytest

from play.games import games
from play.models import Game
from play.round import moves, presenter, updates

pytestmark = pytest.mark.django_db


def sound(html: str) -> str:
    marks = re.search(r'<input type="hidden" id="live-revision"[^>]*>', html).group()
    return re.search(r'data-sound="([^"]*)"', marks).group(1)


def test_a_game_sounds_its_start_its_moves_its_captures_and_its_end(ann, bob):
    game = games.create(ann, "empire-chess", "white", "seek")
    assert sound(presenter.live_html(game, 0)) == ""  # waiting for an opponent
    game = games.join(game, bob)
    assert sound(presenter.live_html(game, 0)) == "start"
    players = [ann, bob]
    for ply, move in enumerate(["a3a4", "b7b5"]):
        game = moves.submit(game.public_id, players[ply % 2], move, ply)
    assert sound(presenter.live_html(game, 0)) == "move"
    assert sound(updates.update_html(game, 0)) == "move"  # a move's update says it too
    game = moves.submit(game.public_id, ann, "a4b5", 2)
    assert sound(updates.update_html(game, 1)) == "capture"
    assert sound(presenter.live_html(game, None)) == "capture"
    games.resign(game, bob)
    game = Game.objects.get(pk=game.pk)
    assert sound(presenter.live_html(game, 1)) == "capture end"


def test_a_capture_in_empire_is_a_capture_and_a_placing_a_move(ann, bob):
    game = games.join(games.create(ann, "empire", "white", "seek", {"width": 8, "height": 8}), bob)
    players = [ann, bob]
    for ply, point in enumerate(["c2", "h8", "d3", "h7", "c4", "c3"]):
        game = moves.submit(game.public_id, players[ply % 2], point, ply)
    assert sound(updates.update_html(game, 0)) == "move"
    game = moves.submit(game.public_id, ann, "b3", 6)  # rings c3
    assert sound(updates.update_html(game, 1)) == "capture"


def test_an_aborted_game_sounds_its_end(ann, bob):
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    games.abort(game, ann)
    assert sound(presenter.live_html(Game.objects.get(pk=game.pk), 1)) == "end"


def test_only_the_players_own_live_clock_says_when_its_time_is_low(ann, bob):
    live = {"kind": "live", "minutes": 5, "increment": 3}
    game = games.join(games.create(ann, "empire-chess", "white", "seek", time_control=live), bob)
    mine, theirs = presenter.live_html(game, 0), presenter.live_html(game, 1)
    assert 'data-low-time="60000"' in mine  # a fifth of five minutes, in ms
    assert "data-low-time" not in theirs and "data-low-time" not in presenter.live_html(game, None)
    days = {"kind": "days", "days": 3}
    game = games.join(games.create(ann, "empress", "white", "seek", time_control=days), bob)
    assert "data-low-time" not in presenter.live_html(game, 0)  # mail tells of it, not a beep
