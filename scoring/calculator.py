"""Evaluate one hand from its tiles under any family of the engine's registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.engine import evaluation
from scoring.engine.errors import EngineError

LABELS = {
    "zung_jung": "Zung Jung 中庸",
    "mcr": "MCR 國標",
    "classical": "Classical",
    "riichi": "Riichi 立直",
}


def rules_choices() -> list[tuple[str, str]]:
    """Every ``family:preset`` the engine can evaluate, labelled for a select box."""
    choices = []
    for name in evaluation.FAMILY_MODULES:
        family = evaluation.family(name)
        for preset in family.presets():
            label = f"{LABELS.get(name, name)} · {preset}"
            choices.append((f"{name}:{preset}", label))
    return choices


def evaluate_hand(rules: str, hand: Mapping[str, Any]) -> dict[str, Any]:
    """The evaluation result object of hand-json.md: ``ok`` true with the score, or an error."""
    try:
        family, preset = evaluation.parse_rules(rules)
        return evaluation.evaluate_object(family, hand, preset)
    except EngineError as error:
        return {"ok": False, "error": error.message, "field": error.field}
