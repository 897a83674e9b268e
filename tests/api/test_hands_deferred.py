"""What a hand leaves to do once it is stored: its ratings replay and its webhook deliveries
are queued with it, the replay a little later so that a night's hands share one, and a
replay that fails is logged and tried again; the answer is always the stored hand."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from games.models import Club, Hand, Session
from games.stats.models import Rating, RatingsPending
from games.stats.replay import ratings_replay
from games.webhooks.models import Webhook, WebhookDelivery
from tests.api.conftest import DISCARD, Api
from tests.workers import run_worker


def ratings_jobs() -> Any:
    return DBTaskResult.objects.filter(task_path__endswith="ratings_recompute")


def time_passes() -> None:
    DBTaskResult.objects.filter(status=TaskResultStatus.READY).update(run_after=timezone.now())


def post_hand(api: Api, session: Session) -> Any:
    response = api.post("hands/", {"session": session.pk, "input": DISCARD})
    assert response.status_code == 201, response.content
    return response.json()


def test_a_hand_leaves_nothing_to_run_after_its_commit(
    api_bob: Api,
    session: Session,
    club: Club,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    Webhook.objects.create(club=club, url="https://example.org/in", events=["hand.recorded"])
    with django_capture_on_commit_callbacks() as callbacks:
        body = post_hand(api_bob, session)
    assert callbacks == []  # nothing that could fail once the hand is stored
    assert Hand.objects.get(pk=body["id"]).session == session
    assert RatingsPending.objects.get().job == ratings_jobs().get().pk
    assert WebhookDelivery.objects.get().event == "hand.recorded"


def test_a_night_of_hands_waits_for_one_replay(
    api_bob: Api, session: Session, settings: Any
) -> None:
    settings.RATINGS_DELAY_SECONDS = 30
    for _ in range(3):
        post_hand(api_bob, session)
    job = ratings_jobs().get()
    assert (job.run_after - timezone.now()).total_seconds() > 20
    run_worker()
    assert not Rating.objects.exists()  # not yet: later hands may join
    time_passes()
    run_worker()
    assert ratings_jobs().get().status == TaskResultStatus.SUCCESSFUL
    assert Rating.objects.count() == 4 and not RatingsPending.objects.exists()


def test_a_replay_that_fails_after_the_hand_is_stored_is_logged_and_retried(
    api_bob: Api,
    session: Session,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(**kwargs: Any) -> int:
        raise RuntimeError("database is locked")

    body = post_hand(api_bob, session)
    monkeypatch.setattr("games.stats.replay.ratings_replay", broken)
    with caplog.at_level(logging.ERROR, logger="games.stats.replay"):
        run_worker()
    assert "ratings replay" in caplog.text and "database is locked" in caplog.text
    assert Hand.objects.filter(pk=body["id"]).exists() and not Rating.objects.exists()
    retry = ratings_jobs().get(status=TaskResultStatus.READY)
    assert RatingsPending.objects.get().job == retry.pk
    monkeypatch.setattr("games.stats.replay.ratings_replay", ratings_replay)
    time_passes()
    run_worker()
    assert DBTaskResult.objects.get(pk=retry.pk).status == TaskResultStatus.SUCCESSFUL
    assert Rating.objects.count() == 4 and not RatingsPending.objects.exists()
