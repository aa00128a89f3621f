"""Empress on the game page: the phase, the reserves, placing from them, the fields."""

import re
from html import unescape

import pytest

from play.games import games
from play.round import moves
from tests.play.pages import clicks_in

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
OPENING = ["Q@a1", "Q@h8", "Q@b1", "Q@g8", "Q@c1", "Q@f8", "E@d4", "E@e5"]


@pytest.fixture
def empress_game(ann, bob):
    return games.join(games.create(ann, "empress", "white", "seek"), bob)


def play(game, ann, bob, texts):
    for text in texts:
        game.refresh_from_db()
        moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)


def test_the_lobby_offers_empress(ann, client_of):
    assert '<option value="empress"' in client_of(ann).get("/").content.decode()


def test_the_opening_phase_and_the_reserves_are_shown(empress_game, client_of, ann):
    html = client_of(ann).get(f"/g/{empress_game.public_id}/").content.decode()
    assert "Opening: White places Queen 1 of 3 on any empty square." in html
    assert 'aria-label="White\'s reserve"' in html and "×8" in html
    assert 'id="show-fields"' in html
    assert "Q@d4" in html  # the typed box's notation help


def test_placing_from_the_reserve_by_two_clicks(empress_game, client_of, ann):
    client = client_of(ann)
    url = f"/g/{empress_game.public_id}"
    html = client.get(f"{url}/live/", **HTMX).content.decode()
    assert 'hx-get="/g/' in html and "select=Q%40" in html  # the reserve Queen is clickable
    html = unescape(client.get(f"{url}/live/", {"select": "Q@"}, **HTMX).content.decode())
    assert "Selected a piece from your reserve" in html
    assert len(re.findall(r"move here", html)) == 64
    assert '"move": "Q@d4"' in clicks_in(html)["d4"]["hx-vals"]
    response = client.post(f"{url}/move/", {"move": "Q@d4", "ply": "0"}, **HTMX)
    assert response.status_code == 200 and ">Q@d4</a>" in response.content.decode()


def test_the_opponents_reserve_is_not_clickable(empress_game, client_of, bob):
    html = client_of(bob).get(f"/g/{empress_game.public_id}/live/", **HTMX).content.decode()
    assert "select=" not in html and "Waiting for White." in html


def test_in_play_the_fields_and_protection_are_drawn_and_named(empress_game, client_of, ann, bob):
    play(empress_game, ann, bob, OPENING)
    html = client_of(ann).get(f"/g/{empress_game.public_id}/live/", **HTMX).content.decode()
    assert "Play: move a Queen or the Empress" in html and "Your turn." in html
    assert "neutral, in both fields" in html and "White&#x27;s field" in html
    assert 'class="field-mark neutral-mark"' in html
    # a1 and h8 are the first pieces on the rays of their own Empress along the long diagonal.
    assert 'aria-label="a1, White Queen, White&#x27;s field, protected"' in html
    assert 'aria-label="h8, Black Queen, Black&#x27;s field, protected"' in html
    assert html.count('href="#lv-s3"') == 2  # the protected ring, drawn once in the board's defs


def test_a_capture_shows_the_prisoner(empress_game, client_of, ann, bob):
    play(empress_game, ann, bob, ["Q@a1", "Q@a8", "Q@h1", "Q@h8", "Q@c3", "Q@f6", "E@b7", "E@g2"])
    play(empress_game, ann, bob, ["c3f6"])
    html = client_of(bob).get(f"/g/{empress_game.public_id}/live/", **HTMX).content.decode()
    assert 'title="Black Queen"' in html  # White holds a Black Queen prisoner
    assert ">c3f6</a>" in html
