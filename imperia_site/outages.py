"""Riding out a service that goes away and comes back (PostgreSQL restarted, Redis restarted
or unreachable): said once in the log when it goes and once when it is back, never once per
attempt; and the long-running loops (the sweeper, the computer's and the evaluations'
workers) go on, each attempt after a failure on a new database connection."""

from __future__ import annotations

import logging
import threading
import time

from django.db import connections

MOST_REST = 5.0  # seconds a failing loop rests at most between attempts


class Outage:
    """Whether something is failing now: the first failure is logged (with its traceback),
    the next ones are counted, and the first success after them says how long it lasted.
    Shared by threads."""

    def __init__(self, log: logging.Logger, what: str):
        self.log, self.what = log, what
        self.since: float | None = None
        self.failures = 0
        self._lock = threading.Lock()

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            self.failures += 1
            if self.since is not None:
                return
            self.since = time.monotonic()
        self.log.warning("%s failed; it goes on, and says when it is back", self.what,
                         exc_info=exc)  # fmt: skip

    def recovered(self) -> None:
        if self.since is None:  # the usual case, without taking the lock
            return
        with self._lock:
            if self.since is None:
                return
            lasted, failures = time.monotonic() - self.since, self.failures
            self.since, self.failures = None, 0
        self.log.warning("%s is back after %.1f s (%d failed attempts)", self.what, lasted,
                         failures)  # fmt: skip


class Loop(Outage):
    """A worker's loop that outlives its database: after a failure the connections are
    dropped (a connection broken by a restart stays broken until closed: Django reopens
    only a closed one), and the loop rests, longer while failures follow, up to MOST_REST."""

    sleep = staticmethod(time.sleep)

    def __init__(self, log: logging.Logger, what: str, every: float):
        super().__init__(log, what)
        self.every = every

    def rest_after(self, exc: BaseException) -> None:
        """In the loop's `except`: log (once an outage), drop the connections, rest."""
        self.failed(exc)
        connections.close_all()
        self.sleep(min(MOST_REST, max(self.every, 0.1) * 2 ** (self.failures - 1)))
