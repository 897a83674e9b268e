"""A round's clock read at one instant of server time: pure arithmetic, no database."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum


class ClockState(StrEnum):
    WAITING = "waiting"  # published, not started
    RUNNING = "running"
    WARNING = "warning"  # running inside the end warning: no new hand after this
    PAUSED = "paused"
    OVER = "over"


@dataclass(frozen=True)
class Clock:
    """What a round's clock is made of (``Round``'s fields and its event's lengths)."""

    minutes: int
    warning_minutes: int
    extra_minutes: int = 0
    started_at: dt.datetime | None = None
    paused_at: dt.datetime | None = None
    run_seconds: int = 0

    def elapsed(self, now: dt.datetime) -> int:
        """Whole seconds run: those before the last pause, and since the last start."""
        if self.started_at is None or self.paused_at is not None:
            return self.run_seconds
        return self.run_seconds + int((now - self.started_at).total_seconds())

    def remaining(self, now: dt.datetime) -> int:
        """Seconds left, never below zero."""
        return max(0, 60 * (self.minutes + self.extra_minutes) - self.elapsed(now))

    def state(self, now: dt.datetime) -> ClockState:
        remaining = self.remaining(now)
        if self.started_at is None and self.run_seconds == 0:
            return ClockState.WAITING
        if remaining == 0:
            return ClockState.OVER
        if self.paused_at is not None:
            return ClockState.PAUSED
        if remaining <= 60 * self.warning_minutes:
            return ClockState.WARNING
        return ClockState.RUNNING
