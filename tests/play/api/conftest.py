import pytest
from django.test import Client

from play.api import tokens


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
