"""What the club's webhooks are told of a round: one neutral body for both announcements."""

from __future__ import annotations

from typing import Any

from games.events.models import Round
from games.events.selectors import round_byes, round_tables
from games.webhooks.events import emit_data
from games.webhooks.models import Webhook


def round_body(round: Round) -> dict[str, Any]:
    """The ``data`` of a ``round.published`` or ``round.finished`` delivery (WebhookRoundData)."""
    event = round.event
    return {
        "club": event.club.slug,
        "event": event.pk,
        "event_name": event.name,
        "round": round.number,
        "rounds": event.rounds,
        "state": round.state,
        "tables": [
            {
                "number": table.number,
                "session": table.session.pk,
                "seats": [
                    {"wind": seat.wind, "player": seat.player_id, "name": seat.name}
                    for seat in table.seats
                ],
            }
            for table in round_tables(round=round)
        ],
        "byes": round_byes(round=round),
    }


def announce_round_published(round: Round) -> None:
    emit_data(Webhook.Event.ROUND_PUBLISHED, round.event.club_id, round_body(round))


def announce_round_finished(round: Round) -> None:
    emit_data(Webhook.Event.ROUND_FINISHED, round.event.club_id, round_body(round))
