"""Settings for Mahjong League: every value comes from an environment variable."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from mahjong_league.observability import sentry_start

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def env_bool(name: str, default: bool) -> bool:
    # A typo such as SECURE_SSL_REDIRECT=ture must not quietly read as false.
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS | FALSE_WORDS:
        return word in TRUE_WORDS
    raise ImproperlyConfigured(
        f"The environment variable {name}={value!r} is not a yes/no value: "
        "use 1, true, yes, on or 0, false, no, off."
    )


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value.strip())
    except ValueError:
        raise ImproperlyConfigured(
            f"The environment variable {name}={value!r} is not a whole number."
        ) from None


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# Set by the test configuration (mahjong_league/test_settings.py) and nothing else: the suite
# runs over plain http and serves static files unhashed, without a `collectstatic` run.
TESTING = env_bool("MAHJONG_LEAGUE_TESTING", False)
# The fallback key is for development only: check --deploy rejects it in production.
SECRET_KEY = os.environ.get("SECRET_KEY", "django-insecure-development-key-change-me")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "scoring",
    "games",
    "games.webhooks",
    "games.stats",
    "games.events",
    "games.health",
    "games.importing",
    "games.archive",
    "games.api",
]

MIDDLEWARE = [
    # First: every answer carries the request's id, and every log line of it is written with it.
    "games.request_ids.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "games.middleware.RefuseNulMiddleware",
    # Before the session and the account are read: a score sheet's poll that finds nothing
    # new is answered here, from one query (games/sheet_polls.py).
    "games.sheet_polls.SheetPollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Lag-tolerant reads to the read replica, unless the caller has just written.
    "games.replica.ReplicaReadsMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After the account is known: a signed-in member's chosen language comes with it.
    "games.middleware.LanguageMiddleware",
    # After the language: a club's page takes the club's time zone and default language.
    "games.middleware.ClubContextMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "mahjong_league.urls"
WSGI_APPLICATION = "mahjong_league.wsgi.application"

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
            ],
        },
    },
]

# Form widgets are drawn by Django's Jinja2 copies of its widget templates: each option and
# input is a small template, and a form of them renders in about 0.6 of the time it takes in
# Django's own template language. The pages themselves stay Django templates. The renderer
# reads each widget's includes into it, so that a choice is one template, not four.
FORM_RENDERER = "scoring.forms.rendering.InliningJinja2"

# A worker keeps its connection for a minute of requests instead of opening one for each:
# the opening cost PostgreSQL about 48 ms of CPU a request (docs/operations.md, "Database
# connections"), and a connection is checked before its reuse, so a restarted database costs
# one failed check, not a failed request. Development and the tests open one a request: no
# connection is left open for a test database's teardown to wait on.
DEFAULT_CONN_MAX_AGE = 0 if DEBUG or TESTING else 60
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", DEFAULT_CONN_MAX_AGE),
        conn_health_checks=True,
    )
}
# Behind PgBouncer in transaction mode a cursor cannot outlive its transaction on the
# server the pooler lent (Django's server-side cursors, for ``QuerySet.iterator()``).
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool(
    "DATABASE_DISABLE_SERVER_SIDE_CURSORS", False
)
# SQLite serves a club night when told how: a write transaction takes the write lock when it
# begins (no deadlock upgrading a read lock, which SQLite answers at once with "database is
# locked"), waits up to `timeout` seconds for it, and WAL lets readers go on meanwhile.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": env_int("SQLITE_TIMEOUT", 20),
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
}
# A long write (an import) holds SQLite's write lock this long at most, then lets the writes
# waiting go first: well below `timeout`, so that a hand saved meanwhile waits, never fails.
SQLITE_HOLD_MS = env_int("SQLITE_HOLD_MS", 500)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
# A read replica (a streaming copy of the primary): the reads that tolerate a second of lag
# go there (games/replica.py); a member who has just written reads the primary for
# REPLICA_READ_YOUR_WRITES_SECONDS.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = {
        **dj_database_url.parse(
            DATABASE_REPLICA_URL,
            conn_max_age=env_int("DATABASE_CONN_MAX_AGE", DEFAULT_CONN_MAX_AGE),
            conn_health_checks=True,
        ),
        "DISABLE_SERVER_SIDE_CURSORS": DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"],
    }
DATABASE_ROUTERS = ["games.replica.ReplicaRouter"]
REPLICA_READ_YOUR_WRITES_SECONDS = env_int("REPLICA_READ_YOUR_WRITES_SECONDS", 5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out account and address is refused before any password check.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "league:login"
LOGIN_REDIRECT_URL = "league:home"
LOGOUT_REDIRECT_URL = "league:home"

LANGUAGE_CODE = "en"
# The site's languages, each named in itself (the switcher shows these names). Chinese is
# told by script, not by country: zh-HK and zh-TW browsers read zh-hant, zh-CN zh-hans.
LANGUAGES = [("zh-hant", "繁體中文"), ("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and times as each language writes them (mahjong_league/formats/<language>/).
FORMAT_MODULE_PATH = ["mahjong_league.formats"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Sent over https only where the session's cookie is (set below, with the other security
# settings), and kept from scripts: only the server reads it.
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Tests serve static files from the finders, so there is no collected folder to look in.
STATIC_ROOT = None if TESTING else Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# A score file of at most this many lines is checked (the preview) within the upload's
# request; a longer one is checked by a job, as every confirmed import is imported by one.
SCORE_IMPORT_CHECK_INLINE_LINES = env_int("SCORE_IMPORT_CHECK_INLINE_LINES", 10_000)
# A running import job whose worker has not been heard of for this long counts as lost (its
# transaction rolled back) and may be retried.
IMPORT_JOB_STALE_SECONDS = env_int("IMPORT_JOB_STALE_SECONDS", 30)
# Uploaded files waiting for a step that follows (a previewed import); with several app
# servers, point the "default" storage at storage they share.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Tests and the development server serve static files straight from the finders.
WHITENOISE_USE_FINDERS = env_bool("WHITENOISE_USE_FINDERS", DEBUG or TESTING)
WHITENOISE_AUTOREFRESH = DEBUG

# Security: secure by default; development and the test suite run over plain http.
HTTPS = not (DEBUG or TESTING)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
# A load balancer may probe an app server over plain http.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("TRUST_X_FORWARDED_PROTO", False) else None
)
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): scripts, styles and everything else come from this
# site only, never inline; the API docs page relaxes styles for itself (games/api/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        # The installable app: its service worker (/sw.js) and manifest, from this site.
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Proxies in front of the app that append to X-Forwarded-For (0: use the socket address).
# Both the login limits and the API's per-address throttle identify clients this way.
NUM_PROXIES = env_int("NUM_PROXIES", 0)

# Sign-in attempts (django-axes): after AXES_FAILURE_LIMIT failures for one username from
# one address, that pair is locked out for AXES_COOLOFF_MINUTES; after
# SIGN_IN_ADDRESS_FAILURE_LIMIT failures from one address, whatever the usernames, the whole
# address is (one password tried on many accounts). The address's limit is higher because a
# club's members may share one (a venue's network).
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
SIGN_IN_ADDRESS_FAILURE_LIMIT = env_int("SIGN_IN_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 30))
# The handler reads these two in this order: the pair first, then the address alone.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "games.sign_in.AccountAndAddressHandler"
AXES_RESET_ON_SUCCESS = True
# Bounded to what axes can store, so that an over-long user name is a failed sign-in.
AXES_USERNAME_CALLABLE = "games.sign_in.attempted_username"
AXES_IPWARE_PROXY_COUNT = NUM_PROXIES or None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR") if NUM_PROXIES else ("REMOTE_ADDR",)
)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["games.api.permissions.WritesNeedWriteAccess"],
    "DEFAULT_THROTTLE_CLASSES": [
        "games.api.throttles.TokenThrottle",
        "games.api.throttles.SessionUserThrottle",
        "games.api.throttles.AnonymousThrottle",
    ],
    # Requests per token, per signed-in browser user, per anonymous address.
    "DEFAULT_THROTTLE_RATES": {
        "token": os.environ.get("API_THROTTLE_TOKEN", "1200/hour"),
        "user": os.environ.get("API_THROTTLE_USER", "1200/hour"),
        "anon": os.environ.get("API_THROTTLE_ANON", "300/hour"),
        # Failed bearer tokens per address (made-up tokens are refused with 429 after these).
        "token_failure": os.environ.get("API_THROTTLE_TOKEN_FAILURES", "20/hour"),
    },
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.CursorPage",
    "PAGE_SIZE": env_int("API_PAGE_SIZE", 50),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong League API",
    "DESCRIPTION": (
        "Read clubs, players, rule sets, seasons, sessions, hands, standings and player "
        "statistics; record hands idempotently. Authenticate with "
        "`Authorization: Bearer <token>` (tokens are made on the site's API tokens page)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The events' choice sets, named once each (several fields share them).
    "ENUM_NAME_OVERRIDES": {
        "EventStateEnum": "games.events.models.Event.State",
        "RoundStateEnum": "games.events.models.Round.State",
        "SeatingMethodEnum": "games.events.models.Event.Seating",
        "ClockStateEnum": "games.events.clock.ClockState",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.add_error_responses",
        "games.webhooks.schema.add_webhook_payloads",
        "games.api.schema.add_links",
    ],
}

# Jobs: Django's task framework (the django-tasks backport on Django 5.2), queued in the
# database so that workers on any machine sharing it run them (`manage.py worker`).
# Two queues, each with workers of its own (`manage.py worker` serves "default", `manage.py
# worker --queue-name webhooks` the deliveries): a slow receiver never keeps an import waiting.
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default", "webhooks"],
    }
}

# A running worker writes a heartbeat this often; `/health/` counts it silent after two missed.
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", 10)

# The caches: "default" (API throttle counts) and "progress" (how far running jobs have got,
# written outside their transactions). In Redis when REDIS_URL is set, so that every app
# server and worker shares them; otherwise throttles count in each process's memory and
# progress goes to a folder the processes of this machine share.
REDIS_URL = os.environ.get("REDIS_URL", "")
JOB_PROGRESS_DIR = Path(os.environ.get("JOB_PROGRESS_DIR", BASE_DIR / "job-progress"))
if REDIS_URL:
    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Lets several sites (or test runs) share one Redis without sharing counts.
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "") + prefix,
        }
        for alias, prefix in (("default", ""), ("progress", "progress"))
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "progress": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(JOB_PROGRESS_DIR),
        },
    }

# A signed-in request reads its session from the shared cache (written through to the
# database) when there is one: no query for it. Without Redis each process's memory would
# keep a signed-out session alive in the others, so the database alone.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if REDIS_URL
    else "django.contrib.sessions.backends.db"
)

# Ratings: a write's replay job starts this long after it is queued, so that the hands of
# a club night meanwhile join it; a replay that failed is tried again after this long.
RATINGS_DELAY_SECONDS = env_int("RATINGS_DELAY_SECONDS", 30)
RATINGS_RETRY_SECONDS = env_int("RATINGS_RETRY_SECONDS", 60)

# Webhooks: hook URLs must resolve to public addresses (no requests into the private
# network); development and tests may allow loopback for a receiver on this machine.
WEBHOOKS_ALLOW_LOOPBACK = env_bool("WEBHOOKS_ALLOW_LOOPBACK", DEBUG)
# The whole of one delivery attempt (connect, send, answer), by the clock: a receiver that
# trickles its answer is cut off then, and the delivery retried later.
WEBHOOKS_TIMEOUT_SECONDS = env_int("WEBHOOKS_TIMEOUT_SECONDS", 10)
# The first retry of a failed delivery waits this long; each next one twice as long (max 1 h).
WEBHOOKS_RETRY_SECONDS = env_int("WEBHOOKS_RETRY_SECONDS", 30)

# Log lines carry the id of their request; LOG_FORMAT=json writes one JSON object a line.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r}: use text or json.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "one_line_refusals": {"()": "mahjong_league.log_filters.OneLineRefusals"},
        "request_id": {"()": "games.request_ids.RequestIdFilter"},
    },
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {"()": "mahjong_league.observability.JsonLines"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": LOG_FORMAT,
        }
    },
    # Django logs a refused request (403, 400) with the exception's traceback.
    "loggers": {"django.request": {"filters": ["one_line_refusals"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Errors, and the traces of requests slower than SENTRY_SLOW_REQUEST_MS, go to Sentry.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    sentry_start(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        slow_seconds=env_int("SENTRY_SLOW_REQUEST_MS", 1000) / 1000,
    )
