"""An MCR session as PMN game records: each live hand kept as tiles (or drawn) becomes a
game the PMN import reads back as the same hand; a hand imported from a record is its
record. Hands no record can hold (a typed fan, a false win) are left out and counted."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import Session
from scoring.families import EngineError
from scoring.pmn import hand_record_text


@dataclass
class SessionRecords:
    text: str = ""
    # (the hand's place, why it has no record), in the session's order
    left_out: list[tuple[int, str]] = field(default_factory=list)


def session_pmn(*, session: Session) -> SessionRecords:
    """The session's games as one PMN file (games one after the other, no blank line)."""
    names = [
        seat.player.name for seat in session.seats.select_related("player").order_by("position")
    ]
    event = f"{session.club.name}: {session.season.name}"
    records = SessionRecords()
    hands = session.hands.filter(deleted_at__isnull=True).select_related("rule_set_version")
    for place, hand in enumerate(hands.order_by("number"), 1):
        if hand.record:
            records.text += hand.record
            continue
        try:
            records.text += hand_record_text(
                hand.input,
                place=place,
                params=hand.rule_set_version.params,
                names=names,
                played_on=session.played_on,
                event=event,
            )
        except EngineError as error:
            records.left_out.append((place, error.message))
    return records
