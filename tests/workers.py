"""Running queued jobs from a test."""

from __future__ import annotations

from unittest import mock

from django.core.management import call_command
from django_tasks_db.management.commands import db_worker


def run_worker() -> None:
    """`manage.py worker --burst` inside the test's own transaction. The worker checks its
    database connection between jobs and closes one that is not in autocommit, as a test's
    transaction is not; here that check is left out (tests that commit run it as it is)."""
    with mock.patch.object(db_worker, "close_old_connections"):
        call_command("worker", "--burst", verbosity=0)
