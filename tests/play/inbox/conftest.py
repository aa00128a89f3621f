from datetime import timedelta

import pytest

from play.common import clocks


@pytest.fixture
def established(make_user):
    """Players whose accounts are a month old: no longer new."""

    def make(name):
        user = make_user(name)
        user.date_joined = clocks.now() - timedelta(days=30)
        user.save(update_fields=["date_joined"])
        return user

    return make


@pytest.fixture
def amy(established):
    return established("amy")


@pytest.fixture
def ben(established):
    return established("ben")
