"""Run queued jobs: `worker` runs until stopped, `worker --burst` runs what is queued and exits.

A thin wrapper of django-tasks-db's own `db_worker` (every option of it works here too), so
that scripts, tests and the docs name one command whatever the backend becomes. A running
worker serves one queue ("default" unless `--queue-name` says otherwise): webhook deliveries
have a queue of their own ("webhooks") and workers of their own, so that slow receivers never
keep imports waiting. A burst, unless told a queue, runs every queue's due jobs.
"""

from __future__ import annotations

import os
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from games.health.heartbeat import Heartbeat, served_queues


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
        heartbeat = start_heartbeat(options) if not burst and runs_here(options) else None
        try:
            super().handle(*args, **options)
        finally:
            if heartbeat is not None:
                heartbeat.stop()


def runs_here(options: dict[str, Any]) -> bool:
    """Whether this process runs the jobs: with --reload the reloader's child does."""
    return not options["reload"] or os.environ.get(DJANGO_AUTORELOAD_ENV) == "true"


def start_heartbeat(options: dict[str, Any]) -> Heartbeat:
    """The worker tells `/health/` that it is alive every WORKER_HEARTBEAT_SECONDS."""
    excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
    queues = served_queues(queue_names=options["queue_name"].split(","), excluded=excluded)
    heartbeat = Heartbeat(
        worker_id=options["worker_id"],
        queue_names=queues,
        interval=settings.WORKER_HEARTBEAT_SECONDS,
    )
    heartbeat.start()
    return heartbeat
