"""The test's own queries wait for the live server's requests (``tests/browser/turns.py``)."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started

from tests.browser.turns import taking_turns


def a_request(log: list[str], started: threading.Event, seconds: float) -> None:
    request_started.send(sender=None)
    started.set()
    time.sleep(seconds)
    log.append("answered")
    request_finished.send(sender=None)


def query_during_a_request() -> list[str]:
    """What happens first: the request's answer, or a query the test sends meanwhile."""
    log: list[str] = []
    started = threading.Event()
    server = threading.Thread(target=a_request, args=(log, started, 0.3))
    server.start()
    started.wait(5)
    User.objects.count()
    log.append("queried")
    server.join()
    return log


@pytest.mark.django_db
def test_a_query_of_the_test_waits_for_the_request_in_flight() -> None:
    with taking_turns():
        assert query_during_a_request() == ["answered", "queried"]


@pytest.mark.django_db
def test_queries_no_longer_wait_once_the_turns_are_over() -> None:
    with taking_turns():
        pass
    assert query_during_a_request() == ["queried", "answered"]
