"""Riichi rule-set parameters: the preset a rule set plays (docs/spec/riichi.md §2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _

from scoring.engine.errors import RulesError
from scoring.engine.riichi import PRESETS, RiichiRules
from scoring.engine.riichi.rules import MultipleRon

DEFAULT_PRESET: Final = "ema"
PRESET_LABELS: Final = {
    "ema": "EMA Riichi Competition Rules (2016)",
    "wrc": "World Riichi Championship rules",
    "club": "Club game: red fives, 25,000 start / 30,000 return, kiriage, bust",
}


def rules_from_params(params: Mapping[str, Any]) -> RiichiRules:
    """The engine's rules a rule set's parameters name.

    >>> rules_from_params({"preset": "club"}).red_fives
    True
    """
    unknown = sorted(set(params) - {"preset"})
    if unknown:
        raise RulesError(
            "unknown riichi rule {unknown}", field=unknown[0], unknown=repr(unknown[0])
        )
    name = params.get("preset", DEFAULT_PRESET)
    if not isinstance(name, str) or name not in PRESETS:
        known = ", ".join(PRESETS)
        raise RulesError("the preset must be one of {known}", field="preset", known=known)
    return PRESETS[name]


def describe_rules(rules: RiichiRules) -> str:
    """The rules in a line: 'EMA …, start 30,000, return 30,000, uma +15/+5/−5/−15, …'."""
    uma = "/".join(f"{points // 1000:+d}".replace("-", "−") for points in rules.uma)
    parts = [
        PRESET_LABELS[rules.preset],
        f"start {rules.start:,}, return {rules.target:,}",
        _("uma %(uma)s") % {"uma": uma},
        _("red fives") if rules.red_fives else _("no red fives"),
        _("head bump") if rules.multiple_ron is MultipleRon.HEAD_BUMP else _("double ron"),
        f"chombo {rules.chombo_points:,} off the final score"
        if rules.chombo_points
        else _("chombo paid as a reverse mangan"),
    ]
    if rules.bust:
        parts.append(_("a player below zero ends the game"))
    return ", ".join(parts)
