"""Penalty webhooks: recording, amending and deleting a penalty queue a signed delivery of it,
as the API shows it, to the hooks that asked, in the write's own transaction."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Player, Session
from games.services import PenaltyInput
from games.webhooks.models import Webhook, WebhookDelivery
from games.webhooks.services import webhook_create
from tests.api.conftest import Api, token_for

pytestmark = pytest.mark.django_db

URL = "http://127.0.0.1:9/hooks/league"
PENALTY_EVENTS = ["penalty.recorded", "penalty.amended", "penalty.deleted"]


@pytest.fixture(autouse=True)
def loopback(settings: Any) -> None:
    settings.WEBHOOKS_ALLOW_LOOPBACK = True  # nothing is sent: the deliveries stay queued


def sent(hook: Webhook) -> list[dict[str, Any]]:
    deliveries = WebhookDelivery.objects.filter(webhook=hook).order_by("created_at")
    return [json.loads(delivery.body) for delivery in deliveries]


def test_a_penalty_recorded_amended_and_deleted_is_announced_as_the_api_shows_it(
    club: Club, session: Session, players: list[Player], alice: User
) -> None:
    hook = webhook_create(club=club, url=URL, events=PENALTY_EVENTS, by=alice)
    api_alice = Api(token_for(alice))
    made = api_alice.post(
        "penalties/",
        {"session": session.pk, "player": players[0].pk, "reason": "lateness", "amount": 9},
    ).json()
    url = f"penalties/{made['id']}/"
    amended = api_alice.patch(url, {"amount": 12, "why": "x"}, **{"If-Match": '"1"'}).json()
    api_alice.delete(f"{url}?why=y", **{"If-Match": '"2"'})

    bodies = sent(hook)
    assert [body["event"] for body in bodies] == PENALTY_EVENTS
    assert {body["club"] for body in bodies} == {"dragons"}
    assert bodies[0]["data"] == made
    assert bodies[1]["data"] == amended
    assert bodies[2]["data"] == api_alice.get(url).json()
    assert bodies[2]["data"]["deleted_at"] is not None


def test_hooks_that_did_not_ask_for_penalties_get_none(
    club: Club, session: Session, players: list[Player], alice: User
) -> None:
    hands_only = webhook_create(club=club, url=URL, events=["hand.recorded"], by=alice)
    recorded = webhook_create(club=club, url=URL, events=["penalty.recorded"], by=alice)
    penalty, _ = services.penalty_record(
        session=session,
        penalty=PenaltyInput(player=players[1], reason="conduct", amount=4),
        by=alice,
    )
    services.penalty_delete(penalty=penalty, expected_version=1, why="no", by=alice)
    assert sent(hands_only) == []
    assert [body["event"] for body in sent(recorded)] == ["penalty.recorded"]
    assert sent(recorded)[0]["data"]["changes"] == ["1", "-4", "2", "1"]
