"""Play by ear on the game page: the board in words, each move read out with what it did,
and what stands on a square or point."""

import re
from html import unescape

import pytest
from django.utils import translation

from play.games import games
from play.games.lifecycle import moves_and_state
from play.round import ear, moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Empire Chess: White's Tower takes on c8 and mates (tests/e2e/test_play_a_game.py).
MATE = ["f3f4", "b7b6", "h1d5", "c7c5", "c1b2", "d8c7", "f4f5", "a7a5",
        "d1g4", "g8h6", "d5c5", "c7g3", "b2f2", "g3f4", "c5c8"]  # fmt: skip
SHUFFLE = ("Cr,Cb,Eb,Ng|Ng,Cb,Nr,Cg|Nr,Cy,Cy,Ny|Ny,Hb,Cg,Cr",
           "Cy,Cg,Nr,Cr|Cb,Hr,Cb,Er|Ny,Nr,Ny,Cg|Ng,Cr,Ng,Cy")  # fmt: skip


def play(game, players, texts):
    for text in texts:
        game.refresh_from_db()
        moves.submit(game.public_id, players[game.ply % 2], text, game.ply)
    game.refresh_from_db()


def said(html: str) -> dict:
    tag = re.search(r'<span id="live-said"[^>]*>', html)[0]
    return {k: unescape(v) for k, v in re.findall(r'data-(\w+)="([^"]*)"', tag)}


def test_the_game_page_has_the_board_in_words_and_the_keys(ann, bob, client_of):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    html = client_of(bob).get(f"/g/{game.public_id}/").content.decode()
    assert 'href="#ear"' in html and 'id="ear-said" class="ear-said" role="status"' in html
    words = re.search(r'<div id="board-words-list">(.*?)</div>', html, re.S)[1]
    assert "<li>e1, Empire Kaiser</li>" in words and "<li>e8, Kingdom King</li>" in words
    assert "empty" not in words
    assert "<kbd>c</kbd> reads the clocks" in html and "<kbd>m</kbd>" in html


def test_a_capture_and_a_mate_are_read_out_with_the_end(ann, bob, client_of):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    play(game, (ann, bob), MATE[:10])
    live = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert said(live)["move"] == "Black: Nh6." and "end" not in said(live)
    play(game, (ann, bob), MATE[10:11])  # the Tower takes the pawn on c5
    live = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert said(live)["move"] == "White: Txc5, takes Kingdom Pawn on c5."
    play(game, (ann, bob), MATE[11:])
    live = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert said(live)["move"].startswith("White: Txc8") and said(live)["move"].endswith(", check.")
    assert said(live)["end"] == "Game over: White wins (checkmate)."


def test_a_move_pushed_to_the_other_page_carries_its_words(ann, bob):
    from play.round import updates

    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    play(game, (ann, bob), MATE[:1])
    update = updates.update_html(game, 1)
    assert said(update)["move"] == "White: f4." and 'hx-swap-oob="true"' in update


def test_what_stands_on_a_square_or_point(ann, bob, client_of):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    client, url = client_of(ann), f"/g/{game.public_id}/words/"
    assert client.get(url, {"at": "E1"}, **HTMX).content.decode() == "e1, Empire Kaiser."
    assert client.get(url, {"at": "e4"}, **HTMX).content.decode() == "e4: nothing."
    refused = client.get(url, {"at": "z99"}, **HTMX).content.decode()
    assert refused == "z99 is no square or point of this board: type one like a1."
    long = client.get(url, {"at": "x" * 500}, **HTMX).content.decode()
    assert long.startswith("xxxxxxxx is no square") and len(long) < 100
    assert client.get(url, {"at": " "}, **HTMX).content.decode().startswith("Type a square")


def test_empire_is_read_by_its_stones_and_areas(ann, bob, client_of):
    game = games.join(
        games.create(ann, "empire", "white", "seek", options={"width": 8, "height": 8}), bob
    )
    play(game, (ann, bob), ["c2", "h8", "d3", "h7", "c4", "c3", "b3"])
    live = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert said(live)["move"] == "Circles: b3, captures 1 piece."
    words = unescape(client_of(bob).get(f"/g/{game.public_id}/words/", **HTMX).content.decode())
    assert "<li>c3, captured cross</li>" in words and "area taken by circles, 1 point" in words
    assert words.count("<li>") == 12  # eleven stones (four from the start), one area
    client, url = client_of(bob), f"/g/{game.public_id}/words/"
    assert client.get(url, {"at": "b3"}, **HTMX).content == b"b3, circle."
    assert client.get(url, {"at": "h1"}, **HTMX).content == b"h1: nothing."
    assert b"no square" in client.get(url, {"at": "i9"}, **HTMX).content


def test_imperial_shuffle_is_read_board_by_board(ann, bob, client_of):
    game = games.join(games.create(ann, "imperial-shuffle", "white", "seek"), bob)
    url = f"/g/{game.public_id}"
    a, b = client_of(ann), client_of(bob)
    a.post(f"{url}/setup/", {"action": "load", "arrangement": SHUFFLE[0]}, **HTMX)
    b.post(f"{url}/setup/", {"action": "load", "arrangement": SHUFFLE[1]}, **HTMX)
    for client in (a, b):
        client.post(f"{url}/setup/", {"action": "submit"}, **HTMX)
    answer = unescape(a.get(f"{url}/words/", {"at": "a1"}, **HTMX).content.decode())
    assert answer == "Your board: a1, yellow Noble; bob's board: a1, green Noble."
    words = a.get(f"{url}/words/", **HTMX).content.decode()
    assert words.count("board:</li>") == 2


def test_a_move_is_read_out_with_the_readers_own_punctuation(ann, bob):
    """Japanese joins the parts of a move read out with its own comma, and ends it with its
    own full stop."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    play(game, (ann, bob), MATE)
    moves_played, state = moves_and_state(game)
    with translation.override("ja"):
        read = ear.move_said(game, moves_played, state)
    assert read.count("、") >= 2 and read.endswith("。") and ", " not in read
