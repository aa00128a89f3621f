"""The cache's counters (imperia_site/cache.py), on whichever cache the settings give."""

import os
import socket
import time

import pytest
from django.core.cache import cache, caches
from django.test import Client

from imperia_site.cache import SharedRedisCache
from play.models import Move


def test_counters_start_at_one_count_up_and_read_as_numbers():
    assert cache.count(["moves:ann", "moves:bob"], 60) == [1, 1]
    assert cache.count(["moves:ann"], 60) == [2]
    assert cache.get("moves:ann") == 2 and cache.get("moves:bob") == 1


def test_a_counter_expires_with_its_window_however_often_it_counts():
    cache.count(["window"], 60)
    cache.count(["window"], 3600)  # a later count does not push the end of the window back
    key = cache.make_and_validate_key("window")
    if isinstance(caches["default"], SharedRedisCache):
        left = cache._cache.get_client(write=True).ttl(key)
    else:
        left = cache._expire_info[key] - time.time()
    assert 0 < left <= 60


def unreachable_redis() -> dict:
    """The cache's settings with Redis away: a port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    location = f"redis://127.0.0.1:{port}/0"
    return {"default": {"BACKEND": "imperia_site.cache.SharedRedisCache", "LOCATION": location}}


@pytest.mark.django_db
def test_while_redis_is_away_players_are_served_from_the_database(
    active_game, ann, settings, caplog
):
    """Sessions are read from the database, the rate limits let everything through, and the
    outage is logged once, not once a request."""
    client = Client()
    client.force_login(ann)
    settings.CACHES = unreachable_redis()
    page = client.get(f"/g/{active_game.public_id}/")
    assert page.status_code == 200 and page.context["user"] == ann
    moved = client.post(
        f"/g/{active_game.public_id}/move/", {"move": "d3d4", "ply": "0"}, HTTP_HX_REQUEST="true"
    )
    assert moved.status_code == 200
    assert Move.objects.filter(game=active_game).count() == 1
    said = [r.getMessage() for r in caplog.records if r.name == "imperia.cache"]
    assert len(said) == 1 and said[0].startswith("Redis, the cache")


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="Redis: make test-distributed")
def test_what_was_deleted_while_redis_was_away_is_deleted_once_it_is_back(monkeypatch):
    """A session logged out while Redis was away must not come back with Redis."""
    from redis import Redis, exceptions

    cache.set("session:ann", "logged in")
    with monkeypatch.context() as away:

        def refused(*args, **kwargs):
            raise exceptions.ConnectionError("Error 111 connecting. Connection refused.")

        away.setattr(Redis, "execute_command", refused)
        cache.delete("session:ann")  # dropped, not raised
        assert cache.get("session:ann") is None
    assert cache.get("session:ann") is None


def test_while_redis_is_away_a_streams_place_is_given():
    """The streams' cap fails open with the other limits: a place held and given up."""
    away = SharedRedisCache(unreachable_redis()["default"]["LOCATION"], {})
    assert away.hold_place("streams:ann", "one", 60, most=16) == 0.0
    away.give_up_place("streams:ann", "one")


def test_places_are_held_for_many_at_once():
    """A server renews its players' online places all together (play/push/presence.py)."""
    cache.hold_place("online-test", "ann", 60)
    cache.hold_places("online-test", ["bob", "carl", "ann"], 60)
    assert cache.held_among("online-test", ["ann", "bob", "carl", "dora"]) == {"ann", "bob", "carl"}
    cache.hold_places("online-test", [], 60)  # none open: nothing to do
    away = SharedRedisCache(unreachable_redis()["default"]["LOCATION"], {})
    away.hold_places("online-test", ["ann", "bob"], 60)  # Redis away: dropped, as a write is


def test_the_places_held_among_many_are_read_at_once():
    cache.hold_place("seen", "ann", 60)
    cache.hold_place("seen", "bob", 60)
    cache.give_up_place("seen", "bob")
    assert cache.held_among("seen", ["ann", "bob", "carl"]) == {"ann"}
    assert cache.held_among("seen", []) == set()
    many = [f"p{i}" for i in range(500)]  # more asked about than held: the held ones read whole
    for member in many[:3]:
        cache.hold_place("seen", member, 60)
    assert cache.held_among("seen", ["ann", *many]) == {"ann", "p0", "p1", "p2"}
    cache.give_up_place("seen", "p1")
    assert cache.held_among("seen", many) == {"p0", "p2"}
