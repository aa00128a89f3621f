"""Settings: embedded defaults (SQLite, in-memory channel layer); the environment scales them.

DATABASE_URL   e.g. postgres://user:pass@127.0.0.1:5432/imperia  (default: SQLite in var/)
REDIS_URL      e.g. redis://127.0.0.1:6379/0  -> Redis channel layer (default: in-memory)
SECRET_KEY     required when several processes serve one site; else one is kept in var/
DEBUG          "1" to turn debug on (off by default)
ALLOWED_HOSTS  comma-separated (default: 127.0.0.1,localhost)
"""

import os
import re
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
import jinja2

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("IMPERIA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    # One random key per installation, never committed.
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("DEBUG", "") == "1"
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "axes",
    "play",
]

MIDDLEWARE = [
    "play.api.cors.Cors",  # first: every answer of the API says so, its refusals too
    "play.common.middleware.CompressPages",  # on the way out, after every other has written
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "play.common.middleware.ReadersLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "play.common.middleware.ExplainWrongMethod",
    "play.common.middleware.ExplainMalformed",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "imperia_site.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "play.notify.context_processors.games",
                "play.common.language.context",
                "play.accounts.looks.context",
            ],
        },
    },
    {
        # The game's fragments, drawn on every move (play/common/jinja.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "fragments"],  # not "jinja2/": at the root, taken for the package
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "play.common.jinja.environment",
            "keep_trailing_newline": True,  # as Django's engine: the files' last line ends
            "undefined": jinja2.Undefined,  # the same page in debug as not
        },
    },
]
ASGI_APPLICATION = "imperia_site.asgi.application"

# A kept connection is looked at before a request's first query (one round trip), so that
# after PostgreSQL restarts each server thread opens a new one instead of answering a 500.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
if SQLITE:
    # Django's backend, each SQL text's placeholders converted once (imperia_site/sqlite).
    DATABASES["default"]["ENGINE"] = "imperia_site.sqlite"
    # Wait for the write lock instead of failing at once; WAL lets readers go on.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 600  # one connection per thread, kept
else:
    # Django turns psycopg's preparing off (None); the move's SQL built once asks for it
    # (play/models/prepared.py), and nothing else does: Django's own cursors bind on the client.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 2**31 - 1)

# Worker threads that run the HTTP views, each with its own database connection. SQLite takes
# one writer at a time, and Python one thread at a time: a second thread there only adds
# waiting for locks. With PostgreSQL two overlap their waits on the database; four starve the
# event loop that carries the sockets (bench/live.py: p99 0.3 s with two, 1.1 s with four).
HTTP_THREADS = int(os.environ.get("HTTP_THREADS", "1" if SQLITE else "2"))

# Sessions are read from the cache on every request, and from the database only on a miss.
# Several servers share Redis for both, so that a logout anywhere is a logout everywhere.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL and (worker := os.environ.get("PYTEST_XDIST_WORKER", "")):
    # The test runner's workers each on a Redis database of their own, as each has its own
    # test database: sharing one, they cleared each other's cache and channel groups.
    REDIS_URL = re.sub(r"/\d*$", "", REDIS_URL) + f"/{int(worker.removeprefix('gw')) + 1}"
# How long a socket stays in a channel group unless it renews its membership, which an open
# socket does every third of it (play/push/sockets.py): a socket that died without leaving
# (its server killed, Redis away as it closed) is no longer sent pushes after a minute.
CHANNEL_GROUP_EXPIRY = 60
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "imperia_site.cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "play.push.layers.RedisChannelLayer",
            # redis-py refuses a 101st simultaneous connection instead of waiting: a crowd
            # of sockets joining at once would be turned away (tests/play/test_socket_safety).
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "max_connections": 10_000}],
                "group_expiry": CHANNEL_GROUP_EXPIRY,
            },
        }
    }
else:
    # Django's default of 300 entries is 100 players' sessions and rate-limit counters: past
    # it, sessions fall out of the cache and are read from the database on every request.
    CACHES = {
        "default": {
            "BACKEND": "imperia_site.cache.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 200_000},
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "play.push.layers.InMemoryChannelLayer",
            "CONFIG": {"group_expiry": CHANNEL_GROUP_EXPIRY},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Guessing passwords (django-axes): five failed logins in a row for one account, or from one
# address, lock that account or address out of /login/ and /admin/login/ for 15 minutes from
# the last failure; a success clears the count. Counted in the database, so that every server
# process sees the same count; the address is the one the rate limits count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "play.accounts.accounts.client_ip"
AXES_LOCKOUT_CALLABLE = "play.accounts.accounts.locked_out"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en"
# The languages a reader may choose, each in its own name (docs/translating.md). A language is
# offered once its catalogue (locale/) is whole: tests/i18n checks every offered one.
LANGUAGES = [
    ("en", "English"),
    ("ru", "Русский"),
    ("uk", "Українська"),
    ("pl", "Polski"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
    ("it", "Italiano"),
    ("zh-hans", "简体中文"),
    ("ja", "日本語"),
]
# The pseudo-locale: English accented and lengthened, for finding words that are never
# translated (tests/e2e/test_languages.py). Never offered to readers.
if os.environ.get("IMPERIA_PSEUDO_LOCALE"):
    LANGUAGES.append(("en-xa", "Ƥšéûđö"))
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# A bare "www." address in a private message is linked over HTTPS (Django's coming default).
URLIZE_ASSUME_HTTPS = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": os.environ.get(
            "STATICFILES_STORAGE", "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
SESSION_COOKIE_HTTPONLY = True
# HTTPS=1 in production, behind a proxy that ends TLS and says so in X-Forwarded-Proto:
# cookies only over TLS, plain HTTP redirected, and browsers told to insist (HSTS).
if os.environ.get("HTTPS") == "1":
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}

# Open seeks and invitations nobody accepts are withdrawn after this many hours.
SEEK_TTL_HOURS = float(os.environ.get("SEEK_TTL_HOURS", "24"))

# Clocks and notifications.
VACATION_DAYS_PER_YEAR = float(os.environ.get("VACATION_DAYS_PER_YEAR", "14"))
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Imperia <imperia@localhost>")
# Email goes to the console unless an SMTP server is given.
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": os.environ.get("EMAIL_USE_TLS", "1") == "1",
                "timeout": 20,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
# Web push (play/webpush/): the VAPID private key (PEM, or base64url as py-vapid writes it;
# unset: made once into var/vapid_private.pem), the contact push services are given (unset:
# mailto: the sender's address), and whether a subscription may name a plain-HTTP endpoint on
# this machine (a push service for development and the tests; never on a public site).
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_SUBJECT = os.environ.get("WEBPUSH_SUBJECT", "")
WEBPUSH_HTTP_LOOPBACK = os.environ.get("WEBPUSH_HTTP_LOOPBACK", "") == "1"
# How many disputes one player may open in a day.
DISPUTES_PER_DAY = int(os.environ.get("DISPUTES_PER_DAY", "5"))
# Multiplies every rate limit in play/common/limits.py (0 turns them off): raise it when many players
# share one address and the proxy does not pass theirs on, or for load tests.
RATE_LIMIT_SCALE = float(os.environ.get("RATE_LIMIT_SCALE", "1"))
