"""The environment scales the settings: PostgreSQL and Redis when their URLs are set."""

import json
import os
import subprocess
import sys
from pathlib import Path

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
    assert engine == "django.db.backends.sqlite3"
    assert layer == "play.layers.InMemoryChannelLayer"
    assert debug is False
    assert key == (tmp_path / "secret_key").read_text()
    assert cache == "django.core.cache.backends.locmem.LocMemCache" and threads == 1


def test_postgres_and_redis_from_the_environment(tmp_path):
    engine, layer, debug, key, cache, threads = settings_with(
        tmp_path,
        DATABASE_URL="postgres://u:p@127.0.0.1:5432/imperia",
        REDIS_URL="redis://127.0.0.1:6379/0",
        DEBUG="1",
        SECRET_KEY="from-the-environment",
    )
    assert engine == "django.db.backends.postgresql"
    assert layer == "channels_redis.core.RedisChannelLayer"
    # Sessions cached in Redis, so that a logout on one server is seen by the others.
    assert cache == "django.core.cache.backends.redis.RedisCache" and threads == 4
    assert debug is True and key == "from-the-environment"
