import pytest
from django.test import Client

from play import games


@pytest.fixture
def make_user(django_user_model):
    def make(name):
        return django_user_model.objects.create_user(name, password="a-long-passphrase")

    return make


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def client_of():
    def make(user):
        client = Client()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def active_game(ann, bob):
    """Empire Chess with ann as White (the Empire) and bob as Black, no moves yet."""
    game = games.create(ann, "empire-chess", "white", "seek")
    return games.join(game, bob)
