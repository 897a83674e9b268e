"""One headless Chromium for each run of browser tests on a worker.

Starting Chromium costs about a second; each test gets a fresh context of it instead (its
own cookies, storage, service workers and outbox), which is what a new browser gave it. The
browser is stopped before the next test that is not a browser test (``tests/conftest.py``):
while Playwright's sync API runs, its event loop counts as running on the thread, and Django
refuses synchronous database calls there unless ``DJANGO_ALLOW_ASYNC_UNSAFE`` is set.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.signals import request_finished, request_started

CHROMIUM = shutil.which("chromium")  # Debian's package, found on the PATH wherever it is
HAVE_CHROMIUM = CHROMIUM is not None
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

_running: dict[str, Any] = {}


def chromium() -> Any:
    """The running browser, started if none is."""
    if "browser" not in _running:
        from playwright.sync_api import sync_playwright

        # Playwright's sync API runs an event loop; the tests' own ORM calls stay synchronous.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        playwright = sync_playwright().start()
        _running["playwright"] = playwright
        _running["browser"] = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    return _running["browser"]


def stop_chromium() -> None:
    """Stop the browser and Playwright's event loop, if they run."""
    if "browser" in _running:
        _running.pop("browser").close()
        _running.pop("playwright").stop()
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


class Requests:
    """The requests the live server is answering: after a test's browser context is closed,
    one of them may still be writing, and the test database must not be emptied under it."""

    def __init__(self) -> None:
        self.open = 0
        self.changed = threading.Condition()

    def started(self, **kwargs: Any) -> None:
        with self.changed:
            self.open += 1

    def finished(self, **kwargs: Any) -> None:
        with self.changed:
            self.open -= 1
            self.changed.notify_all()

    def wait_until_answered(self, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        with self.changed:
            while self.open > 0 and time.monotonic() < deadline:
                self.changed.wait(deadline - time.monotonic())
        # A connection accepted but not yet at request_started is counted by its thread.
        for thread in connection_threads():
            thread.join(max(0.0, deadline - time.monotonic()))


def connection_threads() -> list[threading.Thread]:
    """The live server's threads serving a connection: socketserver starts one at each
    accept (``process_request_thread``), before Django's ``request_started``, and it ends
    once the connection is closed and Django has closed that thread's database connections."""
    return [t for t in threading.enumerate() if t.name.endswith("(process_request_thread)")]


@contextmanager
def served_requests() -> Iterator[Requests]:
    requests = Requests()
    request_started.connect(requests.started)
    request_finished.connect(requests.finished)
    try:
        yield requests
    finally:
        request_started.disconnect(requests.started)
        request_finished.disconnect(requests.finished)
