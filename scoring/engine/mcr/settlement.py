"""MCR settlement (mcr.md §9): standard 8 + fan payments, duplicate MCR, false wins, and
tournament table points 4/2/1/0 with ties shared exactly.

Seats are 0 East, 1 South, 2 West, 3 North; a result is the four score changes.

>>> settle(winner=2, fan=9, discarder=1)
(-8, -17, 33, -8)
>>> settle(winner=0, fan=10)
(54, -18, -18, -18)
>>> settle_duplicate({1: 12, 3: 12}, discarder=0)
(-32, 36, -8, 36)
>>> [str(p) for p in table_points([10, 10, -5, -15])]
['3', '3', '1', '0']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from scoring.engine.errors import HandError

BASE: Final = 8
PLACES: Final = (4, 2, 1, 0)


def _check_seat(seat: int, field: str) -> None:
    if seat not in range(4):
        raise HandError(
            "the {field_name} must be one of the {seats} players at the table",
            field=field,
            field_name=field,
            seats=4,
        )


def _check_fan(fan: int, field: str = "fan") -> None:
    if fan < 0:
        raise HandError("a winner's fan cannot be negative ({fan})", field=field, fan=fan)


def settle(winner: int, fan: int, discarder: int | None = None) -> tuple[int, ...]:
    """Standard MCR (§9.1), zero-sum: on a discard the discarder pays 8 + fan and the others 8;
    self-drawn, each pays 8 + fan. ``fan`` includes flowers."""
    _check_seat(winner, "winner")
    _check_fan(fan)
    if discarder is None:
        return tuple(3 * (BASE + fan) if s == winner else -(BASE + fan) for s in range(4))
    _check_seat(discarder, "discarder")
    if discarder == winner:
        raise HandError("the winner cannot have discarded the winning tile", field="discarder")
    return tuple(
        BASE * 3 + fan if s == winner else -(BASE + fan) if s == discarder else -BASE
        for s in range(4)
    )


def settle_duplicate(fans: Mapping[int, int], discarder: int | None = None) -> tuple[int, ...]:
    """Duplicate MCR (§9.2): several players may win on one discard. Each winner gets 24 + fan,
    the discarder pays 8 + the sum of the fans, the others 8. Not zero-sum with two or more
    winners (the one documented exception); self-drawn settles as standard."""
    if not fans:
        raise HandError("a duplicate result needs at least one winner", field="winners")
    for seat, fan in fans.items():
        _check_seat(seat, "winners")
        _check_fan(fan)
    if discarder is None:
        if len(fans) != 1:
            raise HandError("only one player can win by self-draw", field="winners")
        ((winner, fan),) = fans.items()
        return settle(winner, fan)
    _check_seat(discarder, "discarder")
    if discarder in fans:
        raise HandError("the discarder cannot also win on that discard", field="discarder")
    total = sum(fans.values())
    return tuple(
        BASE * 3 + fans[s] if s in fans else -(BASE + total) if s == discarder else -BASE
        for s in range(4)
    )


def false_win(offender: int, penalty: int = 10) -> tuple[int, ...]:
    """A false win (错和, §8): the offender pays ``penalty`` to each other player.

    >>> false_win(1)
    (10, -30, 10, 10)
    """
    _check_seat(offender, "offender")
    if penalty < 0:
        raise HandError("the false-win penalty cannot be negative", field="penalty")
    return tuple(-3 * penalty if s == offender else penalty for s in range(4))


def add(*results: Sequence[int]) -> tuple[int, ...]:
    """Seat-by-seat sum of results (a hand's payments plus its penalties).

    >>> add((1, 2, 3, -6), (10, -30, 10, 10))
    (11, -28, 13, 4)
    """
    return tuple(sum(values) for values in zip(*results, strict=True))


def table_points(scores: Sequence[int | Fraction]) -> tuple[Fraction, ...]:
    """Table points 4/2/1/0 by final score; tied players share their places' points equally.

    >>> [str(p) for p in table_points([5, 5, 5, -15])]
    ['7/3', '7/3', '7/3', '0']
    """
    if len(scores) != 4:
        raise HandError("table points need four final scores", field="scores")
    points: list[Fraction] = []
    for score in scores:
        above = sum(1 for other in scores if other > score)
        tied = sum(1 for other in scores if other == score)
        points.append(Fraction(sum(PLACES[above : above + tied]), tied))
    return tuple(points)
