"""Test settings: a file-based SQLite test database (so the live server's threads and
processes share it) and plain static storage (no manifest to build)."""

from imperia_site.settings import *  # noqa: F403
from imperia_site.settings import DATABASES, SQLITE, VAR_DIR

if SQLITE:
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
WHITENOISE_USE_FINDERS = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STATIC_ROOT.mkdir(exist_ok=True)  # noqa: F405 - WhiteNoise warns when it is missing
DATABASES["default"]["CONN_MAX_AGE"] = 0  # no connection outlives its request or test thread
# Tests play faster than people: the limits are tested on their own (tests/play/common/test_limits.py).
RATE_LIMIT_SCALE = 1000
