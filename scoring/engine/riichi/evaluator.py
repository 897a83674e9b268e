"""Riichi hands evaluated from their tiles: yaku, han, fu and dora from the ``mahjong``
library, then the limit and the payments under the rules (docs/spec/riichi.md §7).

The result is docs/hand-format.md's evaluation result in han (``total`` is the han), with
``han``, ``fu``, ``yakuman``, ``limit_name``, the Japanese name of each yaku, the fu
breakdown, and the ``payments`` the hand is worth before counters and riichi sticks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from scoring.engine.evaluation import CountedPattern, Evaluation
from scoring.engine.riichi.hand_input import RiichiHand, riichi_hand_from_json
from scoring.engine.riichi.library import LibraryResult, ask, config, evaluate_tiles
from scoring.engine.riichi.payments import (
    YAKUMAN_HAN,
    HandValue,
    Limit,
    limit_of,
    ron_payment,
    tsumo_payments,
)
from scoring.engine.riichi.quick import library_input
from scoring.engine.riichi.rules import RiichiRules
from scoring.engine.riichi.yaku import DORA_IDS, yaku_name
from scoring.engine.tiles import EAST


@dataclass(frozen=True)
class RiichiEvaluation:
    """A scored riichi hand: the yaku (with names), its value, and who is the dealer."""

    rules: RiichiRules
    patterns: tuple[tuple[CountedPattern, str], ...]  # each with its Japanese name
    value: HandValue
    limit: Limit | None
    dealer: bool
    self_drawn: bool
    fu_details: tuple[dict[str, Any], ...]

    @property
    def han(self) -> int:
        """The han counted, yakuman as 13 each."""
        return self.value.yakuman * YAKUMAN_HAN if self.value.yakuman else self.value.han

    def evaluation(self) -> Evaluation:
        """The family-neutral result (docs/hand-format.md), in han."""
        return Evaluation(
            family="riichi",
            preset=self.rules.preset,
            total=self.han,
            total_without_bonus=self.han,
            meets_minimum=True,
            limit=self.limit is not None,
            patterns=tuple(pattern for pattern, _ in self.patterns),
            arrangement=(),
        )

    def payments(self) -> dict[str, int]:
        """What the hand is paid, before counters and riichi sticks."""
        if not self.self_drawn:
            return {"discarder": ron_payment(self.value, self.dealer, self.rules)}
        from_dealer, from_other = tsumo_payments(self.value, self.dealer, self.rules)
        if self.dealer:
            return {"each": from_other, "total": 3 * from_other}
        return {"dealer": from_dealer, "others": from_other, "total": from_dealer + 2 * from_other}

    def to_json(self) -> dict[str, Any]:
        """The result object: docs/hand-format.md's (``Evaluation.to_json``, the same keys in
        the same order, written here at once), plus riichi's values."""
        limit = self.limit
        return _result_json(
            self.rules,
            self.han,
            self.value,
            None if limit is None else str(limit),
            [_pattern_json(pattern, name_ja) for pattern, name_ja in self.patterns],
            self.dealer,
            list(self.fu_details),
            self.payments(),
        )


def _result_json(
    rules: RiichiRules,
    han: int,
    value: HandValue,
    limit_name: str | None,
    patterns: list[dict[str, Any]],
    dealer: bool,
    fu_details: list[dict[str, Any]],
    payments: dict[str, int],
) -> dict[str, Any]:
    """The result object of docs/hand-format.md, in han, with riichi's values after it."""
    return {
        "ok": True,
        "family": "riichi",
        "preset": rules.preset,
        "total": han,
        "total_without_bonus": han,
        "meets_minimum": True,
        "limit": limit_name is not None,
        "patterns": patterns,
        "arrangement": [],
        "han": han,
        "fu": value.fu,
        "yakuman": value.yakuman,
        "limit_name": limit_name,
        "dealer": dealer,
        "fu_details": fu_details,
        "payments": payments,
    }


@cache  # a handful of yaku and counts
def _pattern_item(pattern: CountedPattern, name_ja: str) -> dict[str, Any]:
    return {**pattern.to_json(), "name_ja": name_ja}


