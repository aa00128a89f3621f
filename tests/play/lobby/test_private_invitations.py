"""An open private invitation is reached by its link only: every address that reads a game,
and the game's socket, keep to one rule (play.models.Game.readable_by)."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from imperia_site.asgi import application
from play.games import games
from tests.play.snapshot import snapshot

READS = ["", "live/", "record/"]
POSTS = ["move/", "resign/", "chat/", "draw/", "abort/", "dispute/", "join/", "setup/"]


@pytest.fixture
def invitation(ann):
    return games.create(ann, "empire-chess", "white", "invite")


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_no_address_shows_an_open_invitation_to_anyone_but_its_players(
    invitation, make_user, client_of, who
):
    client = Client() if who == "anonymous" else client_of(make_user("cy"))
    before = snapshot(invitation)
    for path in READS:
        response = client.get(f"/g/{invitation.public_id}/{path}")
        assert response.status_code == 404, path
        assert "There is no game at this address" in response.content.decode()
    for path in POSTS:
        response = client.post(
            f"/g/{invitation.public_id}/{path}", {"text": "hi"}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code in (302, 404), path  # 302: the login page, for anonymous
        assert '<svg class="board' not in response.content.decode()
    assert snapshot(invitation) == before


@pytest.mark.django_db
def test_its_creator_the_player_challenged_and_once_joined_everyone_may_read_it(
    invitation, ann, bob, make_user, client_of
):
    for path in READS:
        assert client_of(ann).get(f"/g/{invitation.public_id}/{path}").status_code == 200
    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    assert client_of(bob).get(f"/g/{challenge.public_id}/").status_code == 200
    games.join(invitation, bob)
    for path in READS:
        assert Client().get(f"/g/{invitation.public_id}/{path}").status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_game_socket_keeps_the_same_rule(invitation):
    socket = WebsocketCommunicator(
        application, f"/ws/g/{invitation.public_id}/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    connected, code = await socket.connect()
    assert not connected and code == 4404
    await database_sync_to_async(lambda: None)()


@pytest.mark.django_db
def test_the_player_challenged_accepts_or_declines_on_the_games_page(ann, bob, client_of):
    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    page = client_of(bob).get(f"/g/{challenge.public_id}/").content.decode()
    assert "Accept and play" in page and "Decline" in page
    assert client_of(bob).post(f"/g/{challenge.public_id}/join/").status_code == 302
    challenge.refresh_from_db()
    assert challenge.status == "active" and challenge.player(1) == bob
    other = games.create(ann, "empress", "white", "invite", invited=bob)
    client_of(bob).post(f"/g/{other.public_id}/decline/")
    other.refresh_from_db()
    assert (other.status, other.reason) == ("aborted", "declined")
    assert "Challenge declined" in other.result_text
