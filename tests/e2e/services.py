"""PostgreSQL and Redis as scripts/with-services.sh started them, restarted by the tests that
need it; those tests are skipped when the suite runs without (no IMPERIA_SERVICES_*)."""

import os
import shlex
import subprocess
import time

import pytest

NEEDED = ("IMPERIA_SERVICES_PG_CTL", "IMPERIA_SERVICES_PG_DATA", "IMPERIA_SERVICES_PG_LOG",
          "IMPERIA_SERVICES_PG_USER", "IMPERIA_SERVICES_REDIS_START", "REDIS_URL")  # fmt: skip
WAIT = 30.0  # seconds a service may take to stop or start


def needed():
    """The mark of a test that restarts the services."""
    missing = [name for name in NEEDED if not os.environ.get(name)]
    return pytest.mark.skipif(
        bool(missing),
        reason="restarts PostgreSQL and Redis, as scripts/with-services.sh started them "
        f"(make test-distributed); missing {', '.join(missing)}",
    )


def restart_postgres() -> None:
    """A fast restart: every connection is cut, then PostgreSQL answers again."""
    command = [os.environ["IMPERIA_SERVICES_PG_CTL"], "-D", os.environ["IMPERIA_SERVICES_PG_DATA"],
               "-l", os.environ["IMPERIA_SERVICES_PG_LOG"], "-m", "fast", "-w", "restart"]  # fmt: skip
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        command = ["runuser", "-u", os.environ["IMPERIA_SERVICES_PG_USER"], "--", *command]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, timeout=WAIT)


def _redis(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["redis-cli", "-u", os.environ["REDIS_URL"], *command],
                          capture_output=True, text=True, timeout=WAIT)  # fmt: skip


def stop_redis() -> None:
    """Redis shut down, keeping nothing."""
    _redis("shutdown", "nosave")
    until(lambda: _redis("ping").stdout.strip() != "PONG", "Redis to stop")


def start_redis() -> None:
    """Redis started again, empty."""
    subprocess.run(shlex.split(os.environ["IMPERIA_SERVICES_REDIS_START"]), check=True,
                   timeout=WAIT)  # fmt: skip
    until(lambda: _redis("ping").stdout.strip() == "PONG", "Redis to start")


def until(condition, what: str, timeout: float = WAIT, every: float = 0.1):
    """Wait for a state: `condition()`'s first true value, looked at every `every` seconds,
    or a failure naming `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(every)
    return value
