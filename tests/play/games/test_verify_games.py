"""`manage.py verify_games` while games are played: each game is read with its moves in one
snapshot, so a move committed during the run is never taken for a disagreement."""

import threading

import pytest
from django.core.management import call_command
from django.db import connection

from play.management.commands import verify_games
from play.models import Game
from play.round import moves

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_move_committed_while_a_game_is_verified_is_no_disagreement(
    active_game, ann, monkeypatch, capsys
):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps its write lock through the read: no move commits meanwhile")
    real_rebuild = verify_games.rebuild

    def rebuild_after_a_move(game):
        """The game has been read; a player's move commits before its log is."""

        def move():
            try:
                moves.submit(game.public_id, ann, "d3d4", 0)
            finally:
                connection.close()

        player = threading.Thread(target=move)
        player.start()
        player.join()
        return real_rebuild(game)

    monkeypatch.setattr(verify_games, "rebuild", rebuild_after_a_move)
    call_command("verify_games")
    assert "1 games checked, 0 disagree." in capsys.readouterr().out
    assert Game.objects.get(pk=active_game.pk).ply == 1  # the move was played meanwhile
