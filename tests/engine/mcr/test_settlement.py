"""MCR settlement tables (mcr.md §9): standard zero-sum, duplicate not, table points exact."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import HandError
from scoring.engine.mcr.settlement import (
    add,
    false_win,
    settle,
    settle_duplicate,
    table_points,
)


@pytest.mark.parametrize(
    ("winner", "fan", "discarder", "expected"),
    [
        (2, 9, 1, (-8, -17, 33, -8)),
        (2, 21, 0, (-29, -8, 45, -8)),
        (0, 8, None, (48, -16, -16, -16)),
        (3, 10, None, (-18, -18, -18, 54)),
    ],
)
def test_standard(winner: int, fan: int, discarder: int | None, expected: tuple[int, ...]) -> None:
    assert settle(winner, fan, discarder) == expected


@given(st.integers(0, 3), st.integers(8, 400), st.one_of(st.none(), st.integers(0, 3)))
def test_standard_is_zero_sum(winner: int, fan: int, discarder: int | None) -> None:
    if discarder == winner:
        return
    assert sum(settle(winner, fan, discarder)) == 0


def test_duplicate_is_not_zero_sum_with_two_winners() -> None:
    result = settle_duplicate({1: 12, 3: 12}, discarder=0)
    assert result == (-32, 36, -8, 36) and sum(result) != 0


@given(st.integers(0, 3), st.integers(8, 100), st.integers(1, 3))
def test_duplicate_with_one_winner_equals_standard(winner: int, fan: int, step: int) -> None:
    discarder = (winner + step) % 4
    assert settle_duplicate({winner: fan}, discarder) == settle(winner, fan, discarder)


def test_false_win_and_penalties_add_up_to_zero() -> None:
    assert false_win(0) == (-30, 10, 10, 10)
    assert sum(add(settle(1, 8, 2), false_win(3, 5))) == 0


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((40, 10, -20, -30), (4, 2, 1, 0)),
        ((10, 10, -5, -15), (3, 3, 1, 0)),
        ((20, 5, 5, -30), (4, Fraction(3, 2), Fraction(3, 2), 0)),
        ((20, 5, -12, -12), (4, 2, Fraction(1, 2), Fraction(1, 2))),
        ((5, 5, 5, -15), (Fraction(7, 3),) * 3 + (0,)),
        ((30, -10, -10, -10), (4, 1, 1, 1)),
        ((0, 0, 0, 0), (Fraction(7, 4),) * 4),
    ],
)
def test_table_points_share_ties_exactly(
    scores: tuple[int, ...], points: tuple[Fraction, ...]
) -> None:
    result = table_points(scores)
    assert result == tuple(Fraction(p) for p in points)
    assert all(isinstance(p, Fraction) for p in result) and sum(result) == 7


def test_bad_settlement_input_is_refused() -> None:
    with pytest.raises(HandError, match="one of the 4 players"):
        settle(4, 8)
    with pytest.raises(HandError, match="discarded"):
        settle(1, 8, 1)
    with pytest.raises(HandError, match="self-draw"):
        settle_duplicate({1: 8, 2: 8})
