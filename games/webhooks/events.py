"""Events from the services: one delivery job per subscribed hook, queued in the write's own
transaction (the job queue is a table), so that the deliveries commit with the write, or
not at all, and nothing is left to fail after it has committed."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

from django.utils import timezone

from games.importing.models import ImportJob
from games.models import Hand, Penalty, Session
from games.representations import (
    hand_representation,
    penalty_representation,
    session_representation,
)
from games.webhooks.delivery import deliver_webhook
from games.webhooks.models import Webhook, WebhookDelivery

PROBLEMS_TOLD = 20  # the first problems of a failed import; the job page has them all


def emit(event: str, subject: Hand | Penalty | Session) -> None:
    """Tell the club's hooks of ``event``: their deliveries are queued in the current
    transaction, so a write that rolls back tells nothing, and a write that committed has
    nothing left to do (work after a commit that failed, on SQLite "database is locked",
    turned a hand already saved into an error for the person saving it)."""
    session = subject if isinstance(subject, Session) else subject.session
    _send(event, session.club_id, partial(_representation, subject))


def on_announced(*, event: str, subject: Hand | Penalty | Session, **kwargs: Any) -> None:
    """The receiver of the core's ``announced`` (``games.signals``), connected in ``ready()``."""
    emit(event, subject)


def emit_import_finished(job: ImportJob) -> None:
    """Tell the club's hooks that an import job ended (imported, or failed with nothing
    written); call it in the transaction that stores the job's status."""
    _send(Webhook.Event.IMPORT_FINISHED, job.club_id, partial(import_body, job))


def emit_data(event: str, club_id: int, data: dict[str, Any]) -> None:
    """Tell the club's hooks of ``event`` with ``data`` (a neutral body the caller built,
    with the club's slug in ``club``), queued in the current transaction like the others."""
    _send(event, club_id, lambda: data)


def import_body(job: ImportJob) -> dict[str, Any]:
    """The ``data`` of an ``import.finished`` delivery (WebhookImportData in the schema)."""
    return {
        "id": str(job.pk),
        "club": job.season.club.slug,
        "season": job.season_id,
        "file_name": job.file_name,
        "status": job.status,
        "hands": job.result.get("hands", 0),
        "sessions": job.result.get("sessions", 0),
        "players": job.result.get("players", 0),
        "problems": [
            {"line": p["line"], "message": p["message"]} for p in job.problems[:PROBLEMS_TOLD]
        ],
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
    }


def _send(event: str, club_id: int, body: Callable[[], dict[str, Any]]) -> None:
    hooks = [
        hook
        for hook in Webhook.objects.filter(club_id=club_id, active=True)
        if event in hook.events
    ]
    if not hooks:
        return
    data = body()
    for hook in hooks:
        delivery = WebhookDelivery(webhook=hook, event=event)
        delivery.body = json.dumps(
            {
                "id": str(delivery.id),
                "event": event,
                "created_at": timezone.now().isoformat(),
                "club": data["club"],
                "data": data,
            },
            separators=(",", ":"),
        )
        delivery.save()
        deliver_webhook.enqueue(str(delivery.id))


def _representation(subject: Hand | Penalty | Session) -> dict[str, Any]:
    """The hand, penalty or session as the API shows it: both read ``games.representations``."""
    if isinstance(subject, Hand):
        return hand_representation(hand_id=subject.pk)
    if isinstance(subject, Penalty):
        return penalty_representation(penalty_id=subject.pk)
    return session_representation(session_id=subject.pk)
