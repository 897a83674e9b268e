"""The league's one door to hand evaluation (docs/hand-format.md): the engine's families and
presets, the API's evaluation (errors raised) and the calculator's (errors as result objects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from scoring.chinese import in_reader_script
from scoring.engine.errors import EngineError, RulesError
from scoring.engine.evaluation import (
    FAMILY_MODULES,
    HandExtra,
    evaluate_object,
    family,
    parse_rules,
)

__all__ = [
    "HandExtra",
    "evaluate_hand",
    "evaluate_rules",
    "evaluation_families",
    "hand_extra_groups",
    "hand_extras_of",
    "rules_choices",
]


def evaluation_families() -> dict[str, tuple[str, ...]]:
    """Each family that evaluates hands from tiles, with its presets (default first).

    >>> all(presets for presets in evaluation_families().values())
    True
    """
    found = {}
    for name in sorted(FAMILY_MODULES):
        chosen = family(name)
        others = [preset for preset in chosen.presets() if preset != chosen.default_preset]
        found[name] = (chosen.default_preset, *others)
    return found


def evaluate_hand(hand: Any, family_name: str, preset: str | None = None) -> dict[str, Any]:
    """The evaluation result object of docs/hand-format.md for one hand object.

    Raises ``EngineError`` (with ``field``) for an unknown family or preset or a bad hand.

    """
    chosen = family(family_name)
    preset = preset or chosen.default_preset
    if preset not in chosen.presets():
        known = ", ".join(chosen.presets())
        raise RulesError(
            "{name} has no preset {preset} (known: {known})",
            field="preset",
            name=chosen.name,
            preset=repr(preset),
            known=known,
        )
    return evaluate_object(chosen, hand, preset)


def rules_choices() -> list[tuple[str, str]]:
    """Every ``family:preset`` the engine can evaluate, labelled for a select box (the
    engine's label in the reader's language where the catalogue has it, its Chinese in the
    reader's script)."""
    choices = []
    for name in FAMILY_MODULES:
        chosen = family(name)
        label = in_reader_script(gettext(chosen.label))
        for preset in chosen.presets():
            named = in_reader_script(gettext(chosen.preset_labels.get(preset, preset)))
            choices.append((f"{name}:{preset}", f"{label} · {named}"))
    return choices


def evaluate_rules(rules: str, hand: Mapping[str, Any]) -> dict[str, Any]:
    """The result object of one hand under ``rules`` (``FAMILY[:PRESET]``): ``ok`` true with
    the score, or false with the error and the field to blame (the calculator shows it)."""
    try:
        chosen, preset = parse_rules(rules)
        return evaluate_object(chosen, hand, preset)
    except EngineError as error:
        return {"ok": False, "error": error.message, "field": error.field}


def hand_extra_groups() -> list[tuple[str, str, tuple[HandExtra, ...]]]:
    """Each family whose hand objects add keys to hand-json: its name, label and keys."""
    chosen = [family(name) for name in FAMILY_MODULES]
    return [
        (each.name, in_reader_script(gettext(each.label)), each.hand_extras)
        for each in chosen
        if each.hand_extras
    ]


def hand_extras_of(rules: str) -> tuple[HandExtra, ...]:
    """The keys the family of ``rules`` (``FAMILY[:PRESET]``) adds; none for bad rules."""
    try:
        chosen, _ = parse_rules(rules)
    except EngineError:
        return ()
    return chosen.hand_extras
