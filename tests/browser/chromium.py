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
import weakref
from typing import Any

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


def wait_until_answered(seconds: float = 10) -> None:
    """Wait until the live server has closed every connection: after a test's browser
    context is closed, a request may still be writing, and the test database must not be
    emptied under it. socketserver serves each connection in a thread of its own, started
    at the accept (``process_request_thread``); it ends once the connection is closed and
    Django has closed that thread's database connections."""
    deadline = time.monotonic() + seconds
    for thread in threading.enumerate():
        if thread.name.endswith("(process_request_thread)"):
            thread.join(max(0.0, deadline - time.monotonic()))


_in_flight: weakref.WeakKeyDictionary[Any, set[Any]] = weakref.WeakKeyDictionary()


def track_requests(page: Any) -> None:
    """Keep count of the page's requests that have not been answered (``settle``)."""
    if page in _in_flight:
        return
    open_requests: set[Any] = set()
    _in_flight[page] = open_requests
    page.on("request", lambda request: open_requests.add(request))
    page.on("requestfinished", lambda request: open_requests.discard(request))
    page.on("requestfailed", lambda request: open_requests.discard(request))


def settle(page: Any, quiet_ms: int = 250, seconds: float = 10) -> None:
    """Wait until the page has had no request in flight for ``quiet_ms``: the live previews
    that typing and taps ask for (after a pause of 200 ms), whose answers reflow the form.
    A click while one lands may go where the button was a moment before. Playwright's
    ``wait_for_load_state("networkidle")`` cannot tell: it returns at once once the page has
    loaded."""
    track_requests(page)
    open_requests = _in_flight[page]
    deadline = time.monotonic() + seconds
    quiet_since = time.monotonic()
    while time.monotonic() < deadline:
        page.wait_for_timeout(50)  # Playwright delivers the page's events meanwhile
        if open_requests:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= quiet_ms / 1000:
            return


def tap_save(page: Any) -> None:
    """Tap the hand form's Save once the live previews have landed (``settle``)."""
    settle(page)
    page.click("#save-hand")


SERVICE_WORKER_ACTIVE = """navigator.serviceWorker.getRegistration().then(function (registration) {
  return Boolean(registration && registration.active && registration.active.state === "activated");
})"""


def service_worker_settled(page: Any, seconds: float = 10) -> None:
    """Wait until the site's service worker has activated. Until then it may take control of
    the page midway through a request (``clients.claim()`` as it activates), and a request
    that goes through a worker as it starts is not seen by ``page.route``: a test that
    answers the page's requests itself waits for this first. (A page loaded while the worker
    was installing stays uncontrolled; either way nothing changes after this.)"""
    deadline = time.monotonic() + seconds
    while not page.evaluate(SERVICE_WORKER_ACTIVE):
        if time.monotonic() > deadline:
            raise AssertionError("the service worker did not activate")
        page.wait_for_timeout(50)
