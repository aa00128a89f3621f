"""Games through the API: one game's export (lichess's JSON, or the game's own record) and a
player's games (NDJSON, or records), with every number read one way, with a bound."""

import json

import pytest
from django.test import Client

from play.games import games

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 5, "increment": 3}


def test_a_game_in_lichess_shape(finished):
    shown = Client().get(f"/game/export/{finished.public_id}", HTTP_ACCEPT="application/json")
    data = shown.json()
    assert (data["id"], data["variant"], data["status"], data["winner"]) == (
        finished.public_id, "empire-chess", "resign", "white")  # fmt: skip
    assert data["moves"] == "d3d4" and data["initialFen"] == finished.initial_position
    assert data["players"]["white"]["user"]["name"] == "ann" and data["rated"] is True
    assert data["clock"] == {"initial": 300, "increment": 3, "totalTime": 420}


def test_a_game_as_its_record_by_default(finished):
    record = Client().get(f"/game/export/{finished.public_id}")
    assert record["Content-Type"].startswith("application/x-chess-pgn")
    assert '[Event "Imperia Empire Chess"]' in record.content.decode()
    missing = Client().get("/game/export/nothing")
    assert missing.status_code == 404 and missing.json() == {"error": "There is no such game."}


def test_a_players_games_as_ndjson_latest_first(finished, ann, bob):
    later = games.join(games.create(bob, "empress", "white", "seek"), ann)
    games.resign(later, ann)
    answer = Client().get("/api/games/user/ann", HTTP_ACCEPT="application/x-ndjson")
    lines = [json.loads(line) for line in b"".join(answer.streaming_content).splitlines()]
    assert [g["id"] for g in lines] == [later.public_id, finished.public_id]
    assert lines[1]["moves"] == "d3d4"
    one = Client().get("/api/games/user/ann?max=1&rated=true", HTTP_ACCEPT="application/x-ndjson")
    assert [json.loads(x)["id"] for x in b"".join(one.streaming_content).splitlines()] == [
        finished.public_id]  # fmt: skip


@pytest.mark.parametrize("query", ["max=x", "max=-1", "max=0", "max=1001", "max=100000",
                                   "max=1e3", "max=٣", "max=1.5"])  # fmt: skip
def test_a_number_out_of_its_bound_or_malformed_is_400(finished, query):
    answer = Client().get(f"/api/games/user/ann?{query}")
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "Malformed request: max must be a whole number from 1 to 1000."
    }
