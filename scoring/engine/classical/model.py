"""The classical rule set as data: options, scoring rules and their coded sub-rules (§2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Any

from scoring.engine.bounds import Bound
from scoring.engine.errors import LineError, RulesError

# What a club may set and a table may type: far beyond the presets' limits of 400 and 1000.
STAKE = Bound("stake", 0, 10**9)
LIMIT = Bound("limit", 1, 10**6)
EAST_LIMIT = Bound("east limit", 0, 99)
FIXED_SCORE = Bound("a fixed score", 0, 10**6)


class RuleType(IntEnum):
    """Where a scoring rule applies: an event (a checkbox) or calculated; winner or all."""

    MAHJONG_EVENT = 0
    EVENT = 1
    MAHJONG_CALCULATED = 2
    CALCULATED = 3

    @property
    def is_event(self) -> bool:
        """Ticked by the player rather than calculated from the sets."""
        return self in (RuleType.MAHJONG_EVENT, RuleType.EVENT)

    @property
    def mahjong_only(self) -> bool:
        """Only the Mahjong player's hand uses the rule."""
        return self in (RuleType.MAHJONG_EVENT, RuleType.MAHJONG_CALCULATED)


class Units(IntEnum):
    """What a rule's value counts: points, doubles or percent of the limit."""

    POINTS = 0
    DOUBLES = 1
    LIMIT_PERCENT = 2

    @property
    def label(self) -> str:
        """The short unit word of the score breakdown."""
        return ("pts", "dbl", "% limit")[self]


class PaymentMethod(IntEnum):
    """The five payment methods of the rules file (§5)."""

    ONLY_WINNER = 0
    ONLY_WINNER_EAST_DOUBLE = 1
    DIFF_ALL_PLAYERS_EAST_DOUBLE = 2
    WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE = 3
    DISCARDER_PAYMENT = 4

    @property
    def east_double(self) -> bool:
        """Payments to or from East are doubled."""
        return self is not PaymentMethod.ONLY_WINNER


@dataclass(frozen=True, slots=True)
class Options:
    """The game options: the four a rules file sets (§2.2) and the limit (§4.1)."""

    draw_advance_wind: bool = False
    new_east_each_round: bool = False
    draw_reset_consec: bool = False
    payment_method: PaymentMethod = PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE
    limit: int = 1000

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise RulesError("the limit must be a positive number of points", field="limit")

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some options changed (a game may override the file's defaults)."""
        return replace(self, **changes)


class TermKind(StrEnum):
    """What a three-character sub-rule tests."""

    SET = "set"  # a tile set: pung, kong, chow, pair, flower, season
    REFERENCE = "reference"  # another rule: nnS, nnU, nnC
    CONSECUTIVE = "consecutive"  # Nnn: East's consecutive Mahjongs
    MAHJONG = "mahjong"  # M**: this player went Mahjong


@dataclass(frozen=True, slots=True)
class SubRule:
    """One three-character sub-rule, already checked character by character."""

    code: str
    kind: TermKind
    rule_id: int = -1  # the referenced rule (REFERENCE)
    mode: str = ""  # S (set, used once), U (set, reusable), C (not set)
    count: int = 0  # East's consecutive Mahjongs (CONSECUTIVE)

    @property
    def consumes(self) -> bool:
        """Whether a match uses up a score item (a tile set or an ``S`` activation)."""
        return self.kind is TermKind.SET or (self.kind is TermKind.REFERENCE and self.mode == "S")


@dataclass(frozen=True, slots=True)
class Rule:
    """A scoring rule line: ``ID TYPE "description" "rule" value units``."""

    id: int
    type: RuleType
    description: str
    code: str
    terms: tuple[SubRule, ...]
    operators: tuple[str, ...]  # between terms, evaluated left to right
    value: int
    units: Units
    line: int


@dataclass(frozen=True)
class RuleSet:
    """A loaded rules file: its name, default options, rules in file order and warnings."""

    name: str
    options: Options
    rules: tuple[Rule, ...]
    warnings: tuple[LineError, ...] = ()
    consecutive_rule: int | None = None  # the one rule whose N test counts (§2.7)
    east_limit: int | None = None  # East passes the deal after this many Mahjongs in a row
    by_id: Mapping[int, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", MappingProxyType({r.id: r for r in self.rules}))

    def events(self, *, mahjong: bool) -> tuple[Rule, ...]:
        """The event rules offered as checkboxes to a player (TYPE 0 only to the winner)."""
        return tuple(
            r for r in self.rules if r.type.is_event and (mahjong or not r.type.mahjong_only)
        )
