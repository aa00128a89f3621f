"""The environment scales the settings: PostgreSQL and Redis when their URLs are set."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import json, django; from django.conf import settings as s; django.setup(); "
    "print(json.dumps([s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'],"
    " s.DEBUG, s.SECRET_KEY, s.CACHES['default']['BACKEND'], s.HTTP_THREADS]))"
)


def settings_with(tmp_path, **env):
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
            "IMPERIA_VAR_DIR": str(tmp_path),
            **env,
        },
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_embedded_defaults(tmp_path):
    engine, layer, debug, key, cache, threads = settings_with(tmp_path)
    assert engine == "imperia_site.sqlite"  # Django's, its placeholders converted once
    assert layer == "play.push.layers.InMemoryChannelLayer"
    assert debug is False
    assert key == (tmp_path / "secret_key").read_text()
    assert cache == "imperia_site.cache.LocMemCache" and threads == 1


def test_postgres_and_redis_from_the_environment(tmp_path):
    engine, layer, debug, key, cache, threads = settings_with(
        tmp_path,
        DATABASE_URL="postgres://u:p@127.0.0.1:5432/imperia",
        REDIS_URL="redis://127.0.0.1:6379/0",
        DEBUG="1",
        SECRET_KEY="from-the-environment",
    )
    assert engine == "django.db.backends.postgresql"
    assert layer == "play.push.layers.RedisChannelLayer"
    # Sessions cached in Redis, so that a logout on one server is seen by the others.
    assert cache == "imperia_site.cache.SharedRedisCache" and threads == 2
    assert debug is True and key == "from-the-environment"


def test_the_production_settings_pass_the_deploy_check(tmp_path):
    """`manage.py check --deploy` is clean with what the production layout in docs/operations.md sets."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(
        DJANGO_SETTINGS_MODULE="imperia_site.settings",
        IMPERIA_VAR_DIR=str(tmp_path),
        SECRET_KEY="k" * 20 + "-a-long-random-production-secret-0123456789",
        ALLOWED_HOSTS="imperia.example",
        CSRF_TRUSTED_ORIGINS="https://imperia.example",
        HTTPS="1",
        EMAIL_HOST="smtp.imperia.example",
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_no_secret_is_in_the_repository():
    """The secret key, databases and environment files stay out of git; nothing tracked outside
    the tests (whose players have made-up passwords) looks like a key or a password."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    files = listed.stdout.split()
    assert not [f for f in files if f.startswith("var/") or f.endswith((".sqlite3", ".env"))]
    assert not [f for f in files if "secret_key" in f or f.endswith((".pem", ".key"))]
    suspicious = re.compile(
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----|SECRET_KEY\s*=\s*['\"]|(?:PASSWORD|TOKEN)\s*=\s*['\"][^'\"]{8,}"
    )
    found = []
    for name in files:
        path = ROOT / name
        if not name.startswith("tests/") and path.suffix in (
            ".py",
            ".md",
            ".txt",
            ".toml",
            ".ini",
            ".cfg",
            ".sh",
            ".html",
            ".js",
        ):
            text = path.read_text(errors="replace")
            found += [f"{name}: {m.group(0)[:40]}" for m in suspicious.finditer(text)]
    assert not found


def test_the_server_starts_full_garbage_collections_only_once_it_has_grown(tmp_path):
    """Startup is frozen out of the collector's sight, the interpreter starts no full
    collection (which walks every socket's objects), and the server's watch starts one once
    it has grown (tests/test_collector.py)."""
    probe = (
        "import gc, threading, imperia_site.asgi as a; print(gc.get_threshold(),"
        " gc.get_freeze_count() > 0, a.collector._WATCH in [t.name for t in threading.enumerate()])"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "imperia_site.settings"}
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**env, "IMPERIA_VAR_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split() == ["(700,", "10,", "2147483647)", "True", "True"]
