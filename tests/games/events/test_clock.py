"""A round's clock read at fixed instants: no database, no waiting."""

from __future__ import annotations

import datetime as dt

from games.events.clock import Clock, ClockState

T0 = dt.datetime(2026, 11, 28, 19, 0, tzinfo=dt.UTC)


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def test_a_clock_not_started_waits_with_its_whole_length() -> None:
    clock = Clock(minutes=90, warning_minutes=15)
    assert clock.state(at(5)) == ClockState.WAITING
    assert clock.remaining(at(5)) == 90 * 60


def test_a_running_clock_counts_down_from_its_start() -> None:
    clock = Clock(minutes=90, warning_minutes=15, started_at=T0)
    assert clock.remaining(at(57.75)) == 32 * 60 + 15
    assert clock.state(at(57.75)) == ClockState.RUNNING


def test_the_last_minutes_are_the_warning_zone_and_then_time_is_up() -> None:
    clock = Clock(minutes=90, warning_minutes=15, started_at=T0)
    assert clock.state(at(74.9)) == ClockState.RUNNING
    assert clock.state(at(75)) == ClockState.WARNING
    assert clock.state(at(90)) == ClockState.OVER
    assert clock.remaining(at(120)) == 0


def test_a_paused_clock_keeps_the_seconds_it_ran_and_stands_still() -> None:
    clock = Clock(minutes=90, warning_minutes=15, paused_at=at(10), run_seconds=600)
    assert clock.remaining(at(10)) == clock.remaining(at(50)) == 80 * 60
    assert clock.state(at(50)) == ClockState.PAUSED


def test_a_resumed_clock_adds_the_time_since_it_resumed_to_what_it_ran() -> None:
    clock = Clock(minutes=90, warning_minutes=15, started_at=at(30), run_seconds=600)
    assert clock.remaining(at(40)) == 70 * 60


def test_extra_minutes_lengthen_the_round() -> None:
    clock = Clock(minutes=90, warning_minutes=15, extra_minutes=5, started_at=T0)
    assert clock.remaining(at(90)) == 5 * 60
    assert clock.state(at(90)) == ClockState.WARNING
