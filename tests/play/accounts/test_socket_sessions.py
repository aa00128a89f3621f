"""A socket serves the login it was opened with, and no longer: logging out, or changing the
password, closes that login's open sockets before anything private reaches them."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from imperia_site.asgi import application
from play.games import games
from play.round import chat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
ORIGIN = (b"origin", b"http://127.0.0.1")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def socket(path, client: Client) -> WebsocketCommunicator:
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, (b"cookie", cookie)])
    assert (await communicator.connect())[0]
    await communicator.receive_from()  # the first board, or the bell
    return communicator


async def closed(communicator) -> int:
    """The code the server closed the socket with; fails if anything else came first."""
    message = await communicator.receive_output(timeout=2)
    assert message["type"] == "websocket.close", message.get("text", message)[:200]
    return message["code"]


@pytest.fixture
def game(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek"), bob)


async def test_logging_out_closes_that_logins_sockets_before_the_next_private_chat(game, ann, bob):
    laptop = await database_sync_to_async(logged_in)(bob)
    phone = await database_sync_to_async(logged_in)(bob)
    on_laptop = await socket(f"/ws/g/{game.public_id}/", laptop)
    bell_on_laptop = await socket("/ws/me/", laptop)
    on_phone = await socket(f"/ws/g/{game.public_id}/", phone)
    await database_sync_to_async(laptop.post)("/logout/")
    assert await closed(on_laptop) == 4401 and await closed(bell_on_laptop) == 4401
    await database_sync_to_async(chat.post)(game, ann, "a private word")
    assert "a private word" in await on_phone.receive_from()  # the other login goes on
    await on_phone.disconnect()


async def test_changing_the_password_closes_the_other_logins_sockets(game, ann, bob):
    laptop = await database_sync_to_async(logged_in)(bob)
    phone = await database_sync_to_async(logged_in)(bob)
    on_phone = await socket(f"/ws/g/{game.public_id}/", phone)
    bell_on_phone = await socket("/ws/me/", phone)
    new = "another-long-passphrase"
    form = {"old_password": "a-long-passphrase", "new_password1": new, "new_password2": new}
    response = await database_sync_to_async(laptop.post)("/password/change/", form)
    assert response.status_code == 302
    assert await closed(on_phone) == 4401 and await closed(bell_on_phone) == 4401
    on_laptop = await socket(f"/ws/g/{game.public_id}/", laptop)  # the new login's socket
    await database_sync_to_async(chat.post)(game, ann, "still here?")
    assert "still here?" in await on_laptop.receive_from()
    await on_laptop.disconnect()


async def test_a_spectators_socket_is_untouched_by_a_players_logout(game, ann, bob, make_user):
    cy = await database_sync_to_async(make_user)("cy")
    watching = await socket(f"/ws/g/{game.public_id}/", await database_sync_to_async(logged_in)(cy))
    await database_sync_to_async(lambda: logged_in(bob).post("/logout/"))()
    await asyncio.sleep(0.1)
    assert await watching.receive_nothing(0.2)
    await watching.disconnect()
