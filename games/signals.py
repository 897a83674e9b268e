"""What the core announces for its satellites, which it never imports: they connect here.

``session_totals_changed`` is sent inside the write's own transaction, once the kept
totals of the sessions (``session_ids``) are rewritten: what a receiver writes commits with
the hand or not at all, and a receiver's error rolls the write back (``send``, not
``send_robust``), as it would if the core had made the call itself.

``announced`` is sent the same way when a hand, a penalty or a session changed in a way a
club's webhooks hear of: ``event`` is one of the names below (the webhooks' event names) and
``subject`` the Hand, Penalty or Session as written.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

session_totals_changed = Signal()
announced = Signal()

HAND_RECORDED = "hand.recorded"
HAND_AMENDED = "hand.amended"
HAND_DELETED = "hand.deleted"
SESSION_CLOSED = "session.closed"
PENALTY_RECORDED = "penalty.recorded"
PENALTY_AMENDED = "penalty.amended"
PENALTY_DELETED = "penalty.deleted"
ANNOUNCEMENTS = (
    HAND_RECORDED,
    HAND_AMENDED,
    HAND_DELETED,
    SESSION_CLOSED,
    PENALTY_RECORDED,
    PENALTY_AMENDED,
    PENALTY_DELETED,
)


def announce(event: str, subject: Any) -> None:
    """Tell the satellites of ``event`` (one of ``ANNOUNCEMENTS``), in the current transaction."""
    announced.send(sender=type(subject), event=event, subject=subject)
