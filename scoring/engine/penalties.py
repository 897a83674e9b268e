"""Penalties: what one player is fined, and how the fine is shared among a table's seats.

A penalty is a whole number of the family's unit taken from one seat. Zero-sum, it is paid
to the other seats equally; when it does not divide equally, each other seat gets the
equal whole share and the units left over go one each to the seats that follow the
penalised one in seat order (the player on its right first), so the shares are whole and
sum to zero exactly. Not zero-sum, it is only taken away.

>>> shares(300, offender=0, seats=4, zero_sum=True)
(-300, 100, 100, 100)
>>> shares(100, offender=2, seats=4, zero_sum=True)
(33, 33, -100, 34)
>>> shares(20000, offender=1, seats=4, zero_sum=False)
(0, -20000, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.errors import EngineError

# The largest penalty taken: well above any family's limit hand, well below the columns'.
MAX_AMOUNT = 10**9


class Reason(StrEnum):
    """Why a player is penalised."""

    CHOMBO = "chombo"
    FALSE_WIN = "false_win"
    LATENESS = "lateness"
    CONDUCT = "conduct"
    OTHER = "other"


class ChomboEnds(StrEnum):
    """What a chombo ends: the hand (it is replayed or abandoned), the game, or nothing."""

    HAND = "hand"
    GAME = "game"
    NOTHING = "nothing"


@dataclass(frozen=True)
class PenaltyPreset:
    """What a family's rules say a chombo costs (in the family's unit), whether that is paid
    to the others, and what it ends."""

    chombo: int
    zero_sum: bool
    ends: ChomboEnds


def check_amount(amount: int) -> int:
    """A penalty's amount: a whole number from 1 to ``MAX_AMOUNT``.

    >>> check_amount(0)
    Traceback (most recent call last):
    ...
    scoring.engine.errors.EngineError: the penalty must be at least 1
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise EngineError("the penalty must be a whole number", field="amount")
    if amount < 1:
        raise EngineError("the penalty must be at least 1", field="amount")
    if amount > MAX_AMOUNT:
        raise EngineError("the penalty can be at most {limit:,}", field="amount", limit=MAX_AMOUNT)
    return amount


def shares(amount: int, *, offender: int, seats: int, zero_sum: bool) -> tuple[int, ...]:
    """Each seat's change, by seat, from a penalty of ``amount`` on seat ``offender``."""
    check_amount(amount)
    if not 0 <= offender < seats:
        raise EngineError("the penalised player is not at this table", field="player")
    changes = [0] * seats
    changes[offender] = -amount
    if not zero_sum or seats < 2:
        return tuple(changes)
    share, left = divmod(amount, seats - 1)
    for step in range(1, seats):
        changes[(offender + step) % seats] = share + (1 if step <= left else 0)
    return tuple(changes)
