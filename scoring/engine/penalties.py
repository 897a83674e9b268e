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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.engine.errors import EngineError, RulesError

# The largest penalty taken: well above any family's limit hand, well below the columns'.
MAX_AMOUNT = 10**9

# A rule set's own chombo settings, in its parameters beside the family's rules: what a
# chombo costs, whether it is paid to the others, and what it ends. Each one left out is
# what the family's rules say.
CHOMBO_AMOUNT = "chombo_amount"
CHOMBO_ZERO_SUM = "chombo_zero_sum"
CHOMBO_ENDS = "chombo_ends"
CHOMBO_KEYS = (CHOMBO_AMOUNT, CHOMBO_ZERO_SUM, CHOMBO_ENDS)


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


def clean_chombo(params: Mapping[str, Any]) -> dict[str, Any]:
    """The chombo settings ``params`` give, checked, as a rule set stores them.

    >>> clean_chombo({"max_faan": 10, "chombo_amount": 64, "chombo_ends": "game"})
    {'chombo_amount': 64, 'chombo_ends': 'game'}
    >>> clean_chombo({"chombo_ends": "round"})
    Traceback (most recent call last):
    ...
    scoring.engine.errors.RulesError: what a chombo ends must be one of hand, game, nothing
    """
    cleaned: dict[str, Any] = {}
    if CHOMBO_AMOUNT in params:
        amount = params[CHOMBO_AMOUNT]
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise RulesError("a chombo's cost must be a whole number", field=CHOMBO_AMOUNT)
        if not 1 <= amount <= MAX_AMOUNT:
            raise RulesError(
                "a chombo's cost must be from 1 to {limit:,}", field=CHOMBO_AMOUNT, limit=MAX_AMOUNT
            )
        cleaned[CHOMBO_AMOUNT] = amount
    if CHOMBO_ZERO_SUM in params:
        if not isinstance(params[CHOMBO_ZERO_SUM], bool):
            raise RulesError(
                "whether a chombo is paid to the others must be true or false",
                field=CHOMBO_ZERO_SUM,
            )
        cleaned[CHOMBO_ZERO_SUM] = params[CHOMBO_ZERO_SUM]
    if CHOMBO_ENDS in params:
        if params[CHOMBO_ENDS] not in tuple(ChomboEnds):
            raise RulesError(
                "what a chombo ends must be one of {known}",
                field=CHOMBO_ENDS,
                known=", ".join(ChomboEnds),
            )
        cleaned[CHOMBO_ENDS] = str(params[CHOMBO_ENDS])
    return cleaned


def chombo_rules(params: Mapping[str, Any], default: PenaltyPreset) -> PenaltyPreset:
    """The chombo of a rule set: ``default`` (what the family's rules say) with the settings
    ``params`` give in its place.

    >>> chombo_rules({"chombo_ends": "game"}, PenaltyPreset(30, True, ChomboEnds.HAND))
    PenaltyPreset(chombo=30, zero_sum=True, ends=<ChomboEnds.GAME: 'game'>)
    """
    settings = clean_chombo(params)
    return replace(
        default,
        chombo=settings.get(CHOMBO_AMOUNT, default.chombo),
        zero_sum=settings.get(CHOMBO_ZERO_SUM, default.zero_sum),
        ends=ChomboEnds(settings.get(CHOMBO_ENDS, default.ends)),
    )


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
