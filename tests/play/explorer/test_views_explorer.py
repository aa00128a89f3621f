"""The explorer on the analysis board: opened by its button or an address, its moves each a
link that plays it there, its speeds; refused beside a live game in play; bad input a 400."""

import html

import pytest

from tests.play.explorer.test_openings import DAYS, played, resigned

pytestmark = pytest.mark.django_db
URL = "/analysis/empire-chess/"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def explored(ann, bob):
    """Two finished rated games: d3d4 won by White (live), c3c4 lost (correspondence)."""
    resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)
    resigned(played(ann, bob, ["c3c4"], time_control=DAYS), ann)


def test_the_board_offers_the_explorer_and_opens_it_with_the_moves_played(client, explored):
    shut = client.get(URL).content.decode()
    assert "Opening explorer" in shut and "explorer=1" in shut and "<table" not in shut
    page = html.unescape(client.get(f"{URL}?explorer=1").content.decode())
    assert page.count("<tr>") == 4  # the head, two moves, all of them
    assert ">Sd4</a>" in page and ">c4</a>" in page
    assert "White wins 100%, draws 0%, Black wins 0%" in page
    assert "White wins 50%, draws 0%, Black wins 50%" in page  # all moves
    assert "action=play&move=d3d4" in page


def test_a_move_played_from_it_keeps_it_open_at_the_position_after(client, explored):
    moved = client.get(f"{URL}?explorer=1&speed=live&action=play&move=d3d4")
    assert moved.status_code == 302 and "explorer=1" in moved.url and "speed=live" in moved.url
    page = html.unescape(client.get(moved.url).content.decode())
    assert ">e5</a>" in page and "White wins 100%" in page


def test_each_speed_alone(client, explored):
    live = html.unescape(client.get(f"{URL}?explorer=1&speed=live").content.decode())
    assert ">Sd4</a>" in live and ">c4</a>" not in live
    days = html.unescape(client.get(f"{URL}?explorer=1&speed=correspondence").content.decode())
    assert ">c4</a>" in days and ">Sd4</a>" not in days


def test_a_position_no_game_reached_says_so(client, explored):
    page = client.get(f"{URL}?explorer=1&tree=h3h4&at=0").content.decode()
    assert "No finished rated game on Imperia has reached this position" in page


@pytest.mark.parametrize(
    "query, words",
    [
        ("explorer=2", "explorer is 0 or 1"),
        ("explorer=1&speed=blitz", "speed is live or correspondence"),
        ("explorer=1&speed=" + "x" * 5000, "speed is live or correspondence"),
    ],
)
def test_a_malformed_choice_is_refused_with_why(client, query, words):
    answer = client.get(f"{URL}?{query}")
    assert answer.status_code == 400 and words in answer.content.decode()


def test_not_beside_a_live_game_in_play_but_beside_a_correspondence_one(
    ann, bob, client_of, explored
):
    live = played(ann, bob, ["d3d4"])
    page = client_of(ann).get(f"{URL}?game={live.public_id}&explorer=1").content.decode()
    assert "opens once this live game ends" in page and "<table" not in page
    days = played(ann, bob, [], time_control=DAYS)
    page = html.unescape(
        client_of(ann).get(f"{URL}?game={days.public_id}&explorer=1").content.decode()
    )
    assert ">Sd4</a>" in page


def test_a_game_opens_it_at_the_ply_shown(ann, bob, client_of, explored):
    game = resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)
    page = client_of(ann).get(f"{game.get_absolute_url()}?ply=1").content.decode()
    link = f"/analysis/empire-chess/?game={game.public_id}&amp;ply=1&amp;explorer=1"
    assert link in page
    opened = html.unescape(client_of(ann).get(html.unescape(link)).content.decode())
    assert ">e5</a>" in opened  # the moves from the position after d3d4
    in_play = played(ann, bob, ["d3d4"])
    assert "explorer=1" not in client_of(ann).get(in_play.get_absolute_url()).content.decode()


def test_past_the_most_shown_the_other_moves_are_one_row(client, explored, monkeypatch):
    from play.explorer import openings

    monkeypatch.setattr(openings, "MOST_SHOWN", 1)
    page = html.unescape(client.get(f"{URL}?explorer=1").content.decode())
    assert ">Sd4</a>" in page and ">c4</a>" not in page
    assert "1 other move" in page and "White wins 0%, draws 0%, Black wins 100%" in page
