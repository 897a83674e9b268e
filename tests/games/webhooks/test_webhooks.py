"""Webhooks: signed deliveries as jobs after the write commits, retried, paused, never private."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import services, signals
from games.importing import jobs
from games.models import Club, Player, Season, Session
from games.webhooks import signing
from games.webhooks.models import Webhook, WebhookDelivery
from games.webhooks.services import webhook_create
from tests.conftest import client_for

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=5)

HAND = {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}
EVENTS = Webhook.Event.values


class Receiver:
    """An HTTP server on 127.0.0.1 answering each POST with the next code (then 200)."""

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.requests: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append((dict(self.headers), body))
                self.send_response(receiver.codes.pop(0) if receiver.codes else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/league?x=1"

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(body) for _, body in self.requests]


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    settings.WEBHOOKS_ALLOW_LOOPBACK = True  # the receiver is on this machine
    receiver = Receiver()
    # Polled every 10 ms, not every half second: shutdown() waits for the next poll.
    serve = partial(receiver.server.serve_forever, poll_interval=0.01)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield receiver
    receiver.server.shutdown()
    receiver.server.server_close()


def hook_for(club: Club, receiver: Receiver, events: list[str] = EVENTS) -> Webhook:
    organiser = User.objects.get(username="alice")
    return webhook_create(club=club, url=receiver.url, events=events, by=organiser)


def work() -> None:
    call_command("worker", "--burst", verbosity=0)


def verified(hook: Webhook, headers: dict[str, str], body: bytes) -> bool:
    header = headers[signing.HEADER]
    return signing.verify(secret=hook.secret, header=header, body=body, now=int(time.time()))


@pytest.mark.django_db(transaction=True)
def test_a_recorded_hand_is_delivered_signed_by_a_worker(
    club: Club, session: Session, bob: User, receiver: Receiver
) -> None:
    hook = hook_for(club, receiver)
    hand, _ = services.hand_record(session=session, hand_input=HAND, by=bob)
    assert receiver.requests == []  # queued as a job, not sent inside the request

    work()

    [(headers, body)] = receiver.requests
    assert headers["X-League-Event"] == "hand.recorded"
    assert verified(hook, headers, body)
    assert not verified(hook, headers, body.replace(b'"faan":3', b'"faan":4'))
    payload = json.loads(body)
    assert payload["event"] == "hand.recorded" and payload["club"] == "dragons"
    assert payload["data"] == client_for(bob).get(f"/api/v1/hands/{hand.pk}/").json()
    delivery = WebhookDelivery.objects.get()
    assert str(delivery.id) == payload["id"] == headers["X-League-Delivery"]
    assert (delivery.status, delivery.response_code, delivery.attempts) == ("delivered", 200, 1)


@pytest.mark.django_db(transaction=True)
def test_amend_delete_and_close_are_sent_to_the_hooks_that_asked(
    club: Club, session: Session, alice: User, bob: User, receiver: Receiver
) -> None:
    hook_for(club, receiver)
    closing_only = hook_for(club, receiver, [Webhook.Event.SESSION_CLOSED])
    hand, _ = services.hand_record(session=session, hand_input=HAND, by=bob)
    hand = services.hand_amend(
        hand=hand, hand_input={**HAND, "faan": 4}, expected_version=1, reason="4", by=bob
    )
    services.hand_delete(hand=hand, expected_version=2, reason="no", by=bob)
    services.session_set_status(session=session, status=Session.Status.OPEN)  # not an event
    services.session_set_status(session=session, status=Session.Status.CLOSED)

    work()

    events = [body["event"] for body in receiver.bodies()]
    assert sorted(events) == sorted(
        ["hand.recorded", "hand.amended", "hand.deleted", "session.closed", "session.closed"]
    )
    amended = next(body for body in receiver.bodies() if body["event"] == "hand.amended")
    assert amended["data"]["input"]["faan"] == 4 and amended["data"]["version"] == 2
    closed = next(body for body in receiver.bodies() if body["event"] == "session.closed")
    assert closed["data"] == client_for(bob).get(f"/api/v1/sessions/{session.pk}/").json()
    assert list(closing_only.deliveries.values_list("event", flat=True)) == ["session.closed"]


@pytest.mark.django_db(transaction=True)
def test_a_write_that_rolls_back_sends_nothing(
    club: Club, session: Session, bob: User, receiver: Receiver
) -> None:
    hook_for(club, receiver)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.hand_record(session=session, hand_input=HAND, by=bob)
        raise RuntimeError("the request failed after the hand was written")
    work()
    assert receiver.requests == [] and not WebhookDelivery.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_failing_receiver_is_retried_later_with_the_same_body(
    club: Club, session: Session, bob: User, receiver: Receiver
) -> None:
    hook = hook_for(club, receiver)
    receiver.codes = [500]
    services.hand_record(session=session, hand_input=HAND, by=bob)
    work()
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.response_code, delivery.attempts) == ("pending", 500, 1)
    hook.refresh_from_db()
    assert hook.active and hook.failing_since is not None
    retry = DBTaskResult.objects.get(status="READY")
    wait = (retry.run_after - timezone.now()).total_seconds()
    assert 20 < wait <= 30  # the first backoff, WEBHOOKS_RETRY_SECONDS

    work()  # not due yet
    assert len(receiver.requests) == 1

    DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())  # time passes
    work()

    first, second = receiver.requests
    assert first[1] == second[1] and verified(hook, *second)
    delivery.refresh_from_db()
    hook.refresh_from_db()
    assert (delivery.status, delivery.response_code, delivery.attempts) == ("delivered", 200, 2)
    assert hook.failing_since is None


@pytest.mark.django_db(transaction=True)
def test_a_hook_failing_for_a_day_is_paused_and_its_page_says_so(
    club: Club, session: Session, alice: User, bob: User, receiver: Receiver
) -> None:
    hook = hook_for(club, receiver)
    Webhook.objects.filter(pk=hook.pk).update(failing_since=timezone.now() - dt.timedelta(days=1))
    receiver.codes = [503]
    services.hand_record(session=session, hand_input=HAND, by=bob)
    work()

    hook.refresh_from_db()
    assert not hook.active and "503" in hook.paused_reason
    assert WebhookDelivery.objects.get().status == "failed"
    assert not DBTaskResult.objects.filter(status="READY").exists()  # no more retries
    page = client_for(alice).get("/c/dragons/webhooks/").content.decode()
    assert "is paused" in page and "503" in page

    services.hand_record(session=session, hand_input={**HAND, "faan": 5}, by=bob)
    work()
    assert len(receiver.requests) == 1  # a paused hook gets nothing

    response = client_for(alice).post(f"/c/dragons/webhooks/{hook.pk}/resume/")
    assert response.status_code == 302
    hook.refresh_from_db()
    assert hook.active and hook.failing_since is None and hook.paused_reason == ""


@pytest.mark.django_db(transaction=True)
def test_nothing_is_delivered_to_loopback_when_the_setting_forbids_it(
    club: Club, session: Session, bob: User, receiver: Receiver, settings: Any
) -> None:
    hook_for(club, receiver)
    settings.WEBHOOKS_ALLOW_LOOPBACK = False  # as in production: checked again at delivery
    services.hand_record(session=session, hand_input=HAND, by=bob)
    work()
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "pending" and "loopback" in delivery.error


@pytest.mark.django_db(transaction=True)
def test_a_hook_removed_before_its_delivery_gets_nothing(
    club: Club, session: Session, alice: User, bob: User, receiver: Receiver
) -> None:
    hook = hook_for(club, receiver)
    services.hand_record(session=session, hand_input=HAND, by=bob)
    client_for(alice).post(f"/c/dragons/webhooks/{hook.pk}/delete/")
    work()
    assert receiver.requests == []
    delivery = DBTaskResult.objects.get(task_path__endswith=".deliver_webhook")
    assert delivery.status == "SUCCESSFUL"  # nothing left failing


PRIVATE_URLS = [
    ("http://127.0.0.1:8000/hook", "loopback"),
    ("http://localhost/hook", "loopback"),
    ("http://[::1]/hook", "loopback"),
    ("http://10.1.2.3/hook", "private"),
    ("https://192.168.0.10/hook", "private"),
    ("http://[::ffff:10.0.0.1]/hook", "private"),
    ("http://169.254.169.254/latest/meta-data", "link-local"),
    ("http://0.0.0.0/hook", "private"),
    # IPv6 forms that carry an IPv4 address: IPv4-compatible, NAT64, 6to4.
    ("http://[::127.0.0.1]/hook", "loopback"),
    ("http://[64:ff9b::7f00:1]/hook", "loopback"),
    ("http://[2002:7f00:1::]/hook", "loopback"),
    ("http://[64:ff9b::a00:1]/hook", "private"),
    ("http://[2002:a9fe:a9fe::]/hook", "link-local"),
    ("http://[fc00::1]/hook", "private"),
]


@pytest.mark.parametrize(("url", "why"), PRIVATE_URLS)
def test_the_page_refuses_hooks_on_private_addresses(
    club: Club, alice: User, settings: Any, url: str, why: str
) -> None:
    settings.WEBHOOKS_ALLOW_LOOPBACK = False
    response = client_for(alice).post("/c/dragons/webhooks/", {"url": url, "events": EVENTS})
    assert response.status_code == 200
    [error] = response.context["form"].errors["url"]
    assert why in error and f"{urlsplit(url).hostname} leads to" in error
    assert not Webhook.objects.exists()


def test_the_refusal_names_the_host_typed_not_the_address_it_resolves_to(
    club: Club, alice: User, settings: Any
) -> None:
    settings.WEBHOOKS_ALLOW_LOOPBACK = False
    data = {"url": "http://localhost:8000/hook", "events": EVENTS}
    response = client_for(alice).post("/c/dragons/webhooks/", data)
    [error] = response.context["form"].errors["url"]
    assert error.startswith("localhost leads to a loopback address")
    assert "127.0.0.1" not in error and "::1" not in error


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-HK,zh;q=0.9", "10.0.0.1 通往私有或保留地址；Webhook 須指向公開地址。"),
        ("zh-CN,zh;q=0.9", "10.0.0.1 通往私有或保留地址；Webhook 须指向公开地址。"),
    ],
)
def test_the_refusal_is_in_the_pages_language(
    club: Club, alice: User, header: str, expected: str
) -> None:
    data = {"url": "http://10.0.0.1/hook", "events": EVENTS}
    response = client_for(alice).post("/c/dragons/webhooks/", data, HTTP_ACCEPT_LANGUAGE=header)
    assert response.context["form"].errors["url"] == [expected]


def test_allowing_loopback_still_refuses_the_private_network(
    club: Club, alice: User, settings: Any
) -> None:
    settings.WEBHOOKS_ALLOW_LOOPBACK = True
    client = client_for(alice)
    client.post("/c/dragons/webhooks/", {"url": "http://10.0.0.1/", "events": EVENTS})
    assert not Webhook.objects.exists()
    client.post("/c/dragons/webhooks/", {"url": "http://127.0.0.1:9/", "events": EVENTS})
    assert Webhook.objects.get().url == "http://127.0.0.1:9/"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"url": "ftp://example.org/", "events": EVENTS}, "url"),
        ({"url": "http://example.org/", "events": ["hand.exploded"]}, "events"),
        ({"url": "http://example.org/", "events": []}, "events"),
        ({"url": "http://" + "a" * 500 + ".org/", "events": EVENTS}, "url"),
    ],
)
def test_the_page_names_what_is_wrong(
    club: Club, alice: User, data: dict[str, Any], field: str
) -> None:
    response = client_for(alice).post("/c/dragons/webhooks/", data)
    assert response.status_code == 200 and response.context["form"].errors[field]
    assert not Webhook.objects.exists()


def test_only_organisers_see_or_change_webhooks(club: Club, bob: User, charlie: User) -> None:
    hook = Webhook.objects.create(club=club, url="https://example.org/", events=EVENTS)
    for user in (bob, charlie):
        client = client_for(user)
        assert client.get("/c/dragons/webhooks/").status_code == 403
        assert client.post(f"/c/dragons/webhooks/{hook.pk}/delete/").status_code == 403
    for action in ("delete", "resume"):
        response = Client().post(f"/c/dragons/webhooks/{hook.pk}/{action}/")
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert Webhook.objects.filter(pk=hook.pk).exists()


def test_an_organiser_sees_the_secret_and_the_delivery_log(club: Club, alice: User) -> None:
    hook = Webhook.objects.create(club=club, url="https://example.org/in", events=EVENTS)
    WebhookDelivery.objects.create(
        webhook=hook, event="hand.recorded", body="{}", status="pending", attempts=2,
        response_code=502, error="The receiver answered 502.",
    )  # fmt: skip
    page = client_for(alice).get("/c/dragons/webhooks/").content.decode()
    assert hook.secret in page and "HTTP 502" in page and "Waiting to be sent" in page
    response = client_for(alice).post(f"/c/dragons/webhooks/{hook.pk}/delete/")
    assert response.status_code == 302 and not Webhook.objects.exists()


def test_a_stale_signature_is_refused() -> None:
    header = signing.signature_header(secret="s", timestamp=1_000, body=b"{}")
    assert signing.verify(secret="s", header=header, body=b"{}", now=1_100)
    assert not signing.verify(secret="s", header=header, body=b"{}", now=2_000)
    assert not signing.verify(secret="other", header=header, body=b"{}", now=1_100)
    assert not signing.verify(secret="s", header="v1=abc", body=b"{}", now=1_100)


def test_the_payloads_are_in_the_openapi_schema(client: Any, db: Any) -> None:
    schema = json.loads(client.get("/api/v1/schema/?format=json").content)
    components = schema["components"]["schemas"]
    hand_event = components["WebhookHandEvent"]
    assert hand_event["properties"]["data"] == {"$ref": "#/components/schemas/HandDetail"}
    assert set(hand_event["properties"]["event"]["enum"]) == {
        "hand.recorded", "hand.amended", "hand.deleted"
    }  # fmt: skip
    session_data = components["WebhookSessionEvent"]["properties"]["data"]["$ref"]
    assert session_data.split("/")[-1] in components


def test_the_api_guide_example_verifies_a_delivery() -> None:
    readme = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text()
    example = readme.split("Checking a delivery in the receiver (Python):\n\n")[1]
    code = "\n".join(
        line[4:] for line in example.splitlines() if line.startswith("    ") or not line
    )
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    body, now = b'{"event":"hand.recorded"}', int(time.time())
    header = signing.signature_header(secret="s3cret", timestamp=now, body=body)
    assert namespace["is_genuine"]("s3cret", header, body)
    assert not namespace["is_genuine"]("s3cret", header, body + b" ")
    stale = signing.signature_header(secret="s3cret", timestamp=now - 3600, body=body)
    assert not namespace["is_genuine"]("s3cret", stale, body)


@pytest.mark.django_db(transaction=True)
def test_an_import_job_that_ends_is_told_to_the_hooks_that_asked(
    club: Club, season: Season, players: list[Player], alice: User, receiver: Receiver
) -> None:
    hook = hook_for(club, receiver, [Webhook.Event.IMPORT_FINISHED])
    options = {"score_format": "hk", "rule_set": None, "undated_on": None}
    good = jobs.job_queue(
        season=season, file_name="good.txt", text="A B C D\n1 - - -\n", options=options, by=alice
    )
    bad = jobs.job_queue(
        season=season, file_name="bad.txt", text="A B C D\nhello\n", options=options, by=alice
    )

    work()  # the imports, then the deliveries they queued
    work()

    bodies = {body["data"]["file_name"]: body for body in receiver.bodies()}
    assert {body["event"] for body in bodies.values()} == {"import.finished"}
    assert all(verified(hook, headers, body) for headers, body in receiver.requests)
    done, failed = bodies["good.txt"]["data"], bodies["bad.txt"]["data"]
    assert (done["id"], done["status"], done["hands"], done["sessions"]) == (
        str(good.pk),
        "done",
        1,
        1,
    )
    assert (failed["id"], failed["status"], failed["hands"]) == (str(bad.pk), "failed", 0)
    assert failed["problems"][0]["line"] == 2 and "invalid line" in failed["problems"][0]["message"]
    assert bodies["good.txt"]["club"] == "dragons" and done["season"] == season.pk


def test_every_announcement_of_the_core_is_an_event_a_hook_can_ask_for() -> None:
    assert set(signals.ANNOUNCEMENTS) <= set(Webhook.Event.values)