def _pattern_json(pattern: CountedPattern, name_ja: str) -> dict[str, Any]:
    """A pattern's result item, with its Japanese name (a new dict: the caller may change it)."""
    return dict(_pattern_item(pattern, name_ja))


def evaluate(hand: RiichiHand, rules: RiichiRules) -> RiichiEvaluation:
    """Evaluate a validated riichi hand under the rules.

    >>> from scoring.engine.riichi.rules import EMA
    >>> h = riichi_hand_from_json({"concealed": "234m22456p345678s", "winning_tile": "5s",
    ...     "self_drawn": True, "riichi": True, "seat_wind": "2z"}, red_fives=False)
    >>> e = evaluate(h, EMA)
    >>> e.han, e.value.fu, e.payments()
    (4, 20, {'dealer': 2600, 'others': 1300, 'total': 5200})
    """
    found = evaluate_tiles(hand, rules)
    return _evaluation(found, rules, hand.hand.seat_wind == EAST, hand.hand.self_drawn)


def _evaluation(
    found: LibraryResult, rules: RiichiRules, dealer: bool, self_drawn: bool
) -> RiichiEvaluation:
    yakuman = _yakuman_count(found)
    value = HandValue(yakuman=yakuman) if yakuman else HandValue(han=found.han, fu=found.fu)
    return RiichiEvaluation(
        rules=rules,
        patterns=tuple(_pattern(yaku.yaku_id, yaku.name, han) for yaku, han in found.yaku),
        value=value,
        limit=limit_of(value, rules),
        dealer=dealer,
        self_drawn=self_drawn,
        fu_details=tuple({"fu": d["fu"], "reason": d["reason"]} for d in found.fu_details),
    )


def evaluate_data(data: object, rules: RiichiRules) -> dict[str, Any]:
    """The result object for a riichi hand object (raises ``HandError`` for bad input).

    A plain hand object is read straight into the library's form (``quick``), and the
    library's answer written straight as the result object; any other is read and checked
    in full, which also names what is wrong with it.
    """
    quick = library_input(data, rules)
    if quick is None:
        hand = riichi_hand_from_json(data, red_fives=rules.red_fives)
        return evaluate(hand, rules).to_json()
    tiles, winning_tile, melds, dora, ura, context = quick
    found = ask(tiles, winning_tile, melds, dora, ura, config(context, rules))
    dealer = context[10] == EAST
    han, value, limit_name, payments = _worth(
        found.han, found.fu, _yakuman_count(found), dealer, context[0], rules
    )
    return _result_json(
        rules,
        han,
        value,
        limit_name,
        [dict(_yaku_item(yaku.yaku_id, yaku.name, count)) for yaku, count in found.yaku],
        dealer,
        [{"fu": d["fu"], "reason": d["reason"]} for d in found.fu_details],
        dict(payments),
    )


@lru_cache(maxsize=4096)  # hands repeat their han and fu
def _worth(
    han: int, fu: int, yakuman: int, dealer: bool, self_drawn: bool, rules: RiichiRules
) -> tuple[int, HandValue, str | None, dict[str, int]]:
    """What ``RiichiEvaluation`` makes of the library's han, fu and yakuman: the han
    counted, the value, the limit's name and the payments (not to be changed: shared)."""
    value = HandValue(yakuman=yakuman) if yakuman else HandValue(han=han, fu=fu)
    limit = limit_of(value, rules)
    worth = RiichiEvaluation(rules, (), value, limit, dealer, self_drawn, ())
    return worth.han, value, None if limit is None else str(limit), worth.payments()


@cache  # one per yaku and han
def _yaku_item(yaku_id: int, library_name: str, han: int) -> dict[str, Any]:
    return _pattern_item(*_pattern(yaku_id, library_name, han))


def _yakuman_count(found: LibraryResult) -> int:
    if not any(yaku.is_yakuman for yaku, _ in found.yaku):
        return 0
    return found.han // YAKUMAN_HAN


@cache  # one per yaku and han: the same few recur in every batch
def _pattern(yaku_id: int, library_name: str, han: int) -> tuple[CountedPattern, str]:
    names = yaku_name(yaku_id, library_name)
    value, count = (1, han) if yaku_id in DORA_IDS else (han, 1)
    return CountedPattern(names.id, names.name, names.name_zh, value, count), names.name_ja
