"""Settings for the test suite: the site's own settings, told explicitly that they are tested."""

import os
import tempfile
from pathlib import Path

# Only this module (named by pytest's DJANGO_SETTINGS_MODULE) switches test mode on; importing
# pytest, or anything else, does not.
os.environ["MAHJONG_LEAGUE_TESTING"] = "1"

from mahjong_league.settings import *  # noqa: F403

# Files the tests upload are kept out of the project folder.
MEDIA_ROOT = Path(tempfile.gettempdir()) / "mahjong-league-test-media"
JOB_PROGRESS_DIR = Path(tempfile.gettempdir()) / "mahjong-league-test-progress"
if not REDIS_URL:  # noqa: F405
    CACHES["progress"]["LOCATION"] = str(JOB_PROGRESS_DIR)  # noqa: F405
