"""Where a hand, a poll and a page spend their time: queries and milliseconds, one at a time.

Builds the capacity club (``tools/club_night_data.py``: ``--games`` of HK history), then
runs each request of a club night in this process through Django's test client, as a
signed-in member or a token holder: a hand POST with an Idempotency-Key, the score sheet's
poll that finds nothing new (``If-None-Match``), the season page, the API's hands page and
the table's score sheet page once the hands are on it.
Prints per request the median milliseconds and the number of queries; ``--profile NAME``
prints that request's top functions by cumulative time (cProfile) as well.

    DATABASE_URL=postgres://... .venv/bin/python tools/profile_requests.py [--games 20000]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

from club_night_data import HAND, Night, night_build, night_delete
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def requests_of(night: Night) -> dict[str, Callable[[], Any]]:
    """Each request of the night, ready to run (and to assert its answer)."""
    table = night.tables[0]
    member = Client()
    member.cookies["sessionid"] = table.cookie
    api = {"Authorization": f"Bearer {table.token}"}
    tool = Client(headers={"Authorization": f"Bearer {night.tool_token}"})
    live = f"/c/{night.slug}/sessions/{table.session_id}/live/"
    sheet: dict[str, str] = {}  # the ETag of the sheet as the poll last saw it

    def hand_post() -> Any:
        body = {"session": table.session_id, "input": HAND}
        key = {"Idempotency-Key": str(uuid.uuid4()), **api}
        sheet.clear()  # the sheet changes: the next poll reads it first
        return _ok(member.post("/api/v1/hands/", body, "application/json", headers=key), 201)

    def poll() -> Any:
        if not sheet:
            sheet["etag"] = _ok(member.get(live))["ETag"]
        return _ok(member.get(live, headers={"If-None-Match": sheet["etag"]}), 304)

    return {
        "poll, nothing new": poll,
        "season page": lambda: _ok(member.get(f"/c/{night.slug}/seasons/{night.season_id}/")),
        "API hands page": lambda: _ok(tool.get(f"/api/v1/hands/?season={night.season_id}")),
        "hand POST": hand_post,
        # After the hand POSTs (3 untimed and the timed runs): the table's sheet holds them.
        "score sheet page": lambda: _ok(member.get(live.removesuffix("live/"))),
    }


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:300])
    return response


def measure(run: Callable[[], Any], runs: int) -> tuple[float, int]:
    """The median milliseconds of ``runs`` runs (after three untimed ones) and the queries
    of the last."""
    for _ in range(3):
        run()
    times = []
    for _ in range(runs):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            run()
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games of history (20,000)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs per request (15)")
    parser.add_argument("--profile", action="append", default=[], help="a request to profile")
    parser.add_argument("--queries", action="append", default=[], help="a request's SQL")
    parser.add_argument("--keep", action="store_true", help="keep the club afterwards")
    options = parser.parse_args()
    # The pages name their static files as a deploy serves them (from the manifest).
    call_command("collectstatic", "--noinput", verbosity=0)
    night = night_build(games=options.games, tables=1)
    try:
        requests = requests_of(night)
        print(f"{connection.vendor}, {options.games:,} games; median of {options.runs} runs")
        for name, run in requests.items():
            ms, queries = measure(run, options.runs)
            print(f"  {name:<20}{ms:9.1f} ms{queries:5} queries", flush=True)
        for name in options.queries:
            _queries(name, requests[name])
        for name in options.profile:
            _profile(name, requests[name])
    finally:
        if not options.keep:
            night_delete(night.club_id)


def _queries(name: str, run: Callable[[], Any]) -> None:
    with CaptureQueriesContext(connection) as queries:
        run()
    print(f"\n{name}: {len(queries)} queries")
    for query in queries:
        print(f"  {query['time']:>6} s  {query['sql'][:160]}")


def _profile(name: str, run: Callable[[], Any]) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(10):
        run()
    profiler.disable()
    print(f"\n{name}: 10 runs, by cumulative time")
    # The project's own functions and the template engine: where a change can help.
    pstats.Stats(profiler).sort_stats("cumulative").print_stats("games|scoring|template", 40)


if __name__ == "__main__":
    main()
