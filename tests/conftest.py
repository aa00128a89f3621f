import importlib
import json
import math

import pytest
from asgiref.sync import SyncToAsync
from django.core.cache import cache
from django.db import connections
from django.test import Client

from play.common import limits
from play.common import players as names
from play.common.lru import LRU
from play.games import games


@pytest.fixture(autouse=True)
def _forget_what_was_drawn():
    """Each test starts with empty per-process caches, as a freshly started server does."""
    # A fresh test database has no bot account: the bots' ids are known, and read again only
    # after a change, so that a count of queries never depends on when they were last read.
    names._bots = (math.inf, frozenset())
    yield
    LRU.forget_all()
    cache.clear()


@pytest.fixture(autouse=True)
def _rate_limits_held_still(monkeypatch):
    """The rate limits count in fixed windows of time (a minute, an hour): a test that spends
    an allowance must not see a new window begin halfway through, as it did at the turn of an
    hour. Held 30 s into one; a test that moves time sets the limits' clock itself. (Each
    test's counts are cleared with the cache.)"""
    monkeypatch.setattr(limits, "clock", lambda: 1_800_000_030.0)


@pytest.fixture(autouse=True)
def _no_forwarding_left_behind():
    """A test that made this process a worker beside the server (the sweeper's command)
    leaves it as it was: its later tests' pushes stay in the process."""
    yield
    from play.push import relay

    relay._forwarding, relay._down_until = False, 0.0
    if relay._connection is not None:
        relay._connection.close()
        relay._connection = None


@pytest.fixture(autouse=True)
def _close_the_socket_tests_connections():
    """Channels' test communicators switch off its closing of database connections while they
    run, so a socket test leaves one open in the thread that ran its consumers' queries (and
    PostgreSQL then refuses to drop the test database)."""
    yield
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()


@pytest.fixture
def make_user(django_user_model):
    def make(name):
        return django_user_model.objects.create_user(name, password="a-long-passphrase")

    return make


@pytest.fixture
def players(make_user):
    """New players, as many as asked: p00, p01, ... (or another prefix)."""

    def make(count, prefix="p"):
        return [make_user(f"{prefix}{i:02d}") for i in range(count)]

    return make


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def referee(make_user):
    """A staff member in the Referees group (made again if a flushed database, in a test
    with real transactions, has lost the one its migration made)."""
    from django.contrib.auth.models import Group, Permission

    group, made = Group.objects.get_or_create(name="Referees")
    if made:
        migration = importlib.import_module("play.migrations.0008_referees_group")
        codenames = ["referee", "view_dispute", "change_dispute"]
        codenames += [f"view_{model}" for model in migration.VIEW]
        group.permissions.set(
            Permission.objects.filter(content_type__app_label="play", codename__in=codenames)
        )
    user = make_user("ref")
    user.is_staff = True
    user.save()
    user.groups.add(group)
    return user


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


class FakeClock:
    """The time as the platform sees it, moved by hand."""

    def __init__(self, start):
        self.at = start

    def __call__(self):
        return self.at

    def advance(self, **delta):
        from datetime import timedelta

        self.at += timedelta(**delta)
        return self.at


@pytest.fixture
def clock(monkeypatch):
    from datetime import UTC, datetime

    from play.common import clocks

    fake = FakeClock(datetime(2026, 11, 21, 12, 0, tzinfo=UTC))
    monkeypatch.setattr(clocks, "now", fake)
    return fake


@pytest.fixture
def timed_game(ann, bob, clock):
    """Empire Chess with a clock: ann White, bob Black. Call it with a time control."""

    def make(tc):
        return games.join(games.create(ann, "empire-chess", "white", "seek", None, tc), bob)

    return make


@pytest.fixture
def measured_levels(monkeypatch, tmp_path):
    """The levels' measured ratings made what a test says (by game: {level: rating}), in a
    file of bench/ratings.py's shape; every level ±100 over 50 games. With `steps` (by game:
    {level: the sequential test's decision}), those levels' steps over the level below stand
    so, at 61 % over 80 games."""
    from bots import ratings

    def measure(by_game: dict[str, dict[int, int]], steps: dict | None = None) -> None:
        document = {"anchor": {"level": 1, "rating": 400}, "games": {}}
        for slug, levels in by_game.items():
            document["games"][slug] = {
                "levels": {
                    str(level): {"rating": r, "low": r - 100 * (level > 1),
                                 "high": r + 100 * (level > 1), "games": 50}
                    for level, r in levels.items()
                },
                "steps": {
                    str(level): {"decision": decision, "games": 80, "score": 61}
                    for level, decision in (steps or {}).get(slug, {}).items()
                },
            }  # fmt: skip
        path = tmp_path / "ratings.json"
        path.write_text(json.dumps(document))
        monkeypatch.setattr(ratings, "FITTED", path)
        ratings._fitted.cache_clear()

    yield measure
    ratings._fitted.cache_clear()
