"""The game chat, and rematches."""

import pytest
from django.contrib.auth.models import AnonymousUser

from play.common.errors import Refused
from play.games import games
from play.models import Game
from play.round import chat, offers

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_players_chat_spectators_read_only_finished_games(active_game, client_of, ann, bob, client):
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/chat/", {"text": "  good   luck "}, **HTMX
    )
    assert response.status_code == 200 and "good luck" in response.content.decode()
    assert "good luck" in client_of(bob).get(f"/g/{active_game.public_id}/").content.decode()
    assert "good luck" not in client.get(f"/g/{active_game.public_id}/").content.decode()
    with pytest.raises(Refused, match="Only the two players"):
        chat.post(active_game, AnonymousUser(), "hi")
    games.resign(active_game, bob)
    assert "good luck" in client.get(f"/g/{active_game.public_id}/").content.decode()


def test_empty_or_long_messages_are_refused(active_game, ann):
    with pytest.raises(Refused, match="Write something"):
        chat.post(active_game, ann, "   ")
    with pytest.raises(Refused, match="under 500"):
        chat.post(active_game, ann, "x" * 501)
    with pytest.raises(Refused, match="null characters"):  # PostgreSQL could not store it
        chat.post(active_game, ann, "gg\x00")


def test_a_rematch_swaps_sides_and_keeps_the_clock(ann, bob, clock):
    game = games.join(
        games.create(ann, "empress", "white", "seek", None, {"kind": "days", "days": 2}), bob
    )
    with pytest.raises(Refused, match="after the game"):
        offers.rematch(game, ann, "offer")
    games.resign(game, bob)
    assert offers.rematch(game, bob, "offer") is None
    new = offers.rematch(game, ann, "accept")
    assert new.status == Game.Status.ACTIVE and new.game_slug == "empress"
    assert new.seat_of(ann).index == 1 and new.seat_of(bob).index == 0
    assert new.time_control == {"kind": "days", "days": 2}
    assert offers.accepted_rematch(Game.objects.get(pk=game.pk)).result_game == new


def test_the_page_offers_and_links_the_rematch(active_game, client_of, ann, bob):
    games.resign(active_game, bob)
    url = f"/g/{active_game.public_id}/rematch/"
    assert "Offer a rematch" in client_of(ann).get(f"/g/{active_game.public_id}/").content.decode()
    client_of(ann).post(url, {"action": "offer"}, **HTMX)
    html = client_of(bob).get(f"/g/{active_game.public_id}/live/", **HTMX).content.decode()
    assert "Your opponent offers a rematch." in html
    html = client_of(bob).post(url, {"action": "accept"}, **HTMX).content.decode()
    assert "Go to the rematch" in html


def test_a_finished_game_has_no_move_box(active_game, client_of, ann, bob):
    """Nothing is played in a game that is over: its page has no box to type a move, and its
    board says it is over, which hides the box on a page that saw the game end."""
    page = client_of(ann).get(f"/g/{active_game.public_id}/").content.decode()
    assert 'id="move-input"' in page and "data-over" not in page
    games.resign(active_game, bob)
    page = client_of(ann).get(f"/g/{active_game.public_id}/").content.decode()
    assert 'id="move-input"' not in page and "Type a move" not in page
    assert '<div id="live" class="live" data-over' in page
