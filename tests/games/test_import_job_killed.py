"""A worker killed in the middle of an import leaves nothing behind, and a retry imports the
whole file: the worker runs in a process of its own, on a database every process shares."""

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
from django.core.cache.backends.filebased import FileBasedCache
from django.db import connection

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=10)

ROOT = Path(__file__).resolve().parents[2]
# Enough games for the writing to be caught half-way (PostgreSQL's COPY writes much faster).
GAMES = 100_000 if connection.vendor == "postgresql" else 12_000
SETUP = f"""
from django.contrib.auth.models import User
from games import services
from games.importing import jobs
alice = User.objects.create_user("alice")
club = services.club_create(name="Dragons", slug="dragons", visibility="public", organiser=alice)
for name in "ABCD":
    services.player_create(club=club, name=name)
rules = services.rule_set_create(club=club, name="HK", family="hk", by=alice,
    params={{"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}})
season = services.season_save(club=club, name="Spring", rule_set=rules)
text = "2026-03-01\\nA B C D\\n" + "1 - - -\\n2 d - -\\n" * {GAMES // 2}
options = {{"score_format": "hk", "rule_set": None, "undated_on": None}}
job = jobs.job_queue(season=season, file_name="big.txt", text=text, options=options, by=alice)
print(job.pk)
"""
STATE = """
import json
from games.importing import jobs
from games.models import Hand, ImportJob
job = ImportJob.objects.get()
print(json.dumps({"status": job.status, "hands": Hand.objects.count(),
    "lost": jobs.job_is_lost(job), "attempts": job.attempts}))
"""
RETRY = """
from games.importing import jobs
from games.models import ImportJob
print(jobs.job_retry(ImportJob.objects.get()))
"""


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""


def database_url(tmp_path: Path) -> str:
    """The PostgreSQL test database (this test commits), or a SQLite file of its own."""
    if connection.vendor == "postgresql":
        settings = connection.settings_dict
        user, host, port = settings["USER"], settings["HOST"], settings["PORT"] or 5432
        return f"postgres://{user}@{host}:{port}/{settings['NAME']}"
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


@pytest.fixture
def env(tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, str]:
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
    if connection.vendor != "postgresql":
        request.getfixturevalue("migrated_sqlite")(tmp_path / "league.sqlite3")
    return env


def progress_of(env: dict[str, str], job_id: str) -> Any:
    """What the worker has told of the job's progress, read as the site reads it."""
    cache = FileBasedCache(env["JOB_PROGRESS_DIR"], {})
    return cache.get(f"import-job:{job_id}")


def state(env: dict[str, str]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(manage(env, "shell", "-c", STATE))
    return loaded


@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_leaves_no_hand_and_the_retry_imports_everything(
    env: dict[str, str],
) -> None:
    job_id = manage(env, "shell", "-c", SETUP)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "worker", "--burst", "-v", "0"], cwd=ROOT, env=env
    )
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

    # The heartbeat stops with the worker: wait until its last beat is older than the limit.
    last_beat = progress_of(env, job_id)["beat"]
    time.sleep(max(0.0, last_beat + float(env["IMPORT_JOB_STALE_SECONDS"]) + 0.1 - time.time()))
    killed = state(env)
    assert (killed["status"], killed["hands"], killed["lost"]) == ("running", 0, True)

    assert manage(env, "shell", "-c", RETRY) == "[]"
    manage(env, "worker", "--burst", "-v", "0")

    retried = state(env)
    assert (retried["status"], retried["hands"], retried["attempts"]) == ("done", GAMES, 2)
