"""How far a running import has got, told outside its transaction.

The import writes in one transaction, so nothing it writes to the database is visible
before it ends. Its progress goes to the "progress" cache instead (Redis when REDIS_URL is
set, else a folder every process on the machine shares), with a heartbeat: a job marked
running whose heartbeat stopped has lost its worker, and its transaction was rolled back.
A cancellation asked for on the job page reaches the worker the same way."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import BaseCache, caches

# Stages of an import, in order; each is half of the bar when the file is imported.
READING, WRITING = "reading", "writing"
TELL_EVERY_SECONDS = 0.5
BEAT_SECONDS = 2.0
KEEP_SECONDS = 24 * 3600


class Cancelled(Exception):
    """The organiser cancelled the job: the import's transaction is rolled back."""


def _key(job_id: str) -> str:
    return f"import-job:{job_id}"


def _cache() -> BaseCache:
    return caches["progress"]


@dataclass(frozen=True)
class Snapshot:
    """What the job page shows of a running import."""

    stage: str
    done: int
    total: int
    started: float  # time.time() when the job started
    beat: float  # the last heartbeat

    @property
    def percent(self) -> int:
        """Reading the games is the first half of the bar, writing the hands the second."""
        fraction = self.done / self.total if self.total else 0.0
        half = 0 if self.stage == READING else 50
        return min(99, half + int(fraction * 50))

    @property
    def seconds_left(self) -> int | None:
        elapsed = self.beat - self.started
        if self.percent < 5 or elapsed <= 0:
            return None
        return int(elapsed * (100 - self.percent) / self.percent)

    def is_stale(self, now: float | None = None) -> bool:
        now = time.time() if now is None else now
        return now - self.beat > stale_seconds()


def stale_seconds() -> int:
    """How long a running job may go without a heartbeat before its worker counts as lost."""
    limit: int = settings.IMPORT_JOB_STALE_SECONDS
    return limit


def snapshot(job_id: str) -> Snapshot | None:
    kept = _cache().get(_key(job_id))
    return Snapshot(**kept) if kept else None


def forget(job_id: str) -> None:
    _cache().delete_many([_key(job_id), _key(job_id) + ":cancel"])


def ask_cancel(job_id: str) -> None:
    _cache().set(_key(job_id) + ":cancel", True, KEEP_SECONDS)


def cancel_asked(job_id: str) -> bool:
    return bool(_cache().get(_key(job_id) + ":cancel"))


# A stage, how many of its items are done and how many there are in all.
Tell = Callable[[str, int, int], None]


def silent(stage: str, done: int, total: int) -> None:
    """What is told when no one is listening for progress."""


class Reporter:
    """Handed to the import: records progress at most twice a second, beats while the job
    runs (a thread, so a long commit is not taken for a lost worker), and raises
    ``Cancelled`` at the next report once the organiser has asked for it."""

    def __init__(self, job_id: str) -> None:
        self.job_id = job_id
        self.state = {"stage": READING, "done": 0, "total": 0, "started": time.time()}
        self.last = 0.0
        self.stopped = threading.Event()
        self.beating = threading.Thread(target=self._beat, daemon=True)

    def __enter__(self) -> Reporter:
        self._store()
        self.beating.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.beating.join()

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.state.update(stage=stage, done=done, total=total)
        now = time.time()
        if now - self.last < TELL_EVERY_SECONDS and done < total:
            return
        self.last = now
        self._store()
        if cancel_asked(self.job_id):
            raise Cancelled

    def _store(self) -> None:
        _cache().set(_key(self.job_id), {**self.state, "beat": time.time()}, KEEP_SECONDS)

    def _beat(self) -> None:
        while not self.stopped.wait(BEAT_SECONDS):
            self._store()
