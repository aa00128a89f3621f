import pytest

from play.games import games
from play.round import moves

pytestmark = pytest.mark.django_db


def test_empire_chess_exports_pgn(active_game, ann, bob, client):
    for ply, move in enumerate(["d3d4", "e7e5", "d4d5"]):
        moves.submit(active_game.public_id, ann if ply % 2 == 0 else bob, move, ply)
    games.resign(active_game, bob)
    response = client.get(f"/g/{active_game.public_id}/record/")
    text = response.content.decode()
    assert response["Content-Type"].startswith("application/x-chess-pgn")
    assert "attachment" in response["Content-Disposition"]
    for tag in (
        '[Variant "Empire"]',
        '[SetUp "1"]',
        '[White "ann"]',
        '[Black "bob"]',
        '[Result "1-0"]',
    ):
        assert tag in text
    assert '[FEN "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"]' in text
    assert "1. Sd4 e5 2. Sd5 1-0" in text


def test_empress_exports_a_text_record(ann, bob, client):
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    response = client.get(f"/g/{game.public_id}/record/")
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="imperia-empress-{game.public_id}.txt"' in response["Content-Disposition"]
    assert '[Game "Empress"]' in response.content.decode()
    assert "1. Q@d4 *" in response.content.decode()
