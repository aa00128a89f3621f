"""The home page a visitor sees: the five games, each with a board, a sentence and its ways in;
the games being played now as small boards that watch them, redrawn by the home page's socket
as they move; quick pairing's grid."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings
from django.utils.html import escape

import rules
from imperia_site.asgi import application
from play.computer import opponents
from play.games import games
from play.lobby import watching
from play.models import Game
from play.push import live
from play.round import moves

ORIGIN = [(b"origin", b"http://127.0.0.1")]


def vs(first: str, second: str) -> str:
    """Who plays a game, as a small board says it: names, marked as not to be translated."""
    return f'<span translate="no">{first}</span> vs <span translate="no">{second}</span>'


def played(ann, bob, slug, *texts):
    game = games.join(games.create(ann, slug, "white", "seek"), bob)
    for ply, text in enumerate(texts):
        moves.submit(game.public_id, (ann, bob)[ply % 2], text, ply)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_visitor_sees_the_five_games_each_with_its_ways_in():
    page = Client().get("/").content.decode()
    for game_rules in rules.games():
        card = page[page.index(f"<h3>{game_rules.name}</h3>") :].split("</li>")[0]
        assert escape(watching.SENTENCES[game_rules.slug]) in card
        assert '<svg class="board' in card  # a position of it, no game of it being in play
        assert f'href="/learn/{game_rules.slug}/"' in card
        assert f'href="/computer/?game={game_rules.slug}"' in card
        assert f'href="/rules/{game_rules.slug}/"' in card
    assert "Quick pairing" in page and 'aria-label="Empress, 3+2"' in page
    assert "Being played now" not in page  # nothing is
    assert "Create the link" in page and 'type="checkbox" name="rated"' not in page


@pytest.mark.django_db
def test_the_games_in_play_are_shown_latest_moved_first_each_a_link_that_watches_it(ann, bob):
    older = played(ann, bob, "empire-chess", "e3e4")
    newer = played(ann, bob, "empire-chess", "d3d4")
    empress = played(ann, bob, "empress", "Q@d4")
    page = Client().get("/").content.decode()
    card = page[page.index("<h3>Empire Chess</h3>") :].split("</li>")[0]
    assert f'id="mini-{newer.public_id}" href="/g/{newer.public_id}/"' in card
    assert "Empire Chess: " + vs("ann", "bob") + "<br>Black to move" in card
    now = page[page.index("Being played now") :]
    assert f'href="/g/{older.public_id}/"' in now and f"mini-{newer.public_id}" not in now
    socket_games = re.search(r'ws-connect="/ws/now/\?games=([^"]+)"', page).group(1)
    shown = {f"{game.public_id}:{game.revision}" for game in (empress, newer, older)}
    assert set(socket_games.split(",")) == shown  # each at the revision it is drawn at


@pytest.mark.django_db
def test_a_player_with_an_account_sees_their_games_first(ann, client_of):
    page = client_of(ann).get("/").content.decode()
    assert "Your turn" in page and "game-cards" not in page and "/ws/now/" not in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_home_socket_redraws_a_shown_game_as_it_moves(ann, bob):
    game = await database_sync_to_async(played)(ann, bob, "empire-chess", "e3e4")
    socket = WebsocketCommunicator(application, f"/ws/now/?games={game.public_id}", ORIGIN)
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_from()
    assert f'hx-swap-oob="true" class="mini-board" id="mini-{game.public_id}"' in first
    assert "Black to move" in first
    await database_sync_to_async(moves.submit)(game.public_id, bob, "e7e5", 1)
    after = await socket.receive_from()
    assert f'id="mini-{game.public_id}"' in after and "White to move" in after
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_home_socket_sends_a_shown_game_once_a_revision(ann, bob):
    game = await database_sync_to_async(played)(ann, bob, "empire-chess", "e3e4")
    address = f"/ws/now/?games={game.public_id}:{game.revision}"
    socket = WebsocketCommunicator(application, address, ORIGIN)
    assert (await socket.connect())[0]
    for ply, (mover, move, after) in enumerate(
        [(bob, "e7e5", "White to move"), (ann, "d3d4", "Black to move")], start=1
    ):
        await database_sync_to_async(moves.submit)(game.public_id, mover, move, ply)
        assert after in await socket.receive_from()
        # The game's group told again at the same revision (a premove kept, for its player's
        # pages): nothing for the home page, so the next message is the next move's.
        now = await database_sync_to_async(Game.objects.get)(pk=game.pk)
        await database_sync_to_async(live.broadcast)(now, to=[0])
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_home_sockets_first_message_redraws_only_the_boards_that_changed(ann, bob):
    """A page's boards drawn at their games' revisions are not drawn again as its socket opens
    (a phone's processor has better to do); one whose game moved since the page is."""
    still = await database_sync_to_async(played)(ann, bob, "empire-chess", "e3e4")
    moved = await database_sync_to_async(played)(ann, bob, "empress", "Q@d4")
    address = (
        f"/ws/now/?games={still.public_id}:{still.revision},{moved.public_id}:{moved.revision}"
    )
    await database_sync_to_async(moves.submit)(moved.public_id, bob, "Q@e5", 1)
    socket = WebsocketCommunicator(application, address, ORIGIN)
    assert (await socket.connect())[0]
    first = await socket.receive_from()
    assert f'id="mini-{moved.public_id}"' in first and f'id="mini-{still.public_id}"' not in first
    assert await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "query",
    [
        "games=a,b;c",
        "games=a:1:2",
        "games=a:x",
        "games=a:%d9%a3",
        "games=a:99999999999",
        "games=" + ",".join(["abc"] * 12),
        "games=a&games=b",
        "games=%ff",
    ],
)
async def test_the_home_socket_refuses_a_malformed_address(query):
    socket = WebsocketCommunicator(application, f"/ws/now/?{query}", ORIGIN)
    connected, code = await socket.connect()
    assert not connected and code == 4400


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_home_socket_never_shows_an_open_invitation(ann):
    invitation = await database_sync_to_async(games.create)(ann, "empress", "white", "invite")
    socket = WebsocketCommunicator(application, f"/ws/now/?games={invitation.public_id}", ORIGIN)
    connected, _ = await socket.connect()
    assert connected and await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.django_db
