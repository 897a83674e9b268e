"""The health probe that the proxy in front (deploy/nginx/league.conf), load balancers and
monitors call, and `manage.py health`, its twin for scripts."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client
from django.utils import timezone
from django_tasks import task
from django_tasks_db.models import DBTaskResult

from games.health.heartbeat import worker_heartbeat_record
from games.health.models import WorkerHeartbeat
from games.models import Club

ROOT = Path(__file__).resolve().parents[3]
QUEUES = ["default", "webhooks"]


@task()
def rename_club(club_id: int, name: str) -> str:
    Club.objects.filter(pk=club_id).update(name=name)
    return name


def workers_alive() -> None:
    worker_heartbeat_record(worker_id="w1", queue_names=QUEUES, interval=10)


def probe() -> tuple[int, dict[str, Any]]:
    response = Client().get("/health/")
    return response.status_code, response.json()


def test_the_probe_answers_200_without_a_session(db: Any, settings: Any) -> None:
    settings.SECURE_SSL_REDIRECT = True  # production: the probe over plain http is answered
    settings.REDIS_URL = ""  # no shared cache to check
    workers_alive()
    response = Client().get("/health/")
    assert response.status_code == 200, response.content
    assert "no-cache" in response["Cache-Control"] and not response.cookies
    report = response.json()
    # Seconds since the beat: the first probe of a process also reads the migrations' code.
    beats = [report["queues"][name].pop("last_heartbeat_seconds") for name in QUEUES]
    assert all(0 <= beat < 20 for beat in beats)
    assert report == {
        "status": "ok",
        "database": "ok",
        "migrations": "ok",
        "cache": "not configured",
        "queues": {name: {"due": 0, "oldest_due_seconds": None, "workers": 1} for name in QUEUES},
    }
    assert Client().post("/health/").status_code == 405


def test_the_probe_is_a_few_queries(db: Any, django_assert_num_queries: Any) -> None:
    workers_alive()
    probe()  # the latest migrations are read from the code once per process
    with django_assert_num_queries(4):
        assert probe()[0] == 200


def test_it_counts_due_jobs_and_the_wait_of_the_oldest(db: Any) -> None:
    workers_alive()
    club = Club.objects.create(name="Dragons", slug="dragons", visibility="public")
    rename_club.enqueue(club.pk, "First")
    rename_club.enqueue(club.pk, "Second")
    rename_club.using(run_after=timezone.now() + dt.timedelta(hours=1)).enqueue(club.pk, "Later")
    DBTaskResult.objects.filter(args_kwargs__args=[club.pk, "First"]).update(
        enqueued_at=timezone.now() - dt.timedelta(minutes=5)
    )
    status, report = probe()
    assert status == 200
    assert report["queues"]["default"]["due"] == 2
    assert 299 <= report["queues"]["default"]["oldest_due_seconds"] <= 310
    assert report["queues"]["webhooks"]["due"] == 0


def test_a_worker_silent_for_two_beats_is_unhealthy(db: Any) -> None:
    workers_alive()
    WorkerHeartbeat.objects.filter(queue_name="webhooks").update(
        seen_at=timezone.now() - dt.timedelta(seconds=25)
    )
    status, report = probe()
    assert status == 503 and report["status"] == "unhealthy"
    assert report["queues"]["webhooks"]["workers"] == 0
    assert report["queues"]["webhooks"]["last_heartbeat_seconds"] >= 25
    assert report["queues"]["default"]["workers"] == 1


def test_a_queue_no_worker_ever_served_is_unhealthy(db: Any) -> None:
    worker_heartbeat_record(worker_id="w1", queue_names=["default"], interval=10)
    status, report = probe()
    assert status == 503
    assert report["queues"]["webhooks"] == {
        "due": 0,
        "oldest_due_seconds": None,
        "workers": 0,
        "last_heartbeat_seconds": None,
    }


def test_a_migration_not_applied_is_unhealthy(db: Any) -> None:
    workers_alive()
    latest = max(
        name for app, name in MigrationRecorder(connection).applied_migrations() if app == "games"
    )
    MigrationRecorder(connection).record_unapplied("games", latest)
    status, report = probe()
    assert status == 503 and report["migrations"] == "pending"


def test_a_shared_cache_that_does_not_answer_is_unhealthy(db: Any, settings: Any) -> None:
    workers_alive()
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.REDIS_URL,
        },
    }
    status, report = probe()
    assert status == 503 and report["cache"] == "unreachable"


@pytest.mark.django_db(transaction=True)
def test_a_running_worker_beats_for_each_of_its_queues(settings: Any) -> None:
    club = Club.objects.create(name="Dragons", slug="dragons", visibility="public")
    rename_club.enqueue(club.pk, "Jade Dragons")
    assert probe()[0] == 503  # no worker yet
    call_command(
        "worker",
        "--queue-name",
        "*",
        "--max-tasks",
        "1",
        "--no-reload",
        "--no-startup-delay",
        "--worker-id",
        "w7",
        verbosity=0,
    )
    assert sorted(WorkerHeartbeat.objects.values_list("worker_id", "queue_name")) == [
        ("w7", "default"),
        ("w7", "webhooks"),
    ]
    status, report = probe()
    assert status == 200 and report["queues"]["default"]["due"] == 0


def test_an_unreachable_database_is_unhealthy_for_the_probe_and_the_command(
    tmp_path: Path,
) -> None:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "MAHJONG_LEAGUE_TESTING": "1",
        # Nothing listens on port 1: the connection is refused at once.
        "DATABASE_URL": "postgres://league@127.0.0.1:1/league",
    }
    env.pop("REDIS_URL", None)
    command = [sys.executable, "manage.py", "health"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout) == {
        "status": "unhealthy",
        "database": "unreachable",
        "cache": "not configured",
    }
    page = "from django.test import Client; r = Client().get('/health/'); print(r.status_code)"
    command = [sys.executable, "manage.py", "shell", "-v", "0", "-c", page]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "503", result.stderr
