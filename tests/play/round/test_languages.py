"""The game in its reader's language: the live board drawn in each language it is read in (and
kept apart), each socket sent its own page's language, refusals said in it. The pseudo-locale
(imperia_site/catalogues.py) stands for a translation: its .mo is compiled from the catalogue."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import translation

from imperia_site.asgi import application
from imperia_site.catalogues import pseudo
from play.common import language
from play.games import games
from play.models import Profile
from play.round import moves, presenter

PSEUDO = "en-xa"


@pytest.fixture(autouse=True)
def _pseudo_offered(settings):
    settings.LANGUAGES = [("en", "English"), (PSEUDO, "Pseudo")]


@pytest.fixture
def game(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek"), bob)


@pytest.mark.django_db
def test_the_live_board_is_drawn_in_each_language_and_kept_apart(game):
    game = presenter.with_view_related(game)
    english = presenter.live_html(game, 0)
    with translation.override(PSEUDO):
        pseudo_board = presenter.live_html(game, 0)
    assert ">Resign</button>" in english and "Your turn." in english
    assert f">{pseudo('Resign')}</button>" in pseudo_board
    assert pseudo("Your turn.") in pseudo_board
    assert pseudo("Turn the board over") in pseudo_board and "Resign" not in pseudo_board
    assert presenter.live_html(game, 0) == english  # the other language's drawing kept apart


def test_a_socket_reads_in_its_sessions_language_else_the_cookie_else_its_browsers(settings):
    def scope(session=None, cookie=None, accept=""):
        return {
            "session": session or {},
            "cookies": {settings.LANGUAGE_COOKIE_NAME: cookie} if cookie else {},
            "headers": [(b"accept-language", accept.encode())] if accept else [],
        }

    assert language.of_socket(scope({"language": PSEUDO}, "en", "en")) == PSEUDO
    assert language.of_socket(scope({"language": "xx"}, PSEUDO, "en")) == PSEUDO
    assert language.of_socket(scope(accept="fr, en-XA;q=0.8")) == PSEUDO
    assert language.of_socket(scope(accept="fr")) == "en"


def logged_in(user, chosen=None) -> bytes:
    client = Client()
    client.force_login(user)
    if chosen:
        session = client.session
        session[language.SESSION_KEY] = chosen
        session.save()
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(game, cookie=b""):
    headers = [(b"origin", b"http://127.0.0.1"), *([(b"cookie", cookie)] if cookie else [])]
    socket = WebsocketCommunicator(application, f"/ws/g/{game.public_id}/", headers=headers)
    assert (await socket.connect(5))[0]
    return socket


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_each_socket_is_sent_the_board_in_its_own_language(game, ann, bob):
    await database_sync_to_async(Profile.objects.update_or_create)(
        user=bob, defaults={"language": PSEUDO}
    )
    player = await connect(game, await database_sync_to_async(logged_in)(bob, PSEUDO))
    # The mover's other page reads in another language than the move was made in.
    mover = await connect(game, await database_sync_to_async(logged_in)(ann, PSEUDO))
    english, other = await connect(game), await connect(game, b"django_language=" + PSEUDO.encode())
    assert pseudo("Resign") in await player.receive_from()
    assert pseudo("Resign") in await mover.receive_from()
    assert "Turn the board over" in await english.receive_from()
    assert pseudo("Turn the board over") in await other.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    # A move's update sends the parts that changed: the squares' words say the language.
    assert pseudo("Resign") in await player.receive_from()  # drawn for it as the move was made
    assert pseudo("Resign") in await mover.receive_from()  # drawn in English, so again for it
    assert "d4, Empire Soldier" in await english.receive_from()
    assert pseudo("Soldier") in await other.receive_from()
    await player.send_to(text_data=json.dumps({"type": "move", "move": "e2e4", "ply": "0"}))
    assert pseudo("That move was made on an old board; here is the current one.") in (
        await player.receive_from()
    )
    for socket in (player, mover, english, other):
        await socket.disconnect()
