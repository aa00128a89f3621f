"""Lobby, creating a game, seeks and invitation links."""

import pytest

from play.games import games
from play.models import Game

pytestmark = pytest.mark.django_db


def test_lobby_lists_open_seeks_not_invitations(ann, client):
    games.create(ann, "empire-chess", "white", "seek")
    games.create(ann, "empire-chess", "white", "invite")
    html = client.get("/").content.decode()
    assert html.count("<td>Empire Chess</td>") == 1
    assert "Log in to accept" in html


def test_the_game_menu_comes_from_the_rules_package(ann, client_of):
    html = client_of(ann).get("/").content.decode()
    assert '<option value="empire-chess"' in html


def test_create_a_seek_and_another_player_accepts_it(ann, bob, client_of):
    response = client_of(ann).post(
        "/new/",
        {"game": "empire-chess", "side": "black", "time_control": "none", "listing": "seek"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/g/{game.public_id}/"
    assert "Accept" in client_of(bob).get("/").content.decode()
    response = client_of(bob).post(f"/g/{game.public_id}/join/")
    game.refresh_from_db()
    assert response.status_code == 302 and game.status == "active"
    assert game.seat_of(bob).index == 0


def test_create_refuses_a_bad_form(ann, client_of):
    response = client_of(ann).post("/new/", {"game": "chess", "side": "white", "listing": "seek"})
    assert response.status_code == 400 and not Game.objects.exists()
    # Each field's problem is said, with the field's name.
    assert "Game: Select a valid choice" in response.content.decode()
    fields = {"game": "empire", "side": "white", "listing": "seek", "time_control": "none"}
    response = client_of(ann).post("/new/", {**fields, "width": "7"})
    assert "Width: Enter a whole number from 8 to 40" in response.content.decode()


def test_invitation_link_is_the_only_way_in(ann, bob, client_of):
    game = games.create(ann, "empire-chess", "white", "invite")
    html = client_of(ann).get(f"/g/{game.public_id}/").content.decode()
    assert f"/invite/{game.invite_token}" in html
    assert 'data-copy="invite-link" data-said="invite-copied"' in html  # its Copy button
    # Others can neither see the private game nor join it by its public id.
    assert client_of(bob).get(f"/g/{game.public_id}/").status_code == 404
    assert client_of(bob).post(f"/g/{game.public_id}/join/").status_code == 404
    page = client_of(bob).get(f"/invite/{game.invite_token}")
    assert "ann invites you to play Empire Chess" in page.content.decode()
    response = client_of(bob).post(f"/invite/{game.invite_token}")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "active" and game.seat_of(bob).index == 1
    # Once started, the link shows the game.
    assert client_of(bob).get(f"/invite/{game.invite_token}").status_code == 302


def test_a_rated_invitation_asks_visitors_to_log_in(ann, client):
    game = games.create(ann, "empire-chess", "white", "invite", None, {"kind": "days", "days": 3},
                        rated=True)  # fmt: skip
    assert "to accept" in client.get(f"/invite/{game.invite_token}").content.decode()
    response = client.post(f"/invite/{game.invite_token}")
    assert response.status_code == 302 and "/login/" in response.url
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    assert client.get("/invite/not-a-token").status_code == 404


def test_the_seek_filter_shows_the_choice_made_each_time(ann, client_of):
    """Its widgets are drawn once per value (game_forms.widget): each choice shows as made."""

    def chosen(html):
        menu = html[html.index('<select name="game" id="seeks_game">') :]
        menu = menu[: menu.index("</select>")]
        return [o.split('"')[1] for o in menu.split("<option value=")[1:] if " selected>" in o]

    client = client_of(ann)
    assert chosen(client.get("/", {"game": "empire"}).content.decode()) == ["empire"]
    assert chosen(client.get("/", {"game": "empress"}).content.decode()) == ["empress"]
    assert chosen(client.get("/").content.decode()) == [""]


def test_a_refused_form_marks_its_own_field_not_the_next_blank_one(ann, client_of):
    """A bound form's widgets are drawn with what was typed and what was wrong with it."""
    client = client_of(ann)
    fields = {"game": "empire", "side": "white", "time_control": "none", "listing": "nowhere"}
    html = client.post("/new/", fields).content.decode()
    listing = html[html.index("<legend>Opponent</legend>") :][:600]
    assert 'aria-invalid="true"' in listing
    listing = client.get("/").content.decode()
    listing = listing[listing.index("<legend>Opponent</legend>") :][:600]
    assert 'aria-invalid="true"' not in listing


def test_a_new_game_is_on_a_live_clock_unless_another_is_chosen_and_the_form_says_so(
    ann, client_of, client
):
    """A friend sent an invitation plays at once, each move played as made; the computer's
    games keep no clock unless one is chosen."""
    for page in (client.get("/").content.decode(), client_of(ann).get("/").content.decode()):
        new_game = page[page.index('id="new-h"') :]
        assert '<option value="live" selected>' in new_game
        assert "A live clock unless you choose another" in new_game
        computer = page[page.index('id="computer_time_control"') :].split("</select>")[0]
        assert '<option value="none" selected>' in computer
