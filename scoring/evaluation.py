"""The league's door to hand evaluation (hand-json.md): family registry names, presets, results."""

from __future__ import annotations

from typing import Any

from scoring.engine.errors import RulesError
from scoring.engine.evaluation import FAMILY_MODULES, evaluate_object, family


def evaluation_families() -> dict[str, tuple[str, ...]]:
    """Each family that evaluates hands from tiles, with its presets (default first).

    >>> "seed" in evaluation_families()["zung_jung"]
    True
    """
    found = {}
    for name in sorted(FAMILY_MODULES):
        chosen = family(name)
        others = [preset for preset in chosen.presets() if preset != chosen.default_preset]
        found[name] = (chosen.default_preset, *others)
    return found


def evaluate_hand(hand: Any, family_name: str, preset: str | None = None) -> dict[str, Any]:
    """The evaluation result object of hand-json.md for one hand object.

    Raises ``EngineError`` (with ``field``) for an unknown family or preset or a bad hand.

    >>> evaluate_hand({"concealed": "11123456789999m", "winning_tile": "5m"}, "zung_jung")["ok"]
    True
    """
    chosen = family(family_name)
    preset = preset or chosen.default_preset
    if preset not in chosen.presets():
        known = ", ".join(chosen.presets())
        raise RulesError(f"{chosen.name} has no preset {preset!r} (known: {known})", field="preset")
    return evaluate_object(chosen, hand, preset)
