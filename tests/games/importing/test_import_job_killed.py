"""A worker killed in the middle of an import leaves nothing behind, and a retry imports the
whole file: the worker runs in a process of its own, on a database every process shares.

The test sets the season and queues the job itself, then hands the processes a copy of its
database (on SQLite; on PostgreSQL they share it); three processes run the site's code: the
worker that is killed, one that reads the job's state and retries it, and one that runs the
retry's worker and reads the state after. (Each costs its start-up: about half a second.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache.backends.filebased import FileBasedCache
from django.db import connection

from games import services
from games.importing import jobs
from tests.conftest import HK_HALF

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=6)

ROOT = Path(__file__).resolve().parents[3]
# Enough games for the writing to be caught half-way (PostgreSQL's COPY writes much faster):
# the worker tells its progress at most twice a second, so the writing must last well over
# half a second for the test to see it begun (on SQLite 24,000 hands take about one).
GAMES = 100_000 if connection.vendor == "postgresql" else 24_000
FILE = "2026-03-01\nA B C D\n" + "1 - - -\n2 d - -\n" * (GAMES // 2)
STATE = """
import json
from games.importing import jobs
from games.importing.models import ImportJob
from games.models import Hand
job = ImportJob.objects.get()
print(json.dumps({"status": job.status, "hands": Hand.objects.count(),
    "lost": jobs.job_is_lost(job), "attempts": job.attempts}))
"""
WAIT_UNTIL = """
import time
time.sleep(max(0.0, {!r} - time.time()))
"""
RETRY = """
print(jobs.job_retry(ImportJob.objects.get()))
"""  # after STATE, in the same process
WORK = """
from django.core.management import call_command
call_command("worker", "--burst", verbosity=0)  # as `manage.py worker --burst`
"""


def printed(env: dict[str, str], *args: str) -> list[str]:
    """What ``manage.py args`` printed, line by line (it must succeed)."""
    command = [sys.executable, "manage.py", *args]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines()


def manage(env: dict[str, str], *args: str) -> str:
    """The last line ``manage.py args`` printed."""
    lines = printed(env, *args)
    return lines[-1] if lines else ""


def shell(env: dict[str, str], code: str) -> list[str]:
    """What ``manage.py shell -c code`` printed, line by line."""
    return printed(env, "shell", "-v", "0", "-c", code)


def database_url(tmp_path: Path) -> str:
    """The PostgreSQL test database (this test commits), or a SQLite file of its own."""
    if connection.vendor == "postgresql":
        settings = connection.settings_dict
        user, host, port = settings["USER"], settings["HOST"], settings["PORT"] or 5432
        return f"postgres://{user}@{host}:{port}/{settings['NAME']}"
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return processes_env(tmp_path)


def processes_env(tmp_path: Path) -> dict[str, str]:
    """The environment of the site's processes a test starts: its database (the file is
    the test's to make, on SQLite), its storage and its progress folder."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(tmp_path),
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "MAHJONG_LEAGUE_TESTING": "1",
        "MEDIA_ROOT": str(tmp_path / "media"),
        "JOB_PROGRESS_DIR": str(tmp_path / "progress"),
        "IMPORT_JOB_STALE_SECONDS": "2",
    }
    env.pop("REDIS_URL", None)  # progress in a folder of this test's own
    return env


def queue_the_import(env: dict[str, str], settings: Any) -> str:
    """A season and the import of ``FILE`` queued, as ``import_scores --background`` queues
    it, in this test's database, the file kept in the processes' storage; on SQLite they get
    a copy of the database. Returns the job's id."""
    settings.MEDIA_ROOT = env["MEDIA_ROOT"]
    alice = User.objects.create_user("alice")
    club = services.club_create(
        name="Dragons", slug="dragons", visibility="public", organiser=alice
    )
    for name in "ABCD":
        services.player_create(club=club, name=name)
    rules = services.rule_set_create(club=club, name="HK", family="hk", by=alice, params=HK_HALF)
    season = services.season_save(club=club, name="Spring", rule_set=rules)
    options = {"score_format": "hk", "rule_set": None, "undated_on": None}
    job = jobs.job_queue(season=season, file_name="big.txt", text=FILE, options=options, by=alice)
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:  # committed: the test runs in autocommit
            cursor.execute("VACUUM INTO %s", [env["DATABASE_URL"].removeprefix("sqlite:///")])
    return str(job.pk)


def progress_of(env: dict[str, str], job_id: str) -> Any:
    """What the worker has told of the job's progress, read as the site reads it."""
    cache = FileBasedCache(env["JOB_PROGRESS_DIR"], {})
    return cache.get(f"import-job:{job_id}")


def state(printed: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(printed)
    return loaded


@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_leaves_no_hand_and_the_retry_imports_everything(
    env: dict[str, str], settings: Any
) -> None:
    job_id = queue_the_import(env, settings)
    # The worker as it is run, but for the system checks, which import every page's module
    # (a second of start-up) and have nothing to do with jobs.
    command = [sys.executable, "manage.py", "worker", "--burst", "-v", "0", "--skip-checks"]
    worker = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        for _ in range(600):  # until the worker is writing the hands, inside its transaction
            seen = progress_of(env, job_id)
            if seen and (seen is True or seen["stage"] == "writing"):
                break
            assert worker.poll() is None, "the worker finished before it could be killed"
            time.sleep(0.05)
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.wait(timeout=30)

    # The heartbeat stops with the worker: the job is read once its last beat is older than
    # the limit (the process waits for that after its start-up, not before).
    stale_at = progress_of(env, job_id)["beat"] + float(env["IMPORT_JOB_STALE_SECONDS"]) + 0.1
    printed, retried_job = shell(env, WAIT_UNTIL.format(stale_at) + STATE + RETRY)
    killed = state(printed)
    assert (killed["status"], killed["hands"], killed["lost"]) == ("running", 0, True)
    assert retried_job == "[]"

    retried = state(shell(env, WORK + STATE)[-1])
    assert (retried["status"], retried["hands"], retried["attempts"]) == ("done", GAMES, 2)
