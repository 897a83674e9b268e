"""What the core announces for its satellites, which it never imports: they connect here.

``session_totals_changed`` is sent inside the write's own transaction, once the kept
totals of the sessions (``session_ids``) are rewritten: what a receiver writes commits with
the hand or not at all, and a receiver's error rolls the write back (``send``, not
``send_robust``), as it would if the core had made the call itself.
"""

from __future__ import annotations

from django.dispatch import Signal

session_totals_changed = Signal()
