"""The long-running loops and the servers outlive a database that goes away: each failure
drops the broken connection, the outage is logged once and its end once, and the loop goes
on; a server's request opens a new connection in place of one a restart cut."""

import logging
import threading

import pytest
from django.core.management import call_command
from django.db import OperationalError, close_old_connections, connection

from imperia_site import outages
from play.computer import turns
from play.management.commands import bots, evaluations, sweep
from play.models import Game
from play.push import relay
from play.review import evaluations as answers
from play.review import reviews


class Stopped(BaseException):
    """Ends a loop that would run for ever."""


@pytest.fixture
def outage(monkeypatch):
    """A step that fails as a restarted database fails, three times, then works once; the
    next call ends the loop. What the loop did meanwhile: its rests, its closed connections."""
    seen = {"calls": 0, "closed": 0, "rests": []}

    def step(answer):
        def attempt(*args, **kwargs):
            seen["calls"] += 1
            if seen["calls"] <= 3:
                raise OperationalError("the connection is closed")
            if seen["calls"] == 4:
                return answer
            raise Stopped

        return attempt

    def close_all():
        seen["closed"] += 1

    monkeypatch.setattr(outages.connections, "close_all", close_all)
    monkeypatch.setattr(outages.Loop, "sleep", staticmethod(seen["rests"].append))
    monkeypatch.setattr(relay, "forward_from_this_process", lambda: None)
    for command in (bots, evaluations):  # when idle: not the database's connection here
        monkeypatch.setattr(command, "close_old_connections", lambda: None)
    seen["step"] = step
    return seen


def assert_rode_it_out(seen, caplog):
    assert seen["calls"] == 5  # three failures, a success, and the next pass
    assert seen["closed"] == 3  # a new connection after each failure
    assert seen["rests"] == [0.2, 0.4, 0.8]  # longer while failures follow
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 2, said  # once when it failed, once when it was back
    assert said[0].endswith("failed; it goes on, and says when it is back")
    assert "is back after" in said[1] and "(3 failed attempts)" in said[1]


def test_the_sweeper_outlives_a_database_restart(outage, monkeypatch, caplog):
    monkeypatch.setattr(sweep, "sweep_once", outage["step"]({"timeouts": 0}))
    monkeypatch.setattr(sweep.schedule, "sweep", lambda: {})
    monkeypatch.setattr(sweep.tournaments, "sweep", lambda: {})
    monkeypatch.setattr(sweep.time, "sleep", lambda seconds: None)
    with pytest.raises(Stopped):
        call_command("sweep", "--every", "0.2")
    assert_rode_it_out(outage, caplog)


def test_the_computers_worker_outlives_a_database_restart(outage, monkeypatch, caplog):
    monkeypatch.setattr(turns, "work", outage["step"](None))
    monkeypatch.setattr(relay.Alarm, "wait", lambda self, seconds: False)
    with pytest.raises(Stopped):
        call_command("bots")
    assert_rode_it_out(outage, caplog)


def test_the_evaluations_worker_outlives_a_database_restart(outage, monkeypatch, caplog):
    monkeypatch.setattr(answers, "work", outage["step"](None))
    monkeypatch.setattr(reviews, "work", lambda: None)  # no review waits between them
    monkeypatch.setattr(evaluations.os, "nice", lambda niceness: None)
    monkeypatch.setattr(evaluations.time, "sleep", lambda seconds: None)
    with pytest.raises(Stopped):
        call_command("evaluations")
    assert_rode_it_out(outage, caplog)


def test_a_long_outage_rests_at_most_a_few_seconds(monkeypatch):
    rests = []
    monkeypatch.setattr(outages.connections, "close_all", lambda: None)
    monkeypatch.setattr(outages.Loop, "sleep", staticmethod(rests.append))
    loop = outages.Loop(logging.getLogger("test"), "a loop", every=0.2)
    for _ in range(10):
        loop.rest_after(OperationalError("the connection is closed"))
    assert rests[-1] == outages.MOST_REST and max(rests) == outages.MOST_REST


def test_once_the_sweeper_still_fails_at_once(monkeypatch):
    def fails():
        raise OperationalError("the connection is closed")

    monkeypatch.setattr(sweep, "sweep_once", fails)
    with pytest.raises(OperationalError):
        call_command("sweep", "--once")


@pytest.mark.django_db(transaction=True)
def test_a_servers_request_after_a_database_restart_is_served_on_a_new_connection(monkeypatch):
    """A restart cuts the servers' kept connections: a request looks at its connection
    before its first query and opens another, rather than answer one 500 per thread."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's restart cuts kept connections; SQLite's are files")
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)  # kept, as served
    connection.close()
    connection.ensure_connection()
    kept = connection.connection.info.backend_pid

    def cut():  # as `pg_ctl restart` does, from another connection
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [kept])
        connection.close()

    thread = threading.Thread(target=cut)
    thread.start()
    thread.join()
    close_old_connections()  # a request begins
    assert Game.objects.count() == 0
    assert connection.connection.info.backend_pid != kept
