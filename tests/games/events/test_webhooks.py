"""The club's webhooks are told when a round is published and when it finishes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.events import selectors, services
from games.events.models import Event
from games.models import Club, Player, Season
from games.webhooks.models import Webhook, WebhookDelivery
from games.webhooks.services import webhook_create
from tests.games.events.factories import EMA, event_with_players, family_season

ROUND_EVENTS = [Webhook.Event.ROUND_PUBLISHED, Webhook.Event.ROUND_FINISHED]


@pytest.fixture
def event_8(club: Club, alice: User, settings: Any) -> tuple[Event, list[Player]]:
    settings.WEBHOOKS_ALLOW_LOOPBACK = True
    webhook_create(club=club, url="http://127.0.0.1:9/hook", events=ROUND_EVENTS, by=alice)
    season: Season = family_season(club, alice, "riichi", EMA)
    return event_with_players(club, season, count=9)


def sent(event: str) -> dict[str, Any]:
    delivery = WebhookDelivery.objects.get(event=event)
    body: dict[str, Any] = json.loads(delivery.body)
    return body


def test_a_published_round_is_announced_with_its_tables_and_byes(
    event_8: tuple[Event, list[Player]], alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    event, _ = event_8
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_publish(event=event, method="random", seed="w", byes=True, by=alice)
    body = sent("round.published")
    assert body["club"] == "dragons" and body["event"] == "round.published"
    data = body["data"]
    assert (data["event"], data["round"], data["rounds"], data["state"]) == (
        event.pk,
        1,
        4,
        "seated",
    )
    tables = selectors.round_tables(round=round_)
    assert [[seat["name"] for seat in table["seats"]] for table in data["tables"]] == [
        [seat.name for seat in table.seats] for table in tables
    ]
    assert [table["session"] for table in data["tables"]] == [t.session.pk for t in tables]
    assert data["byes"] == selectors.round_byes(round=round_) and len(data["byes"]) == 1


def test_a_finished_round_is_announced_as_finished(
    event_8: tuple[Event, list[Player]], alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    event, _ = event_8
    round_ = services.round_publish(event=event, method="random", seed="w", byes=True, by=alice)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_finish(round=round_)
    assert sent("round.finished")["data"]["state"] == "finished"


def test_the_round_payload_is_in_the_openapi_schema(client: Client, db: Any) -> None:
    schema = json.loads(client.get("/api/v1/schema/?format=json").content)
    components = schema["components"]["schemas"]
    event = components["WebhookRoundEvent"]
    assert set(event["properties"]["event"]["enum"]) == {"round.published", "round.finished"}
    assert event["properties"]["data"] == {"$ref": "#/components/schemas/WebhookRoundData"}
    assert "tables" in components["WebhookRoundData"]["required"]
