"""Benchmark: a club night at 10, 40 and 100 tables against gunicorn, PostgreSQL and a worker.

Builds the capacity club in the PostgreSQL database of ``DATABASE_URL`` (200 players, a
season of ``--games`` HK games, a member and a session per table: tools/club_night_data.py),
starts gunicorn and one job worker on 127.0.0.1, and runs the club night at each number of
tables for a fixed time: every table records a hand a minute over the API with an
Idempotency-Key and its score sheet polls every 5 s; a projector and two organisers read
the season page and the standings; a tool pages /api/v1/hands/ (tools/club_night_load.py).
Prints per endpoint req/s, errors, timeouts, server time (gunicorn's access log, %(M)s)
and client time p50/p95/p99, CPU by process and the job queue's depth; afterwards checks
that every keyed hand is stored once and that the kept totals are right. Asserts nothing.

    DATABASE_URL=postgres://... .venv/bin/python tools/bench_club_night.py \\
        [--tables 10,40,100] [--seconds 60 | --minutes 10] [--workers 3] \\
        [--worker-class sync|gthread --threads 4]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from club_night_data import ROOT, Night, night_build, night_delete
from club_night_load import TIMEOUT, Log, Sample, night_threads
from django.db import connection
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from games.models import Hand, Session
from games.totals import totals_check

PYTHON = str(Path(sys.executable))
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(M)s"  # method, path, status, milliseconds
QUEUE_EVERY = 5  # seconds between samples of the job queue
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Servers:
    gunicorn: subprocess.Popen[bytes]
    worker: subprocess.Popen[bytes]
    access_log: Path


def main() -> None:
    options = _options()
    if connection.vendor != "postgresql":
        sys.exit("Set DATABASE_URL to a PostgreSQL database: the figures are of PostgreSQL.")
    levels = [int(n) for n in options.tables.split(",")]
    seconds = options.minutes * 60 if options.minutes else options.seconds
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True)
    print(f"Building the club: {options.games:,} games, {max(levels)} tables…", flush=True)
    night = night_build(games=options.games, tables=max(levels))
    connection.close()  # the servers get the database's connections from here on
    servers = _start(options)
    keys = Log()
    try:
        _await(options.port)
        print(_setting(options), flush=True)
        for tables in levels:
            log = _level(night, tables, seconds, options.port, servers)
            keys.keys.update(log.keys)
    finally:
        _stop(servers)
    _check(night, keys)
    if not options.keep:
        night_delete(night.club_id)


def _options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,40,100", help="tables at each level (10,40,100)")
    parser.add_argument("--seconds", type=float, default=60, help="each level's length (60)")
    parser.add_argument("--minutes", type=float, default=0, help="each level's length instead")
    parser.add_argument("--games", type=int, default=20_000, help="games of history (20,000)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    parser.add_argument("--worker-class", default="sync", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--keep", action="store_true", help="keep the club afterwards")
    return parser.parse_args()


def _setting(options: argparse.Namespace) -> str:
    threads = f" × {options.threads} threads" if options.worker_class == "gthread" else ""
    workers = f"{options.workers} {options.worker_class} workers{threads}"
    return f"gunicorn: {workers}; 1 job worker (both queues)"


def _start(options: argparse.Namespace) -> Servers:
    folder = Path(tempfile.mkdtemp(prefix="club-night-"))
    access_log = folder / "access.log"
    gunicorn = [
        str(Path(PYTHON).parent / "gunicorn"),
        "mahjong_league.wsgi",
        f"--bind=127.0.0.1:{options.port}",
        f"--workers={options.workers}",
        f"--worker-class={options.worker_class}",
        f"--threads={options.threads}",
        f"--timeout={int(TIMEOUT) * 3}",
        f"--access-logfile={access_log}",
        f"--access-logformat={ACCESS_FORMAT}",
    ]
    # Their errors (a 500's traceback) go to files beside the access log.
    print(f"logs in {folder}", flush=True)
    errors, jobs = (folder / "gunicorn.log").open("wb"), (folder / "worker.log").open("wb")
    # One worker for the imports' queue and the webhooks' (the health probe asks for both).
    worker = [PYTHON, "manage.py", "worker", "--no-reload", "--queue-name", "default,webhooks"]
    return Servers(
        gunicorn=subprocess.Popen(gunicorn, cwd=ROOT, stdout=errors, stderr=errors),
        worker=subprocess.Popen(worker, cwd=ROOT, stdout=jobs, stderr=jobs),
        access_log=access_log,
    )


def _await(port: int) -> None:
    """Wait (at most a minute) until the site answers its health probe."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    sys.exit("gunicorn did not answer within a minute")


def _stop(servers: Servers) -> None:
    for process in (servers.gunicorn, servers.worker):
        process.send_signal(signal.SIGTERM)
    for process in (servers.gunicorn, servers.worker):
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    # A request cut off may still be running in its backend: the checks and the clean-up
    # start once the servers' backends have ended (or after a minute).
    deadline = time.monotonic() + 60
    while _backends() and time.monotonic() < deadline:
        time.sleep(1)


def _level(night: Night, tables: int, seconds: float, port: int, servers: Servers) -> Log:
    log, stop = Log(), threading.Event()
    threads = night_threads(night, tables, port, log, stop)
    offset = servers.access_log.stat().st_size
    cpu_before = _cpu(servers)
    started = time.monotonic()
    for thread in threads:
        thread.start()
    depths = _queue_depths(stop, started + seconds)
    stop.set()
    for thread in threads:
        thread.join(TIMEOUT * 3)
    elapsed = time.monotonic() - started
    cpu_after = _cpu(servers)
    cpu = {name: _used(cpu_before[name], cpu_after[name]) / elapsed for name in cpu_after}
    _report(tables, elapsed, log, _server_times(servers.access_log, offset), cpu, depths)
    return log