def test_a_visitor_who_signs_up_is_shown_by_their_new_name(make_user, client_of):
    """The boards drawn once per revision are drawn again when a player's name changes: a
    visitor's game, on the home page's card and on its own page, names them once signed up."""
    visitor = make_user("anonymous-0a1b2c3d4e5f")
    game = opponents.start(visitor, "empire-chess", 1, "white")
    moves.submit(game.public_id, visitor, "e3e4", 0)
    looker = Client()
    assert "Empire Chess: " + vs("Anonymous", "Imperia level 1") in looker.get("/").content.decode()
    assert "Anonymous" in looker.get(game.get_absolute_url()).content.decode()
    signup = {"username": "newcomer", "password1": "a-long-passphrase",
              "password2": "a-long-passphrase"}  # fmt: skip
    assert client_of(visitor).post("/signup/", signup).status_code == 302
    assert "Empire Chess: " + vs("newcomer", "Imperia level 1") in looker.get("/").content.decode()
    page = looker.get(game.get_absolute_url()).content.decode()
    assert "newcomer" in page and "Anonymous" not in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
async def test_the_home_socket_draws_its_boards_in_each_pages_language(ann, bob):
    """Two home pages, in two languages, watching one game: each is redrawn in its own."""
    game = await database_sync_to_async(played)(ann, bob, "empire-chess", "e3e4")
    address = f"/ws/now/?games={game.public_id}"
    english = WebsocketCommunicator(application, address, ORIGIN)
    accented = WebsocketCommunicator(
        application, address, [*ORIGIN, (b"accept-language", b"en-xa")]
    )
    for socket in (english, accented):
        assert (await socket.connect())[0]
    assert "Black to move" in await english.receive_from()
    assert "Black to move" not in await accented.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, bob, "e7e5", 1)
    english_after, accented_after = await english.receive_from(), await accented.receive_from()
    assert "White to move" in english_after
    assert "White to move" not in accented_after and "ţö ɱöṽé" in accented_after
    for socket in (english, accented):
        await socket.disconnect()
