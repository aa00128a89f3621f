"""The reader's looks (play/accounts/looks.py): a theme, the boards' colours and the game's
sounds, chosen at the foot of every page or in the settings; a visitor's kept in cookies, a
player's on their account too and carried into every login; every page drawn in them."""

import re

import pytest
from django.test import Client

from play.accounts import looks
from play.models import Profile

pytestmark = pytest.mark.django_db


def html_tag(client) -> str:
    return re.search(r"<html[^>]*>", client.get("/").content.decode()).group()


def sounds_of(client, game_address) -> str:
    page = client.get(game_address).content.decode()
    return re.search(r'id="sounds" hidden data-sounds="(\w+)"', page).group(1)


def test_a_page_follows_the_device_and_wood_until_the_reader_chooses(client):
    tag = html_tag(client)
    assert "data-theme" not in tag and "data-board" not in tag  # wood is the boards' own


def test_a_visitors_choice_is_kept_in_cookies_and_draws_every_page(client):
    response = client.post(
        "/looks/", {"theme": "dark", "board": "blue", "sounds": "off", "next": "/learn/"}
    )
    assert response.status_code == 302 and response["Location"] == "/learn/"
    browser = Client()  # the cookies alone
    for cookie in ("theme", "board-colours", "sounds"):
        browser.cookies[cookie] = response.cookies[cookie].value
    tag = html_tag(browser)
    assert 'data-theme="dark"' in tag and 'data-board="blue"' in tag
    assert '<option value="off" selected>' in browser.get("/").content.decode()


def test_a_players_choice_is_kept_on_their_account_and_carried_into_a_login(ann, client_of):
    client_of(ann).post("/looks/", {"theme": "contrast", "board": "green", "sounds": "off"})
    profile = Profile.objects.get(user=ann)
    assert (profile.theme, profile.board_colours, profile.sounds) == ("contrast", "green", "off")
    other_device = Client()
    other_device.force_login(ann)
    tag = html_tag(other_device)
    assert 'data-theme="contrast"' in tag and 'data-board="green"' in tag


def test_a_look_not_offered_is_refused_with_a_message_and_nothing_changes(ann, client_of):
    client = client_of(ann)
    response = client.post("/looks/", {"theme": "neon", "board": "blue", "next": "/"}, follow=True)
    assert "Imperia has no such theme, board or sound setting" in response.content.decode()
    assert "board-colours" not in client.cookies and "looks" not in client.session
    assert Profile.objects.filter(user=ann, board_colours="blue").count() == 0


def test_sounds_are_on_by_default_and_a_choice_left_as_it_was_is_no_choice(ann, client_of):
    client = client_of(ann)
    form = {"email_enabled": "on", "digest_hours": "6", "confirm_moves": "always", "email": ""}
    page = client.get("/settings/").content.decode()
    assert re.search(r'<option value="on" selected>On</option>', page)
    # Saved with the sounds as they were, the default still decides for this player.
    client.post("/settings/", {**form, "theme": "dark", "board": "wood", "sounds": "on"})
    profile = Profile.objects.get(user=ann)
    assert (profile.theme, profile.board_colours, profile.sounds) == ("dark", "wood", "")
    client.post("/settings/", {**form, "sounds": "off"})
    profile.refresh_from_db()
    assert (profile.theme, profile.sounds) == ("dark", "off")  # what is left out stays


def test_the_game_page_plays_sounds_as_the_setting_says(ann, bob, client_of, monkeypatch):
    from play.games import games

    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    client = client_of(ann)
    assert sounds_of(client, game.get_absolute_url()) == "on"
    monkeypatch.setattr(looks, "sounds_default", lambda request: False)  # one place decides
    assert sounds_of(client, game.get_absolute_url()) == "off"
    client.post("/looks/", {"sounds": "on"})
    assert sounds_of(client, game.get_absolute_url()) == "on"
    monkeypatch.undo()
    visitor = Client()
    visitor.post("/looks/", {"sounds": "off"})
    assert sounds_of(visitor, game.get_absolute_url()) == "off"


def test_zen_mode_is_drawn_from_its_cookie(client):
    assert "data-zen" not in html_tag(client)
    client.cookies[looks.ZEN_COOKIE] = "1"
    assert "data-zen" in html_tag(client)


def ear_card_first(page: str) -> bool:
    """Whether the game page begins with the Play by ear card, before the board."""
    return page.index('id="ear"') < page.index('class="game"')


def test_play_by_ear_is_off_by_default_and_a_visitor_turns_it_on_from_the_game(ann, bob, client):
    from play.games import games

    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    address = game.get_absolute_url()
    page = client.get(address).content.decode()
    assert not ear_card_first(page) and '<details id="board-words" class="board-words">' in page
    assert "Turn on play by ear" in page and sounds_of(client, address) == "on"
    response = client.post("/looks/", {"ear": "on", "next": f"{address}#ear"})
    assert response.status_code == 302 and response["Location"] == f"{address}#ear"
    browser = Client()  # the cookie alone
    browser.cookies["by-ear"] = response.cookies["by-ear"].value
    page = browser.get(address).content.decode()
    assert ear_card_first(page) and page.count('id="ear"') == 1
    assert '<details id="board-words" class="board-words" open>' in page
    assert "Turn off play by ear" in page and sounds_of(browser, address) == "off"
    browser.post("/looks/", {"ear": "off", "next": address})
    assert (
        sounds_of(browser, address) == "on"
        and "Turn on play by ear" in browser.get(address).content.decode()
    )


def test_play_by_ear_is_kept_on_a_players_account_and_silences_the_sounds_they_left(
    ann, bob, client_of
):
    from play.games import games

    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    client = client_of(ann)
    form = {"email_enabled": "on", "digest_hours": "6", "confirm_moves": "always", "email": ""}
    page = client.get("/settings/").content.decode()
    assert "Play by ear (I use a screen reader)" in page
    assert re.search(
        r'name="ear"[^>]*>\s*<option value="on">On</option>\s*<option value="off" selected>', page
    )
    # The sounds as they were shown (on) are no choice: they follow play by ear, off.
    client.post("/settings/", {**form, "sounds": "on", "ear": "on"})
    profile = Profile.objects.get(user=ann)
    assert (profile.by_ear, profile.sounds) == ("on", "")
    other_device = Client()
    other_device.force_login(ann)
    assert sounds_of(other_device, game.get_absolute_url()) == "off"
    assert ear_card_first(other_device.get(game.get_absolute_url()).content.decode())


def test_sounds_chosen_on_are_heard_by_ear_too(ann, bob, client_of):
    from play.games import games

    address = games.join(games.create(ann, "empress", "white", "seek"), bob).get_absolute_url()
    client = client_of(ann)
    client.post("/looks/", {"ear": "on"})
    assert sounds_of(client, address) == "off"
    client.post("/looks/", {"sounds": "on"})
    assert sounds_of(client, address) == "on" and Profile.objects.get(user=ann).sounds == "on"
    client.post("/looks/", {"ear": "off"})
    client.post("/looks/", {"ear": "on"})
    assert sounds_of(client, address) == "on"  # the player's choice stays theirs