def _queue_depths(stop: threading.Event, until: float) -> list[int]:
    """The jobs waiting, sampled every few seconds until ``until``."""
    depths = []
    while time.monotonic() < until:
        depths.append(DBTaskResult.objects.filter(status=TaskResultStatus.READY).count())
        stop.wait(min(QUEUE_EVERY, max(0.0, until - time.monotonic())))
    connection.close()
    return depths


def _cpu(servers: Servers) -> dict[str, dict[int, float]]:
    """CPU seconds so far of each process: gunicorn (master and workers), the job worker, and
    the PostgreSQL backends serving this database (other databases' are other engineers')."""
    return {
        "gunicorn": _seconds([servers.gunicorn.pid, *_children(servers.gunicorn.pid)]),
        "job worker": _seconds([servers.worker.pid]),
        "postgresql": _seconds(_backends()),
    }


def _used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings by the processes alive at the second (a backend
    that closed meanwhile is not counted: the figure is a lower bound)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def _backends() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        pids = [row[0] for row in cursor.fetchall()]
    connection.close()
    return pids


def _seconds(pids: list[int]) -> dict[int, float]:
    used = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
    return used


ENDPOINTS = [  # (method, path pattern, status or None, name), the first match names a line
    ("POST", r"^/api/v1/hands/$", None, "hand POST"),
    ("GET", r"/live/$", 304, "poll, nothing new"),
    ("GET", r"/live/$", None, "poll, found new"),
    ("GET", r"^/c/[^/]+/seasons/\d+/$", None, "season page"),
    ("GET", r"^/api/v1/seasons/\d+/standings/$", None, "standings API"),
    ("GET", r"^/api/v1/hands/$", None, "API hands page"),
]


def endpoint_of(method: str, path: str, status: int) -> str:
    for want_method, pattern, want_status, name in ENDPOINTS:
        status_fits = want_status is None or want_status == status
        if method == want_method and status_fits and re.search(pattern, path):
            return name
    return f"{method} other"


def _server_times(access_log: Path, offset: int) -> dict[str, list[float]]:
    """Milliseconds in gunicorn per endpoint, from the access log's lines after ``offset``."""
    times: dict[str, list[float]] = defaultdict(list)
    with access_log.open() as lines:
        lines.seek(offset)
        for line in lines:
            method, path, status, ms = line.split()
            times[endpoint_of(method, path, int(status))].append(float(ms))
    return times


def _client_name(sample: Sample) -> str:
    if sample.endpoint == "poll":
        named = {304: "poll, nothing new", 200: "poll, found new"}
        return named.get(sample.status, "poll, failed")
    return sample.endpoint


def _report(
    tables: int,
    elapsed: float,
    log: Log,
    server: dict[str, list[float]],
    cpu: dict[str, float],
    depths: list[int],
) -> None:
    by_endpoint: dict[str, list[Sample]] = defaultdict(list)
    for sample in log.samples:
        by_endpoint[_client_name(sample)].append(sample)
    requests = len(log.samples)
    # CPU per request holds still when the machine is shared; milliseconds do not.
    per_request = cpu["gunicorn"] * elapsed * 1000 / max(requests, 1)
    print(
        f"\n{tables} tables, {elapsed:.0f} s: {requests / elapsed:.1f} req/s; CPU "
        + ", ".join(f"{name} {share:.2f} core" for name, share in cpu.items())
        + f"; gunicorn {per_request:.0f} ms of CPU a request"
        + f"; job queue {max(depths, default=0)} at most, {_mean(depths):.1f} on average"
        + f"; machine load {os.getloadavg()[0]:.1f}"
    )
    print(
        f"  {'endpoint':<20}{'req/s':>7}{'errors':>8}{'timeouts':>10}"
        f"{'server p50/p95/p99 ms':>26}{'client p50/p95/p99 ms':>26}"
    )
    for name, samples in sorted(by_endpoint.items()):
        errors = sum(1 for s in samples if s.status == 0 or s.status >= 400)
        timeouts = sum(1 for s in samples if s.timed_out)
        client = [s.seconds * 1000 for s in samples]
        print(
            f"  {name:<20}{len(samples) / elapsed:7.2f}{errors:8}{timeouts:10}"
            f"{_percentiles(server.get(name, [])):>26}{_percentiles(client):>26}"
        )


def _mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def _percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    picks = [ordered[min(len(ordered) - 1, int(len(ordered) * q))] for q in (0.5, 0.95, 0.99)]
    return " / ".join(f"{value:.0f}" for value in picks)


def _check(night: Night, log: Log) -> None:
    """Every key the tables sent: stored once if acknowledged, at most once if not; and the
    kept totals of the night's sessions (and the history's) agree with their scores."""
    stored: dict[str, int] = defaultdict(int)
    sessions = [table.session_id for table in night.tables]
    for client_id in Hand.objects.filter(session_id__in=sessions).values_list(
        "client_id", flat=True
    ):
        stored[str(client_id)] += 1
    acknowledged = {key for key, status in log.keys.items() if status in (200, 201)}
    lost = [key for key in acknowledged if stored[key] == 0]
    doubled = [key for key, n in stored.items() if n > 1]
    unknown = [key for key in stored if key not in log.keys]
    print(
        f"\nkeyed hands: {len(log.keys)} sent, {len(acknowledged)} acknowledged, "
        f"{sum(stored.values())} stored; lost {len(lost)}, doubled {len(doubled)}, "
        f"stored without a key sent {len(unknown)}"
    )
    differences = list(totals_check(sessions=Session.objects.filter(club_id=night.club_id)))
    print(f"kept totals: {len(differences)} differences")


if __name__ == "__main__":
    main()
