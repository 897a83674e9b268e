"""The club night's traffic: tables that record and poll, organisers, a projector, a tool.

Plain HTTP/1.1 to 127.0.0.1 from one thread per client (the standard library only). Each
request is noted with its endpoint, status, client time and whether it timed out; the
tables also note every Idempotency-Key they sent and what came back, for the check that
no hand was lost or doubled.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from club_night_data import HAND, Night, Table

POLL_SECONDS = 5  # every open score sheet (static/js/live-sheet.js, at the pace)
HAND_SECONDS = 60  # a hand a minute at every table
PROJECTOR_SECONDS = 15  # the season page on the wall
ORGANISER_SECONDS = 20  # each organiser: the season page, then the standings
TOOL_SECONDS = 5  # the external tool's pages (under the token's 1,200 requests an hour)
ORGANISERS = 2
TIMEOUT = 10.0  # a client gives up after this long: a timeout


@dataclass(frozen=True)
class Sample:
    endpoint: str
    status: int  # 0: no answer (timeout or connection error)
    seconds: float
    timed_out: bool


@dataclass
class Log:
    """Everything the clients saw, appended to from every thread."""

    samples: list[Sample] = field(default_factory=list)
    keys: dict[str, int] = field(default_factory=dict)  # Idempotency-Key -> last status
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)

    def key(self, key: str, status: int) -> None:
        with self.lock:
            self.keys[key] = status


class Client:
    """One client's connection to the server (reopened when the server closes it)."""

    def __init__(self, port: int, log: Log, headers: dict[str, str]) -> None:
        self.port, self.log, self.headers = port, log, headers

    def request(
        self, endpoint: str, method: str, path: str, body: Any = None, **headers: str
    ) -> tuple[int, dict[str, str], bytes]:
        data = json.dumps(body).encode() if body is not None else None
        sent = {**self.headers, **headers}
        if data is not None:
            sent["Content-Type"] = "application/json"
        start, timed_out = time.perf_counter(), False
        try:
            status, answer, content = self._send(method, path, data, sent)
        except OSError as error:  # refused, reset, or no answer in time
            status, answer, content = 0, {}, b""
            timed_out = isinstance(error, TimeoutError)
        self.log.add(Sample(endpoint, status, time.perf_counter() - start, timed_out))
        return status, answer, content

    def _send(
        self, method: str, path: str, data: bytes | None, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            content = response.read()
            return response.status, dict(response.getheaders()), content
        finally:
            connection.close()


def every(seconds: float, stop: threading.Event, step: Callable[[], None]) -> None:
    """Run ``step`` every ``seconds`` from a random phase, until ``stop``."""
    if stop.wait(random.uniform(0, seconds)):
        return
    while not stop.is_set():
        started = time.monotonic()
        step()
        stop.wait(max(0.0, seconds - (time.monotonic() - started)))


class TableClient:
    """A table's phone: records a hand a minute (retrying a failed send with the same key,
    as the outbox does) and its open score sheet polls with the ETag it last saw."""

    def __init__(self, night: Night, table: Table, port: int, log: Log) -> None:
        self.table, self.log = table, log
        self.api = Client(port, log, {"Authorization": f"Bearer {table.token}"})
        self.browser = Client(port, log, {"Cookie": f"sessionid={table.cookie}"})
        self.live = f"/c/{night.slug}/sessions/{table.session_id}/live/"
        self.etag = ""

    def poll(self) -> None:
        headers = {"X-Requested-With": "fetch"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        # Named by its answer afterwards: 304 found nothing new, 200 drew the sheet.
        status, answer, _ = self.browser.request("poll", "GET", self.live, **headers)
        if status == 200:
            self.etag = answer.get("ETag", "")

    def record(self) -> None:
        key = str(uuid.uuid4())
        body = {"session": self.table.session_id, "input": HAND}
        for _ in range(2):  # the first send and one retry
            status, _, _ = self.api.request(
                "hand POST", "POST", "/api/v1/hands/", body, **{"Idempotency-Key": key}
            )
            self.log.key(key, status)
            if status in (200, 201):
                return


class Readers:
    """The organisers, the projector and the external tool paging the season's hands."""

    def __init__(self, night: Night, port: int, log: Log) -> None:
        self.season = f"/c/{night.slug}/seasons/{night.season_id}/"
        self.standings = f"/api/v1/seasons/{night.season_id}/standings/"
        self.hands = f"/api/v1/hands/?season={night.season_id}"
        self.organiser = Client(port, log, {"Cookie": f"sessionid={night.organiser_cookie}"})
        self.tool = Client(port, log, {"Authorization": f"Bearer {night.tool_token}"})
        self.next_page = self.hands

    def project(self) -> None:
        self.organiser.request("season page", "GET", self.season)

    def organise(self) -> None:
        self.organiser.request("season page", "GET", self.season)
        self.organiser.request("standings API", "GET", self.standings)

    def page(self) -> None:
        status, _, content = self.tool.request("API hands page", "GET", self.next_page)
        following = json.loads(content).get("next") if status == 200 else None
        if following:  # the link is absolute: its path and query, on this connection
            link = urlsplit(following)
            self.next_page = f"{link.path}?{link.query}"
        else:  # the last page read (or a failure): start again from the first
            self.next_page = self.hands


def night_threads(
    night: Night, tables: int, port: int, log: Log, stop: threading.Event
) -> list[threading.Thread]:
    """Every client of a night with ``tables`` tables, as threads not yet started."""
    loops: list[tuple[float, Callable[[], None]]] = []
    for table in night.tables[:tables]:
        phone = TableClient(night, table, port, log)
        loops += [(POLL_SECONDS, phone.poll), (HAND_SECONDS, phone.record)]
    readers = Readers(night, port, log)
    loops.append((PROJECTOR_SECONDS, readers.project))
    loops += [(ORGANISER_SECONDS, readers.organise)] * ORGANISERS
    loops.append((TOOL_SECONDS, readers.page))
    return [
        threading.Thread(target=every, args=(seconds, stop, step), daemon=True)
        for seconds, step in loops
    ]
