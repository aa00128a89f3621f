"""Sessions are read from the cache, not the database, however many players are online."""

import pytest
from django.contrib.sessions.backends.cached_db import SessionStore
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.common import limits


@pytest.mark.django_db
def test_a_thousand_players_sessions_stay_cached(rf):
    first = SessionStore()
    first["player"] = 0
    first.create()
    for i in range(1, 1000):
        other = SessionStore()
        other["player"] = i
        other.create()
        # each player also has their counters of moves, as when playing
        request = rf.post("/", REMOTE_ADDR=f"10.0.{i // 250}.{i % 250}")
        request.user = type("Anonymous", (), {"is_authenticated": False})()
        limits.check("move", request)
    with CaptureQueriesContext(connection) as queries:
        assert SessionStore(first.session_key)["player"] == 0
    assert len(queries) == 0
