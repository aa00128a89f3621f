"""A player as the API shows them: GET /api/account (the token's) and GET /api/user/{name}."""

import pytest
from django.test import Client

from play.api import tokens
from play.games import games

pytestmark = pytest.mark.django_db


def test_the_account_in_lichess_shape(ann, bob):
    game = games.join(games.create(ann, "empress", "white", "seek", rated=True,
                                   time_control={"kind": "live", "minutes": 5, "increment": 3}),
                      bob)  # fmt: skip
    games.resign(game, bob)
    _, secret = tokens.create(ann, "Reader", [])
    me = Client().get("/api/account", HTTP_AUTHORIZATION=f"Bearer {secret}").json()
    assert (me["id"], me["username"]) == ("ann", "ann")
    assert me["url"].endswith("/@/ann/") and isinstance(me["createdAt"], int)
    assert me["count"] == {"all": 1, "rated": 1, "win": 1, "draw": 0, "loss": 0, "playing": 0,
                           "bookmark": 0, "import": 0, "me": 0}  # fmt: skip
    assert me["perfs"]["empress"]["games"] == 1 and me["perfs"]["empress"]["prov"] is True


def test_a_public_player_and_an_unknown_one(ann):
    found = Client().get("/api/user/ANN")
    assert found.status_code == 200 and found.json()["username"] == "ann"
    missing = Client().get("/api/user/nobody")
    assert missing.status_code == 404 and missing.json() == {"error": "There is no such player."}
    bad = Client().get("/api/user/ann", HTTP_AUTHORIZATION="Bearer imp_wrong")
    assert bad.status_code == 401  # a token sent is checked, even where none is needed
