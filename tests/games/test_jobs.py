"""Jobs go through the database backend and `manage.py worker --burst` runs what is due."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks import TaskResultStatus, task, task_backends
from django_tasks_db import DatabaseBackend

from games.models import Club


@task()
def rename_club(club_id: int, name: str) -> str:
    Club.objects.filter(pk=club_id).update(name=name)
    return name


def make_club() -> Club:
    return Club.objects.create(name="Dragons", slug="dragons", visibility="public")


def test_the_default_backend_is_the_database() -> None:
    assert isinstance(task_backends["default"], DatabaseBackend)


@pytest.mark.django_db(transaction=True)
def test_a_queued_job_waits_for_a_worker_and_burst_runs_it(capsys: Any) -> None:
    club = make_club()
    result = rename_club.enqueue(club.pk, "Jade Dragons")
    club.refresh_from_db()
    assert result.status == TaskResultStatus.READY and club.name == "Dragons"

    call_command("worker", "--burst")  # returns once the queue is empty

    club.refresh_from_db()
    result.refresh()
    assert club.name == "Jade Dragons"
    assert result.status == TaskResultStatus.SUCCESSFUL and result.return_value == "Jade Dragons"


@pytest.mark.django_db(transaction=True)
def test_a_burst_leaves_a_job_that_is_due_later() -> None:
    club = make_club()
    later = timezone.now() + dt.timedelta(minutes=5)
    result = rename_club.using(run_after=later).enqueue(club.pk, "Later")

    call_command("worker", "--burst")

    result.refresh()
    club.refresh_from_db()
    assert result.status == TaskResultStatus.READY and club.name == "Dragons"
