"""Settings for the test suite: the site's own settings, told explicitly that they are tested."""

import os
import tempfile
from pathlib import Path

# Only this module (named by pytest's DJANGO_SETTINGS_MODULE) switches test mode on; importing
# pytest, or anything else, does not.
os.environ["MAHJONG_LEAGUE_TESTING"] = "1"

from mahjong_league.settings import *  # noqa: F403

# Under pytest-xdist each worker (gw0, gw1, ...) gets its own test database from
# pytest-django; it also gets its own upload folder, progress folder and cache keys, so that
# workers never see each other's files or job progress.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
SUFFIX = f"-{WORKER}" if WORKER else ""

# Files the tests upload are kept out of the project folder.
MEDIA_ROOT = Path(tempfile.gettempdir()) / f"mahjong-league-test-media{SUFFIX}"
JOB_PROGRESS_DIR = Path(tempfile.gettempdir()) / f"mahjong-league-test-progress{SUFFIX}"
if not REDIS_URL:  # noqa: F405
    CACHES["progress"]["LOCATION"] = str(JOB_PROGRESS_DIR)  # noqa: F405
else:
    for cache in CACHES.values():  # noqa: F405
        cache["KEY_PREFIX"] = f"{cache['KEY_PREFIX']}{SUFFIX}"

# A test that runs the worker after a write wants the write's ratings replayed then, not
# half a minute later; the tests of the delay set it themselves.
RATINGS_DELAY_SECONDS = 0

# WhiteNoise looks a static file up when it is asked for, instead of indexing every file of
# every finder (about 570, each stat-ed and given its headers) whenever its middleware is
# made: each test's client makes the middleware anew, and that index was 45 ms of each.
WHITENOISE_AUTOREFRESH = True

# Real password hashing costs a third of a second a user; tests only need it to work. (Set
# here rather than per test: overriding a setting for each of 4,000 tests costs seconds.)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The tests' read replica is the test database itself (their transactions are not streamed
# anywhere); tests/test_replica.py starts processes of the site against the real one.
if "replica" in DATABASES:  # noqa: F405
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}  # noqa: F405
