"""The site's health as the probe reports it: what is wrong, never whose data or which host.

A handful of queries (``tests/games/health/test_health.py`` pins the number), so that a load
balancer or a monitor may ask every few seconds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Case, Count, F, Min, Q, When
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max

from games.health.models import WorkerHeartbeat

OK = "ok"


@dataclass(frozen=True)
class Health:
    """The probe's answer: healthy or not, and the small report it shows."""

    healthy: bool
    report: dict[str, Any]


def site_health() -> Health:
    """Every check: the database, its migrations, the shared cache, the job queues and
    their workers. Nothing after the database is asked when the database does not answer."""
    report: dict[str, Any] = {"database": database_state(), "cache": cache_state()}
    if report["database"] == OK:
        try:
            report["migrations"] = migrations_state()
            report["queues"] = queues_state(now=timezone.now())
        except DatabaseError:
            report["database"] = "failing"
    healthy = (
        report["database"] == OK
        and report.get("migrations") == OK
        and report["cache"] != "unreachable"
        and all(queue["workers"] > 0 for queue in report.get("queues", {}).values())
    )
    report["status"] = OK if healthy else "unhealthy"
    return Health(healthy=healthy, report=report)


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return "unreachable"
    return OK


@functools.cache
def latest_migrations() -> frozenset[tuple[str, str]]:
    """The last migration of each app, read from the code once per process: when they are
    applied, the ones before them are."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.leaf_nodes())


def migrations_state() -> str:
    latest = latest_migrations()
    wanted = Q()
    for app, name in latest:
        wanted |= Q(app=app, name=name)
    applied = MigrationRecorder(connection).migration_qs.filter(wanted).count()
    return OK if applied == len(latest) else "pending"


def cache_state() -> str:
    """The shared cache (Redis) answers, when there is one; a process's own memory always does."""
    if not settings.REDIS_URL:
        return "not configured"
    try:
        caches["default"].get("health-probe")
    except Exception:  # each cache backend raises errors of its own (redis: ConnectionError)
        return "unreachable"
    return OK


def queues_state(*, now: datetime) -> dict[str, dict[str, Any]]:
    """For each queue: the jobs due and how long the oldest has waited, the workers heard
    of lately and how long ago the last one beat."""
    queues = {name: empty_queue() for name in settings.TASKS["default"]["QUEUES"]}
    for row in due_jobs():
        if row["queue_name"] in queues:
            queues[row["queue_name"]]["due"] = row["due"]
            queues[row["queue_name"]]["oldest_due_seconds"] = seconds(now - row["since"])
    for queue_name, seen_at, interval in WorkerHeartbeat.objects.values_list(
        "queue_name", "seen_at", "interval_seconds"
    ):
        if queue_name in queues:
            count_beat(queues[queue_name], silent_for=seconds(now - seen_at), interval=interval)
    return queues


def empty_queue() -> dict[str, Any]:
    return {"due": 0, "oldest_due_seconds": None, "workers": 0, "last_heartbeat_seconds": None}


def due_jobs() -> Any:
    # A job queued without a time to run after carries the largest date: it is due since queued.
    since = Case(When(run_after=get_date_max(), then=F("enqueued_at")), default=F("run_after"))
    return (
        DBTaskResult.objects.ready()
        .values("queue_name")
        .annotate(due=Count("id"), since=Min(since))
        .order_by()
    )


def count_beat(queue: dict[str, Any], *, silent_for: int, interval: int) -> None:
    """A worker is alive until it has missed two beats."""
    if silent_for <= 2 * interval:
        queue["workers"] += 1
    last = queue["last_heartbeat_seconds"]
    queue["last_heartbeat_seconds"] = silent_for if last is None else min(last, silent_for)


def seconds(delta: timedelta) -> int:
    return max(0, int(delta.total_seconds()))
