"""Browser tests: the real run path (migrate, collectstatic, daphne) on a free port in a
temporary var/ folder, driven by Playwright in Debian's Chromium."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
# How long a page may take to show what a test waits for: generous, for a machine slowed by
# other work (a password hashed at sign-up takes seconds there); a test that passes never
# waits it out.
expect.set_options(timeout=15_000)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(autouse=True)
def contexts_closed(request):
    """Every browser context a test opened is closed after it: a page left open (a clock that
    ticks, a socket that listens) would slow every test after it."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    for context in browser.contexts if browser else ():
        context.close()


LOG_LINES = 60  # of each server's and worker's log, shown under a failed test


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test shows the end of what the site's processes logged: a server's error (a
    500's traceback) is there and nowhere else, and CI keeps no var/ folder."""
    report = yield
    if report.failed and call.when == "call" and SERVER_ENV:
        for log in sorted(Path(SERVER_ENV["IMPERIA_VAR_DIR"]).glob("*.log")):
            lines = log.read_text(errors="replace").splitlines()[-LOG_LINES:]
            report.sections.append((f"{log.name}, its last lines", "\n".join(lines)))
    return report


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVER_ENV: dict[str, str] = {}


def run_django(code: str) -> str:
    """Run Python in a Django shell on the test server's database (for test setup only)."""
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0", "-c", code],
        cwd=ROOT,
        env=SERVER_ENV,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def start_daphne(
    env: dict, log_path: Path, app: str = "imperia_site.asgi:application"
) -> tuple[subprocess.Popen, str]:
    """A daphne process serving `app` on a free port, once it answers."""
    port = free_port()
    log = open(log_path, "w")  # noqa: SIM115 - closed with the process
    daphne = Path(sys.executable).parent / "daphne"
    proc = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), app],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log_path.read_text()) from None
            time.sleep(0.2)


def serve(
    env: dict, var: Path, app: str = "imperia_site.asgi:application"
) -> tuple[subprocess.Popen, str]:
    """What `make run` does before serving: migrate, collect static files; then daphne."""
    for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
    return start_daphne(env, var / "server.log", app)


def start_worker(env: dict, var: Path, command: str) -> subprocess.Popen:
    """A worker beside the server (`manage.py bots`, `evaluations`), logging to var/."""
    return subprocess.Popen(
        [sys.executable, "manage.py", command],
        cwd=ROOT,
        env=env,
        stdout=open(var / f"{command}.log", "w"),  # noqa: SIM115 - closed with the process
        stderr=subprocess.STDOUT,
    )


def stop_daphne(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The site as `make run` serves it: migrated, static files collected, on daphne."""
    var = tmp_path_factory.mktemp("var")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
        "IMPERIA_VAR_DIR": str(var),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "RATE_LIMIT_SCALE": "1000",  # every test's browser comes from 127.0.0.1
        "IMPERIA_PSEUDO_LOCALE": "1",  # test_languages.py reads every page in it
    }
    SERVER_ENV.update(env)
    proc, url = serve(env, var)
    # The computer's and the evaluations' workers beside it, as `make run` starts them.
    workers = [start_worker(env, var, command) for command in ("bots", "evaluations")]
    yield url
    for worker in workers:
        stop_daphne(worker)
    stop_daphne(proc)


@pytest.fixture(scope="session")
def second_server(server):
    """Another daphne process on the same database, secret and channel layer (Redis)."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip("two servers share a channel layer only through Redis (make test-distributed)")
    proc, url = start_daphne(dict(SERVER_ENV), Path(SERVER_ENV["IMPERIA_VAR_DIR"]) / "second.log")
    yield url
    stop_daphne(proc)
