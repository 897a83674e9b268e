"""A slow receiver holds one delivery for WEBHOOKS_TIMEOUT_SECONDS at most, on the webhooks
queue's worker, while the default queue's worker imports another club's scores."""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from games import services
from games.importing import jobs
from games.importing.models import ImportJob
from games.models import Club, Session
from games.webhooks.models import Webhook, WebhookDelivery
from games.webhooks.services import webhook_create
from tests.conftest import HK_HALF

pytestmark = pytest.mark.slow(seconds=4)

HAND = {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}
DEADLINE = 2  # seconds; the receivers below would hold a worker five times as long
TRICKLE_FOR = 10.0


class RawReceiver:
    """A TCP server on 127.0.0.1 that answers each request with ``answer(socket)``."""

    def __init__(self, answer: Callable[[socket.socket], None]) -> None:
        self.requested = threading.Event()
        receiver = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                self.request.recv(65536)
                receiver.requested.set()
                answer(self.request)

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"


def trickle(sock: socket.socket) -> None:
    """A status line, then a byte of a header every 0.2 s: each read is quick, the answer
    never ends (until the client goes)."""
    sock.sendall(b"HTTP/1.1 200 OK\r\n")
    end = time.monotonic() + TRICKLE_FOR
    try:
        while time.monotonic() < end:
            sock.sendall(b"X")
            time.sleep(0.2)
    except OSError:  # the client hung up
        return


def not_http(sock: socket.socket) -> None:
    sock.sendall(b"hello\r\n\r\n")
    sock.recv(1)  # until the client hangs up


@pytest.fixture
def serve(settings: Any) -> Iterator[Callable[[Callable[[socket.socket], None]], RawReceiver]]:
    settings.WEBHOOKS_ALLOW_LOOPBACK = True  # the receiver is on this machine
    settings.WEBHOOKS_TIMEOUT_SECONDS = DEADLINE
    servers: list[RawReceiver] = []

    def start(answer: Callable[[socket.socket], None]) -> RawReceiver:
        receiver = RawReceiver(answer)
        serve = partial(receiver.server.serve_forever, poll_interval=0.01)
        threading.Thread(target=serve, daemon=True).start()
        servers.append(receiver)
        return receiver

    yield start
    for receiver in servers:
        receiver.server.shutdown()
        receiver.server.server_close()


def hook_delivery(club: Club, session: Session, url: str) -> WebhookDelivery:
    alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
    webhook_create(club=club, url=url, events=[Webhook.Event.HAND_RECORDED], by=alice)
    services.hand_record(session=session, hand_input=HAND, by=bob)
    return WebhookDelivery.objects.get()


def queued_import(club: Club, organiser: User) -> ImportJob:
    rules = services.rule_set_create(
        club=club, name="Half rules", family="hk", params=HK_HALF, by=organiser
    )
    season = services.season_save(club=club, name="Spring", rule_set=rules)
    for name in "ABCD":
        services.player_create(club=club, name=name)
    options = {"score_format": "hk", "rule_set": None, "undated_on": None}
    text = "A B C D\n1 - - -\n"
    return jobs.job_queue(season=season, file_name="t.txt", text=text, options=options, by=None)


def webhooks_worker() -> None:
    """`manage.py worker --burst --queue-name webhooks`, in a thread of this process (the
    command itself sets signal handlers, which only the main thread may)."""
    worker = Worker(
        queue_names=["webhooks"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="webhooks-test",
        excluded_queue_names=[],
    )
    try:
        worker.run()
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_a_trickling_receiver_is_cut_off_while_another_club_imports(
    club: Club, session: Session, private_club: Club, dave: User, serve: Any
) -> None:
    receiver = serve(trickle)
    delivery = hook_delivery(club, session, receiver.url)
    job = queued_import(private_club, dave)

    started = time.monotonic()
    deliveries = threading.Thread(target=webhooks_worker)
    deliveries.start()
    assert receiver.requested.wait(timeout=10), "the webhooks worker took the delivery"
    call_command("worker", "--burst", "--queue-name", "default", verbosity=0)
    deliveries.join(timeout=3 * DEADLINE + TRICKLE_FOR)
    took = time.monotonic() - started

    job.refresh_from_db()
    delivery.refresh_from_db()
    assert job.status == "done" and job.finished_at is not None
    assert delivery.attempted_at is not None and job.finished_at < delivery.attempted_at
    assert DEADLINE <= took < DEADLINE + 3  # cut off at the deadline, not the trickle's end
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("pending", 1, None)
    assert f"did not answer within {DEADLINE} s" in delivery.error
    retry = DBTaskResult.objects.get(status="READY")
    assert retry.queue_name == "webhooks" and retry.task_path.endswith(".deliver_webhook")


@pytest.mark.django_db(transaction=True)
def test_an_answer_that_is_not_http_is_a_failed_attempt_retried_later(
    club: Club, session: Session, serve: Any
) -> None:
    receiver = serve(not_http)
    delivery = hook_delivery(club, session, receiver.url)
    call_command("worker", "--burst", verbosity=0)

    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    assert "not HTTP" in delivery.error and "hello" in delivery.error
    assert DBTaskResult.objects.filter(status="READY", queue_name="webhooks").exists()


@pytest.mark.django_db(transaction=True)
def test_a_worker_serves_the_default_queue_unless_told_another(
    club: Club, session: Session, private_club: Club, dave: User, serve: Any
) -> None:
    receiver = serve(not_http)
    delivery = hook_delivery(club, session, receiver.url)  # queued first
    job = queued_import(private_club, dave)
    others = str(DBTaskResult.objects.filter(status="READY").count() - 1)  # all but the delivery
    call_command("worker", "--max-tasks", others, "--no-reload", "--no-startup-delay", verbosity=0)
    job.refresh_from_db()
    assert job.status == "done" and not receiver.requested.is_set()

    call_command("worker", "--burst", "--queue-name", "webhooks", verbosity=0)
    delivery.refresh_from_db()
    assert receiver.requested.is_set() and delivery.attempts == 1
