"""The tests run inside the large frame that keeps CPython's frame stack in one chunk."""

from __future__ import annotations

import sys

from tests.frame_stack import LOCALS, NAME, call_in_a_large_frame


def test_the_test_loop_runs_inside_the_large_frame() -> None:
    frame = sys._getframe()
    callers = []
    while frame is not None:
        callers.append(frame.f_code)
        frame = frame.f_back
    (large,) = [code for code in callers if code.co_name == NAME]
    assert large is call_in_a_large_frame.__code__
    assert large.co_nlocals == LOCALS + 1  # the names, and the call it makes


def test_the_large_frame_returns_what_its_call_returns() -> None:
    assert call_in_a_large_frame(lambda: 42) == 42
