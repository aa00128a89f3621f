"""Anonymous players are hidden in the API as on the pages: no call finds one by its account's
name, nobody challenges one, and a game shows one as "Anonymous", never that name."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from play.api import games as api_games
from play.models import GUEST_PREFIX, ChatMessage, Game
from play.round import chat

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest_game(bob):
    """A visitor's casual invitation, joined by bob: the visitor is an anonymous player."""
    visitor = Client()
    form = {"listing": "invite", "game": "empress", "side": "white", "time_control": "none"}
    visitor.post("/new/", form)
    game = Game.objects.get()
    from play.games import games

    games.join(game, bob)
    guest = get_user_model().objects.get(username__startswith=GUEST_PREFIX)
    return Game.objects.get(pk=game.pk), guest


@pytest.mark.parametrize("path", ["/api/user/{}", "/api/games/user/{}"])
def test_no_call_finds_an_anonymous_player(guest_game, api, ann, path):
    _, guest = guest_game
    for name in (guest.username, guest.username.upper()):
        answer = api(ann).get(path.format(name))
        assert answer.status_code == 404 and answer.json()["error"] == "There is no such player."


def test_nobody_challenges_an_anonymous_player(guest_game, api, ann):
    _, guest = guest_game
    answer = api(ann).post(f"/api/challenge/{guest.username}", {"variant": "empress"})
    assert answer.status_code == 404
    assert Game.objects.count() == 1


def test_a_game_shows_an_anonymous_player_as_anonymous(guest_game, api, bob, rf):
    game, guest = guest_game
    chat.post(game, guest, "good luck")
    assert ChatMessage.objects.exists()
    exported = Client().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json")
    record = Client().get(f"/game/export/{game.public_id}")
    full = api_games.full(game, [], bob)
    event = api_games.for_player(game, 1)
    shown = [exported.content.decode(), record.content.decode(), str(full), str(event)]
    for text in shown:
        assert guest.username not in text and "Anonymous" in text, text
