"""The test and the live server take turns at the database.

A browser test acts on the page, then reads or writes the database itself, while the page
may still have a request in flight (a live preview sent on ``input``, a poll, a save sent
by ``fetch``). Two things then go wrong: the test reads before the page's write has
happened, and on SQLite the server's connection and the test's share one in-memory
database, whose table locks fail at once ("database table is locked") instead of waiting.

So each query of the test's own thread waits until the server has answered every request
it started, and no request starts while such a query runs. Only public interfaces are
used: Django's ``request_started`` and ``request_finished`` signals and
``connection.execute_wrapper``.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.signals import request_finished, request_started
from django.db import OperationalError, connection

WAIT_SECONDS = 10  # a request slower than this is let through: the test then says why


class Turns:
    """Requests of the live server and queries of the test's thread, one side at a time."""

    def __init__(self, test_thread: threading.Thread) -> None:
        self.test_thread = test_thread
        self.turn = threading.Condition()
        self.requests = 0
        self.querying = False

    def request_started(self, **kwargs: Any) -> None:
        with self.turn:
            self.turn.wait_for(lambda: not self.querying, WAIT_SECONDS)
            self.requests += 1

    def request_finished(self, **kwargs: Any) -> None:
        with self.turn:
            self.requests = max(0, self.requests - 1)
            self.turn.notify_all()

    def query(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        if threading.current_thread() is not self.test_thread:
            return execute(sql, params, many, context)
        with self.turn:
            self.turn.wait_for(lambda: self.requests == 0, WAIT_SECONDS)
            self.querying = True
        try:
            try:
                return execute(sql, params, many, context)
            except OperationalError as error:
                if "locked" not in str(error):
                    raise
                # A cursor a request left unfinished in a reference cycle holds a read
                # lock on its table (SQLite) until it is collected: once more after that.
                gc.collect()
                return execute(sql, params, many, context)
        finally:
            with self.turn:
                self.querying = False
                self.turn.notify_all()


@contextmanager
def taking_turns() -> Iterator[Turns]:
    """While open, the test thread's queries and the live server's requests take turns."""
    turns = Turns(threading.current_thread())
    request_started.connect(turns.request_started, weak=False)
    request_finished.connect(turns.request_finished, weak=False)
    try:
        with connection.execute_wrapper(turns.query):
            yield turns
    finally:
        request_started.disconnect(turns.request_started)
        request_finished.disconnect(turns.request_finished)
