"""A running worker's heartbeat: a thread of the worker's process writes it every few seconds."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from games.health.models import WorkerHeartbeat

# Rows of workers gone this long are deleted when a worker starts.
FORGOTTEN_AFTER = timedelta(days=1)


def served_queues(*, queue_names: Iterable[str], excluded: Iterable[str] = ()) -> list[str]:
    """The queues a worker started with ``--queue-name`` (``*``: all of them) serves."""
    names = set(queue_names)
    if "*" in names:
        names = set(settings.TASKS["default"]["QUEUES"])
    return sorted(names - set(excluded))


def worker_heartbeat_record(*, worker_id: str, queue_names: list[str], interval: int) -> None:
    """Records that the worker is alive now, for each queue it serves."""
    now = timezone.now()
    with transaction.atomic():
        for queue_name in queue_names:
            WorkerHeartbeat.objects.update_or_create(
                worker_id=worker_id,
                queue_name=queue_name,
                defaults={"seen_at": now, "interval_seconds": interval},
            )


def worker_heartbeats_forget() -> None:
    """Deletes the rows of workers not heard of for a day (stopped, or renamed)."""
    WorkerHeartbeat.objects.filter(seen_at__lt=timezone.now() - FORGOTTEN_AFTER).delete()


class Heartbeat(threading.Thread):
    """Beats beside the worker's loop, so that a long job does not read as a dead worker.
    The first beat is the caller's (``start``, before the worker's loop begins); the thread
    has a database connection of its own, closed after each beat: none is held asleep."""

    def __init__(self, *, worker_id: str, queue_names: list[str], interval: int) -> None:
        super().__init__(name="worker-heartbeat", daemon=True)
        self.worker_id = worker_id
        self.queue_names = queue_names
        self.interval = interval
        self.stopping = threading.Event()

    def start(self) -> None:
        with contextlib.suppress(DatabaseError):  # tidying only; the beats tell the rest
            worker_heartbeats_forget()
        self.beat()  # a worker is alive from its start
        super().start()

    def run(self) -> None:
        while not self.stopping.wait(self.interval):
            try:
                self.beat()
            finally:
                connection.close()

    def beat(self) -> None:
        with contextlib.suppress(DatabaseError):  # the probe tells; the next beat tries again
            worker_heartbeat_record(
                worker_id=self.worker_id, queue_names=self.queue_names, interval=self.interval
            )

    def stop(self) -> None:
        """Ends the beats (the worker has stopped) and waits for the one under way."""
        self.stopping.set()
        self.join()
