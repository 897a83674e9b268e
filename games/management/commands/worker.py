"""Run queued jobs: `worker` runs until stopped, `worker --burst` runs what is queued and exits.

A thin wrapper of django-tasks-db's own `db_worker` (every option of it works here too), so
that scripts, tests and the docs name one command whatever the backend becomes. A running
worker serves one queue ("default" unless `--queue-name` says otherwise): webhook deliveries
have a queue of their own ("webhooks") and workers of their own, so that slow receivers never
keep imports waiting. A burst, unless told a queue, runs every queue's due jobs.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker


class Command(DatabaseWorker):
    help = (
        "Run queued jobs until stopped: imports and the rest on the default queue, or with "
        "--queue-name webhooks the webhook deliveries (run workers for both). With --burst, "
        "run every job that is due (on every queue unless --queue-name is given) and exit. "
        "Start as many workers as you like, on any machine sharing the database."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--burst",
            action="store_true",
            help="Run every job that is due now, then exit (for tests and scripts).",
        )
        # None: not given, so that a burst can take every queue and a worker the default one.
        parser.set_defaults(queue_name=None)

    def handle(self, *args: Any, **options: Any) -> None:
        burst = options.pop("burst", False)
        if burst:
            # No reloader and no thundering-herd delay: a burst is one pass over the queues.
            options.update(batch=True, reload=False, startup_delay=False)
        if options["queue_name"] is None:
            options["queue_name"] = "*" if burst else "default"
        super().handle(*args, **options)
