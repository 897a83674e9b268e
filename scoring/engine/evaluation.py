"""The evaluation result of docs/hand-format.md, and the registry of rule families that produce it.

A family module (``scoring.engine.zung_jung``, later MCR, classical, HK faan) exposes an
object satisfying ``Evaluator``; ``FAMILY_MODULES`` names where each lives, so the dispatcher
(``mahjong-score evaluate``) never changes when a family is added.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, Final

from scoring.engine.errors import RulesError
from scoring.engine.hand import Hand, hand_from_json

# family name -> module whose ``FAMILY`` attribute evaluates it (imported on first use)
FAMILY_MODULES: dict[str, str] = {
    "zung_jung": "scoring.engine.zung_jung",
    "mcr": "scoring.engine.mcr",
    "classical": "scoring.engine.classical",
    "riichi": "scoring.engine.riichi",
}


@dataclass(frozen=True, slots=True)
class HandExtra:
    """A key a family's hand objects add to hand-json, for forms that build hand objects
    (the calculator): a ``flag`` (true when ticked) or ``tiles`` (text such as ``3p7z``)."""

    key: str
    label: str
    kind: str = "flag"  # "flag" or "tiles"
    help_text: str = ""


@dataclass(frozen=True, slots=True)
class CountedPattern:
    """A pattern (fan, faan) counted in a hand: its value per count, and how many times."""

    id: str
    name: str
    name_zh: str
    value: int
    count: int = 1

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_zh": self.name_zh,
            "value": self.value,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A scored hand, in the family's unit; ``arrangement`` is the grouping scored."""

    family: str
    preset: str
    total: int
    total_without_bonus: int
    meets_minimum: bool
    limit: bool
    patterns: tuple[CountedPattern, ...]
    arrangement: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The result object of docs/hand-format.md."""
        return {
            "ok": True,
            "family": self.family,
            "preset": self.preset,
            "total": self.total,
            "total_without_bonus": self.total_without_bonus,
            "meets_minimum": self.meets_minimum,
            "limit": self.limit,
            "patterns": [pattern.to_json() for pattern in self.patterns],
            "arrangement": list(self.arrangement),
        }

    def json_text(self, unit: str) -> str:
        """``to_json()`` with ``"unit"`` last, as JSON text: the same characters as
        ``json.dumps(..., ensure_ascii=False)``, built from pieces each encoded once (the
        patterns and group codes repeat from hand to hand)."""
        patterns = ", ".join([_pattern_text(pattern) for pattern in self.patterns])
        groups = ", ".join([_string_text(code) for code in self.arrangement])
        return (
            f'{{"ok": true, "family": {_string_text(self.family)}, '
            f'"preset": {_string_text(self.preset)}, "total": {int.__repr__(self.total)}, '
            f'"total_without_bonus": {int.__repr__(self.total_without_bonus)}, '
            f'"meets_minimum": {_TRUTH[self.meets_minimum]}, "limit": {_TRUTH[self.limit]}, '
            f'"patterns": [{patterns}], "arrangement": [{groups}], '
            f'"unit": {_string_text(unit)}}}'
        )


# One encoder for every piece of JSON text: ``json.dumps`` with an option builds one per call.
encode_json = json.JSONEncoder(ensure_ascii=False).encode
_TRUTH: Final = {True: "true", False: "false"}
# Each pattern's and string's JSON text, encoded once (there are a few hundred of each).
# A pattern is looked up by its fields as a plain tuple (hashed without a Python call).
_PATTERN_TEXTS: Final[dict[tuple[str, str, str, int, int], str]] = {}
_STRING_TEXTS: Final[dict[str, str]] = {}
_TEXTS_MAX: Final = 4096  # bounded: a long batch of odd inputs cannot grow them forever


def _pattern_text(pattern: CountedPattern) -> str:
    key = (pattern.id, pattern.name, pattern.name_zh, pattern.value, pattern.count)
    text = _PATTERN_TEXTS.get(key)
    if text is None:
        text = encode_json(pattern.to_json())
        if len(_PATTERN_TEXTS) < _TEXTS_MAX:
            _PATTERN_TEXTS[key] = text
    return text


def _string_text(value: str) -> str:
    text = _STRING_TEXTS.get(value)
    if text is None:
        text = encode_json(str(value))
        if len(_STRING_TEXTS) < _TEXTS_MAX:
            _STRING_TEXTS[value] = text
    return text


class Evaluator:
    """What a rule family's engine offers the dispatcher: its names and unit, its presets, and
    the evaluation of a hand object (docs/hand-format.md) under one of them."""

    name: ClassVar[str]
    label: ClassVar[str]  # for a person choosing rules
    unit: ClassVar[str]  # what a result's total counts
    default_preset: ClassVar[str]
    # Each preset's name for a person choosing rules (a word to translate); the key if none.
    preset_labels: ClassVar[Mapping[str, str]] = {}
    # Keys the family's hand objects add to hand-json (``evaluate_data`` reads them).
    hand_extras: ClassVar[tuple[HandExtra, ...]] = ()

    def presets(self) -> tuple[str, ...]:
        """The preset names the family knows."""
        raise NotImplementedError

    def check_preset(self, preset: str) -> None:
        """Refuse a preset the family cannot use (``RulesError``). A family may accept more
        than its named presets (classical: a rules file's path) and check those itself."""
        if preset not in self.presets():
            known = ", ".join(self.presets())
            raise RulesError(
                "{name} has no preset {preset!r} (known: {known})",
                field="rules",
                name=self.name,
                preset=preset,
                known=known,
            )

    def evaluate(self, hand: Hand, preset: str) -> Evaluation:
        """Score a valid hand under a preset; ``HandError`` when it is no winning hand."""
        raise NotImplementedError

    def evaluate_data(self, data: object, preset: str) -> dict[str, Any]:
        """The result object of a hand object. A family whose hand objects extend hand-json
        (classical: ``"mahjong"`` and losers' partial hands; riichi: riichi, dora, red fives)
        reads the object itself."""
        return self.evaluate(hand_from_json(data), preset).to_json()

    def result_text(self, data: object, preset: str) -> str:
        """``evaluate_object``'s result as JSON text (what ``mahjong-score evaluate``
        writes). A family that reads plain hand-json builds it from its ``Evaluation``
        without a dictionary in between (``HandJsonEvaluator``)."""
        return encode_json(evaluate_object(self, data, preset))


class HandJsonEvaluator(Evaluator):
    """A family whose hand objects are plain hand-json (Zung Jung, MCR)."""

    def result_text(self, data: object, preset: str) -> str:
        return self.evaluate(hand_from_json(data), preset).json_text(self.unit)


def family(name: str) -> Evaluator:
    """The family registered under ``name``.

    A hyphen stands for an underscore, as command lines spell it (``zung-jung``).

    >>> family("zung_jung").default_preset
    'seed'
    >>> family("zung-jung").name
    'zung_jung'
    """
    try:
        module_name = FAMILY_MODULES[name.replace("-", "_")]
    except KeyError:
        known = ", ".join(sorted(FAMILY_MODULES))
        raise RulesError(
            "unknown rule family {name!r} (known: {known})", field="rules", name=name, known=known
        ) from None
    found: Evaluator = import_module(module_name).FAMILY
    return found


def evaluate_object(chosen: Evaluator, data: Any, preset: str) -> dict[str, Any]:
    """The result object of one hand object (docs/hand-format.md) under ``chosen``'s ``preset``.

    A family whose hand objects extend hand-json (classical: ``"mahjong"`` and losers'
    partial hands; riichi: riichi, dora, red fives) reads the object itself. Raises
    ``EngineError`` for a bad hand.

    >>> evaluate_object(family("zung_jung"), {"concealed": "11123456789999m",
    ...                 "winning_tile": "5m"}, "seed")["ok"]
    True
    """
    result = chosen.evaluate_data(data, preset)
    result["unit"] = chosen.unit
    return result


def parse_rules(text: str) -> tuple[Evaluator, str]:
    """Split ``FAMILY[:PRESET]`` into the family and a preset it knows.

    >>> parse_rules("zung_jung:official")[1]
    'official'
    """
    name, _, preset = text.partition(":")
    chosen = family(name.strip())
    preset = preset.strip() or chosen.default_preset
    chosen.check_preset(preset)
    return chosen, preset
