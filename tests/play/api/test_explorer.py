"""The opening explorer through the API, in the shape of lichess's (`/lichess` of its
explorer): totals, each move's games, a position by `fen` or by `play`, speeds; every bad
parameter a 400 that says which."""

import pytest

import rules
from tests.play.explorer.test_openings import DAYS, played, resigned

pytestmark = pytest.mark.django_db
URL = "/lichess"


@pytest.fixture
def explored(ann, bob):
    resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)  # live: White wins
    resigned(played(ann, bob, ["d3d4", "e7e6"], time_control=DAYS), ann)  # Black wins


def test_the_start_as_lichess_answers_it(client, explored):
    answer = client.get(URL, {"variant": "empire-chess"})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer.json() == {
        "white": 1, "draws": 0, "black": 1,
        "moves": [{"uci": "d3d4", "san": "Sd4", "averageRating": 1500,
                   "white": 1, "draws": 0, "black": 1}],
    }  # fmt: skip


def test_a_position_by_its_moves_or_by_its_text_and_a_speed(client, explored):
    game_rules = rules.get("empire-chess")
    after = game_rules.format(game_rules.play(game_rules.initial(), "d3d4"))
    by_moves = client.get(URL, {"play": "d3d4"}).json()
    assert client.get(URL, {"fen": after}).json() == by_moves
    assert [(m["uci"], m["white"], m["black"]) for m in by_moves["moves"]] == [
        ("e7e5", 1, 0), ("e7e6", 0, 1)
    ]  # fmt: skip
    live = client.get(URL, {"play": "d3d4", "speeds": "live"}).json()
    assert [m["uci"] for m in live["moves"]] == ["e7e5"]
    both = client.get(URL, {"play": "d3d4", "speeds": "live,correspondence"}).json()
    assert both == by_moves
    assert client.get(URL, {"moves": "0"}).json()["moves"] == []


def test_a_position_no_game_reached(client, explored):
    assert client.get(URL, {"variant": "empire", "play": "pass"}).json() == {
        "white": 0, "draws": 0, "black": 0, "moves": []
    }  # fmt: skip


@pytest.mark.parametrize(
    "query, words",
    [
        ({"variant": "chess"}, "no game called chess"),
        ({"fen": "not a position"}, "fen is no position of empire-chess"),
        ({"play": "d3d4,zz9"}, "the move zz9 cannot be played there"),
        ({"play": ",".join(["b1c2", "b8c6", "c2b1", "c6b8"] * 13)}, "play at most 50 moves"),
        ({"speeds": "blitz"}, "not blitz"),
        ({"moves": "201"}, "moves"),
        ({"moves": "-1"}, "moves"),
        ({"ratings": "1600,1800"}, "keeps no ratings"),
        ({"since": "2024-01"}, "keeps no since"),
        ({"fen": "x" * 20_001}, "fen must be text of 20000 characters at most"),
    ],
)
def test_what_cannot_be_read_is_refused_saying_what(client, query, words):
    answer = client.get(URL, query)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.json()
