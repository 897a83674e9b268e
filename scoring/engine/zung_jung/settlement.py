"""Who pays whom after a Zung Jung hand: only the winner scores (zung-jung.md §6.2, §9.4).

With ``each_loser_pays`` every other seat pays the hand's points to the winner. With
``discarder_pays_all`` a discarder pays what all the losers would have paid, and a
self-drawn win is still paid by everyone. An Illegal Call costs the offender the
penalty to each other seat. Every settlement sums to zero.

>>> settle(ZungJungHand(outcome=Outcome.DISCARD, winner=0, discarder=2, points=30), SEED)
(90, -30, -30, -30)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.bounds import is_whole
from scoring.engine.errors import HandError
from scoring.engine.zung_jung.rules import SEED, Payoff, ZungJungRules


class Outcome(StrEnum):
    """How a Zung Jung hand ended."""

    SELF_DRAWN = "self_drawn"  # 自摸
    DISCARD = "discard"  # 食出銃
    DRAW = "draw"  # 流局
    ILLEGAL_CALL = "illegal_call"  # 詐和


@dataclass(frozen=True)
class ZungJungHand:
    """One hand's result: the outcome, the seats involved (0-based) and the hand's points."""

    outcome: Outcome
    winner: int | None = None
    discarder: int | None = None
    offender: int | None = None
    points: int | None = None
    seats: int = 4


def validate(hand: ZungJungHand, rules: ZungJungRules = SEED) -> None:
    """Raise ``HandError`` naming the field when the result is impossible under the rules."""
    if not 2 <= hand.seats <= 4:
        raise HandError("a Zung Jung table has 2 to 4 seats", field="seats")
    wins = hand.outcome in (Outcome.SELF_DRAWN, Outcome.DISCARD)
    _check_seat(hand.winner, "winner", hand.seats, required=wins)
    _check_seat(hand.discarder, "discarder", hand.seats, required=hand.outcome is Outcome.DISCARD)
    _check_seat(
        hand.offender, "offender", hand.seats, required=hand.outcome is Outcome.ILLEGAL_CALL
    )
    if hand.outcome is Outcome.DISCARD and hand.discarder == hand.winner:
        raise HandError("the winner cannot have discarded the winning tile", field="discarder")
    if wins:
        _check_points(hand.points, rules)
    elif hand.points is not None:
        raise HandError("a {outcome} hand has no points", field="points", outcome=hand.outcome)
    if hand.outcome is Outcome.ILLEGAL_CALL and rules.illegal_call is None:
        raise HandError(
            "the {preset} rules have no Illegal Call penalty", field="outcome", preset=rules.preset
        )


def _check_seat(seat: int | None, field: str, seats: int, *, required: bool) -> None:
    if seat is None:
        if required:
            raise HandError("the {field_name} is missing", field=field, field_name=field)
        return
    if not required:
        raise HandError("this outcome has no {field_name}", field=field, field_name=field)
    if not is_whole(seat) or not 0 <= seat < seats:
        raise HandError(
            "the {field_name} must be one of the {seats} players at the table",
            field=field,
            field_name=field,
            seats=seats,
        )


def _check_points(points: int | None, rules: ZungJungRules) -> None:
    if points is None:
        raise HandError("the winning hand's points are missing", field="points")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise HandError(
            "a winning hand is worth a whole number of points, at least 1", field="points"
        )
    highest = max(rules.cap, *(entry.value for entry in rules.patterns))
    if points > highest:
        raise HandError(
            "no Zung Jung hand is worth more than {highest} points", field="points", highest=highest
        )
    if points < rules.minimum:
        raise HandError(
            "{points} points is below the minimum of {minimum} to win",
            field="points",
            points=points,
            minimum=rules.minimum,
        )


def settle(hand: ZungJungHand, rules: ZungJungRules = SEED) -> tuple[int, ...]:
    """Each seat's change in points (sums to zero).

    >>> settle(ZungJungHand(outcome=Outcome.ILLEGAL_CALL, offender=1), SEED)
    (40, -120, 40, 40)
    """
    validate(hand, rules)
    changes = [0] * hand.seats
    if hand.outcome is Outcome.ILLEGAL_CALL:
        assert hand.offender is not None and rules.illegal_call is not None
        _everyone_pays(changes, hand.offender, -rules.illegal_call)
    elif hand.outcome is Outcome.SELF_DRAWN or (
        hand.outcome is Outcome.DISCARD and rules.payoff is Payoff.EACH_LOSER_PAYS
    ):
        assert hand.winner is not None and hand.points is not None
        _everyone_pays(changes, hand.winner, hand.points)
    elif hand.outcome is Outcome.DISCARD:
        assert hand.winner is not None and hand.discarder is not None and hand.points
        amount = hand.points * (hand.seats - 1)
        changes[hand.winner] += amount
        changes[hand.discarder] -= amount
    assert sum(changes) == 0
    return tuple(changes)


def _everyone_pays(changes: list[int], receiver: int, amount: int) -> None:
    for seat in range(len(changes)):
        if seat != receiver:
            changes[seat] -= amount
            changes[receiver] += amount
