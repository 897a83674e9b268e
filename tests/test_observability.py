"""Request ids (header, log lines, error page), JSON log lines, and errors and slow requests
sent to Sentry (a fake Sentry on 127.0.0.1: nothing leaves the machine)."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import logging
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from games.request_ids import RequestIdFilter
from mahjong_league.observability import JsonLines

ROOT = Path(__file__).resolve().parents[1]


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


# The site's own 500 handler, behind one address that fails (ROOT_URLCONF = this module).
urlpatterns = [path("broken/", broken)]
handler500 = "games.api.handlers.server_error"


def test_every_answer_carries_a_new_request_id(db: Any) -> None:
    first, second = Client().get("/health/"), Client().get("/nowhere/")
    assert re.fullmatch(r"[0-9a-f]{32}", first["X-Request-ID"])
    assert re.fullmatch(r"[0-9a-f]{32}", second["X-Request-ID"])
    assert first["X-Request-ID"] != second["X-Request-ID"]


@pytest.mark.parametrize(
    "incoming, kept",
    [
        ("4f0b5c1e9a7d4e2f8c3b6a1d0e9f8a7b", True),  # nginx's $request_id
        ("0b8f6f0e-2c1d-4a5e-9b7c-3d2e1f0a9b8c", True),  # a UUID
        ("short", False),
        ("x" * 65, False),
        ("abc def ghi jkl", False),
        ("abcdefgh\r\nSet-Cookie: a=b", False),
    ],
)
def test_a_sane_incoming_id_is_kept_and_any_other_replaced(
    db: Any, incoming: str, kept: bool
) -> None:
    answered = Client().get("/nowhere/", headers={"X-Request-ID": incoming})["X-Request-ID"]
    assert (answered == incoming) is kept
    if not kept:
        assert re.fullmatch(r"[0-9a-f]{32}", answered)


@pytest.fixture
def console() -> Iterator[io.StringIO]:
    """What the site's console log handler writes, as configured by settings.LOGGING."""
    (handler,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    written = io.StringIO()
    assert isinstance(handler, logging.StreamHandler)
    former = handler.setStream(written)
    yield written
    handler.setStream(former)


def test_a_request_s_log_lines_carry_its_id(db: Any, console: io.StringIO) -> None:
    sent = "4f0b5c1e9a7d4e2f8c3b6a1d0e9f8a7b"
    Client().get("/nowhere/", headers={"X-Request-ID": sent})
    (line,) = [line for line in console.getvalue().splitlines() if "Not Found" in line]
    assert f"WARNING django.request [{sent}] Not Found: /nowhere/" in line


def test_json_lines_hold_the_id_and_the_traceback() -> None:
    formatter, request_ids = JsonLines(), RequestIdFilter()
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        record = logging.LogRecord(
            "x", logging.ERROR, __file__, 1, "failed %s", ("here",), sys.exc_info()
        )
    request_ids.filter(record)
    line = json.loads(formatter.format(record))
    assert line["level"] == "ERROR" and line["message"] == "failed here"
    assert line["request_id"] == "-"  # written outside any request
    assert "RuntimeError: a bug" in line["exception"] and "\n" not in formatter.format(record)


def test_the_error_page_shows_the_request_id(db: Any, settings: Any) -> None:
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    sent = "4f0b5c1e9a7d4e2f8c3b6a1d0e9f8a7b"
    response = client.get("/broken/", headers={"X-Request-ID": sent})
    assert response.status_code == 500 and response["X-Request-ID"] == sent
    assert f"<code>{sent}</code>" in response.content.decode()
    assert "a bug" not in response.content.decode()


class FakeSentry(BaseHTTPRequestHandler):
    """Keeps every item of every envelope posted to it."""

    items: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        for line in body.splitlines():
            with contextlib.suppress(ValueError):
                self.items.append(json.loads(line))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_sentry() -> Iterator[str]:
    FakeSentry.items = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeSentry)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://public@127.0.0.1:{server.server_address[1]}/1"
    server.shutdown()


# A process of the site whose database does not answer: its home page fails (a real error),
# asked through the site's WSGI application, as gunicorn asks it.
FAILING_REQUEST = """
import sentry_sdk
from wsgiref.util import setup_testing_defaults
from mahjong_league.wsgi import application
environ = {"PATH_INFO": "/", "HTTP_X_REQUEST_ID": "4f0b5c1e9a7d4e2f8c3b6a1d0e9f8a7b"}
setup_testing_defaults(environ)
b"".join(application(environ, lambda status, headers: print(status.split()[0])))
sentry_sdk.flush()
"""


def test_errors_and_slow_requests_go_to_sentry(fake_sentry: str) -> None:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "MAHJONG_LEAGUE_TESTING": "1",
        "DATABASE_URL": "postgres://league@127.0.0.1:1/league",  # nothing listens on port 1
        "SENTRY_DSN": fake_sentry,
        "SENTRY_SLOW_REQUEST_MS": "0",  # every request counts as slow
    }
    command = [sys.executable, "manage.py", "shell", "-v", "0", "-c", FAILING_REQUEST]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "500", result.stderr
    events = [item for item in FakeSentry.items if item.get("exception")]
    assert events, FakeSentry.items
    (error,) = events
    assert error["tags"]["request_id"] == "4f0b5c1e9a7d4e2f8c3b6a1d0e9f8a7b"
    assert error["exception"]["values"][-1]["type"] == "OperationalError"
    assert "cookies" not in error["request"] and "user" not in error
    traces = [item for item in FakeSentry.items if item.get("type") == "transaction"]
    assert traces, FakeSentry.items
