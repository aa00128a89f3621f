import pytest
from django.test import Client

from play.api import tokens
from play.games import games
from play.round import moves


class Api:
    """A client calling the API with one player's token, as an outside program does."""

    def __init__(self, user, scopes):
        self.user = user
        self.token, self.secret = tokens.create(user, "a test client", scopes)
        self.client = Client()

    def headers(self):
        return {"HTTP_AUTHORIZATION": f"Bearer {self.secret}"}

    def get(self, path, **extra):
        return self.client.get(path, **self.headers(), **extra)

    def post(self, path, data=None, *, as_json=False):
        if as_json:
            return self.client.post(path, data or {}, content_type="application/json",
                                    **self.headers())  # fmt: skip
        return self.client.post(path, data or {}, **self.headers())


ALL = list(tokens.SCOPES)


@pytest.fixture
def api():
    def make(user, scopes=ALL):
        return Api(user, scopes)

    return make


LIVE = {"kind": "live", "minutes": 5, "increment": 3}


@pytest.fixture
def finished(ann, bob):
    """A rated Empire Chess game on a live clock: ann played d3d4, and bob resigned."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek", rated=True,
                                   time_control=LIVE), bob)  # fmt: skip
    moves.submit(game.public_id, ann, "d3d4", 0)
    games.resign(game, bob)
    return game
