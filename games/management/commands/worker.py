"""Run queued jobs: `worker` runs until stopped, `worker --burst` runs what is queued and exits.

A thin wrapper of django-tasks-db's own `db_worker` (every option of it works here too), so
that scripts, tests and the docs name one command whatever the backend becomes.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker


class Command(DatabaseWorker):
    help = (
        "Run queued jobs (webhook deliveries, …) until stopped; with --burst, run every job "
        "that is due and exit. Start as many workers as you like, on any machine sharing "
        "the database."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--burst",
            action="store_true",
            help="Run every job that is due now, then exit (for tests and scripts).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options.pop("burst", False):
            # No reloader and no thundering-herd delay: a burst is one pass over the queue.
            options.update(batch=True, reload=False, startup_delay=False)
        super().handle(*args, **options)
