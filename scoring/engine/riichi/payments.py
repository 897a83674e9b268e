"""Riichi payments: han and fu to basic points, the limits, and what each loser pays.

Basic points 基本点 are fu × 2^(han+2), capped by the limits (docs/spec/riichi.md §3); a
win on a discard is paid 6× (dealer) or 4× (non-dealer) the basic points by the discarder,
a self-drawn win 2× by each loser (dealer or to the dealer) and 1× by the other non-dealers,
every payment rounded up to the next 100. Integers throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from scoring.engine.errors import HandError
from scoring.engine.riichi.rules import RiichiRules

YAKUMAN_HAN: Final = 13
MAX_YAKUMAN: Final = 6
VALID_FU: Final = frozenset({20, 25, *range(30, 120, 10)})


class Limit(StrEnum):
    """A limit hand: mangan 満貫, haneman 跳満, baiman 倍満, sanbaiman 三倍満, yakuman 役満."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


# Basic points of each limit, and the han that reach it.
LIMIT_POINTS: Final = {
    Limit.MANGAN: 2000,
    Limit.HANEMAN: 3000,
    Limit.BAIMAN: 4000,
    Limit.SANBAIMAN: 6000,
    Limit.YAKUMAN: 8000,
}
LIMIT_HAN: Final = {
    Limit.MANGAN: 5,
    Limit.HANEMAN: 6,
    Limit.BAIMAN: 8,
    Limit.SANBAIMAN: 11,
    Limit.YAKUMAN: 13,
}


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a win is worth: han 翻 and fu 符, or a number of yakuman 役満 (then han/fu unused)."""

    han: int = 0
    fu: int = 0
    yakuman: int = 0

    def __post_init__(self) -> None:
        for name in ("han", "fu", "yakuman"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise HandError(
                    "{name} must be a whole number of at least 0", field=name, name=name
                )
        if self.yakuman:
            if self.yakuman > MAX_YAKUMAN:
                raise HandError(
                    "a hand is at most {max_yakuman} yakuman",
                    field="yakuman",
                    max_yakuman=MAX_YAKUMAN,
                )
            return
        _check_han_fu(self.han, self.fu)


def _check_han_fu(han: int, fu: int) -> None:
    if han < 1:
        raise HandError("a winning hand has at least 1 han", field="han")
    if han >= LIMIT_HAN[Limit.MANGAN]:
        return  # fu no longer matter from 5 han on
    if fu not in VALID_FU:
        raise HandError(
            "{fu} fu is not a hand's fu: 20, 25, or 30 to 110 in steps of 10", field="fu", fu=fu
        )
    if fu in (20, 25) and han < 2:
        raise HandError(
            "{fu} fu comes with at least 2 han (pinfu tsumo, seven pairs)", field="han", fu=fu
        )


def value_from_json(data: object) -> HandValue:
    """A hand value from ``{"han": 3, "fu": 30}``, ``{"limit": "haneman"}`` or
    ``{"yakuman": 2}``.

    >>> value_from_json({"limit": "baiman"})
    HandValue(han=8, fu=0, yakuman=0)
    """
    if not isinstance(data, Mapping):
        raise HandError('a hand value is an object such as {"han": 3, "fu": 30}', field="value")
    unknown = sorted(str(key) for key in data if key not in ("han", "fu", "limit", "yakuman"))
    if unknown:
        raise HandError(
            "unknown field {unknown!r} in a hand value", field=unknown[0], unknown=unknown[0]
        )
    if "limit" in data:
        return _limit_value(data)
    return HandValue(
        han=_whole(data, "han"), fu=_whole(data, "fu"), yakuman=_whole(data, "yakuman")
    )


def _limit_value(data: Mapping[str, Any]) -> HandValue:
    if set(data) != {"limit"}:
        raise HandError("give either a limit or han and fu, not both", field="limit")
    name = data["limit"]
    if name == Limit.YAKUMAN:
        return HandValue(yakuman=1)
    if name not in set(Limit):
        known = ", ".join(Limit)
        raise HandError(
            "limit {name!r} is not one of {known}", field="limit", name=name, known=known
        )
    return HandValue(han=LIMIT_HAN[Limit(name)])


def _whole(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError("{key} must be a whole number", field=key, key=key)
    return value


def limit_of(value: HandValue, rules: RiichiRules) -> Limit | None:
    """The limit a hand reaches under the rules, or None below mangan.

    >>> from scoring.engine.riichi.rules import EMA, CLUB, WRC
    >>> limit_of(HandValue(4, 30), EMA), limit_of(HandValue(4, 30), CLUB)
    (None, <Limit.MANGAN: 'mangan'>)
    >>> limit_of(HandValue(13), CLUB), limit_of(HandValue(13), EMA)
    (<Limit.YAKUMAN: 'yakuman'>, <Limit.SANBAIMAN: 'sanbaiman'>)
    """
    if value.yakuman:
        return Limit.YAKUMAN
    if value.han >= YAKUMAN_HAN:
        return Limit.YAKUMAN if rules.kazoe_yakuman else Limit.SANBAIMAN
    for limit in (Limit.SANBAIMAN, Limit.BAIMAN, Limit.HANEMAN, Limit.MANGAN):
        if value.han >= LIMIT_HAN[limit]:
            return limit
    base = _unlimited(value)
    if base > LIMIT_POINTS[Limit.MANGAN] or (rules.kiriage and base >= 1920):
        return Limit.MANGAN
    return None


def _unlimited(value: HandValue) -> int:
    return value.fu << (value.han + 2)


def basic_points(value: HandValue, rules: RiichiRules) -> int:
    """Basic points: fu × 2^(han+2) below the limits, else the limit's.

    >>> from scoring.engine.riichi.rules import EMA, WRC
    >>> basic_points(HandValue(3, 30), EMA), basic_points(HandValue(4, 40), EMA)
    (960, 2000)
    >>> basic_points(HandValue(yakuman=2), EMA), basic_points(HandValue(yakuman=2), WRC)
    (8000, 16000)
    """
    limit = limit_of(value, rules)
    if limit is None:
        return _unlimited(value)
    points = LIMIT_POINTS[limit]
    if value.yakuman and rules.multiple_yakuman:
        points *= value.yakuman
    return points


def round_up(points: int) -> int:
    """Round a payment up to the next 100.

    >>> round_up(3840), round_up(1000), round_up(1)
    (3900, 1000, 100)
    """
    return -(-points // 100) * 100


def ron_payment(value: HandValue, dealer: bool, rules: RiichiRules) -> int:
    """What the discarder pays for a win on a discard (without counters).

    >>> from scoring.engine.riichi.rules import EMA
    >>> ron_payment(HandValue(3, 30), False, EMA), ron_payment(HandValue(5), True, EMA)
    (3900, 12000)
    """
    return round_up(basic_points(value, rules) * (6 if dealer else 4))


def tsumo_payments(value: HandValue, dealer: bool, rules: RiichiRules) -> tuple[int, int]:
    """What (the dealer, each non-dealer) pays a self-drawn win (without counters); a
    dealer's own win is paid the same by all three.

    >>> from scoring.engine.riichi.rules import EMA
    >>> tsumo_payments(HandValue(4, 30), True, EMA), tsumo_payments(HandValue(1, 30), False, EMA)
    ((3900, 3900), (500, 300))
    """
    base = basic_points(value, rules)
    if dealer:
        each = round_up(2 * base)
        return each, each
    return round_up(2 * base), round_up(base)
