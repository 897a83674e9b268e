"""Riichi rule-set parameters: the preset a rule set plays, and the settings an organiser may
change on it (docs/spec/riichi.md §2, §9): leftover sticks, counters in a double ron, how a
chombo is paid, counted and combined yakuman, kiriage mangan, abortive draws, nagashi mangan
and liability (pao).

Stored params are ``{"preset": "ema"}`` plus any setting changed from the preset, e.g.
``{"preset": "ema", "leftover_sticks": "lost", "pao": false}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine.errors import RulesError
from scoring.engine.penalties import (
    CHOMBO_AMOUNT,
    CHOMBO_ENDS,
    CHOMBO_KEYS,
    CHOMBO_ZERO_SUM,
    ChomboEnds,
)
from scoring.engine.riichi import PRESETS, RiichiRules
from scoring.engine.riichi.rules import ChomboPenalty, LeftoverSticks, MultipleRon

DEFAULT_PRESET: Final = "ema"
# A preset's name, as a rule set's summary begins: the summary says the rest, once.
PRESET_NAMES: Final = {
    "ema": lazy_text("EMA Riichi Competition Rules (2016)"),
    "wrc": lazy_text("World Riichi Championship rules"),
    "club": lazy_text("Club game"),
}
# A preset as the rule set form offers it: the club game is no published rule book, so the
# choice says what it plays.
PRESET_LABELS: Final = {
    **PRESET_NAMES,
    "club": lazy_text("Club game: red fives, 25,000 start / 30,000 return, kiriage, bust"),
}
# The settings a rule set may change on its preset, by kind: a choice's values, or a flag.
CHOICE_SETTINGS: Final = {
    "leftover_sticks": tuple(str(value) for value in LeftoverSticks),
    "chombo": tuple(str(value) for value in ChomboPenalty),
}
FLAG_SETTINGS: Final = (
    "honba_to_all_winners",
    "kazoe_yakuman",
    "multiple_yakuman",
    "kiriage",
    "abortive_draws",
    "nagashi_mangan",
    "pao",
)
SETTINGS: Final = (*CHOICE_SETTINGS, *FLAG_SETTINGS)
# A chombo paid off the final score under a preset that pays it at the table (RCR §3.4.6).
FINAL_CHOMBO_POINTS: Final = 20000


def rules_from_params(params: Mapping[str, Any]) -> RiichiRules:
    """The engine's rules a rule set's parameters name: the preset, with its settings changed.

    >>> rules_from_params({"preset": "club"}).red_fives
    True
    >>> rules_from_params({"preset": "club", "chombo": "final"}).chombo_points
    20000
    """
    unknown = sorted(set(params) - {"preset", *SETTINGS, *CHOMBO_KEYS})
    if unknown:
        raise RulesError(
            "unknown riichi rule {unknown}", field=unknown[0], unknown=repr(unknown[0])
        )
    name = params.get("preset", DEFAULT_PRESET)
    if not isinstance(name, str) or name not in PRESETS:
        known = ", ".join(PRESETS)
        raise RulesError("the preset must be one of {known}", field="preset", known=known)
    changes = {key: _setting(key, params[key]) for key in SETTINGS if key in params}
    rules = replace(PRESETS[name], **changes)
    if rules.chombo is ChomboPenalty.FINAL and not rules.chombo_points:
        rules = replace(rules, chombo_points=FINAL_CHOMBO_POINTS)
    return _with_chombo_settings(rules, params)


def final_chombo_points(preset: str, own: int | None = None) -> int:
    """What a chombo taken off the final score costs: the rule set's ``own`` cost, else what
    ``preset`` takes (20,000 where the preset pays a chombo at the table instead).

    >>> final_chombo_points("club"), final_chombo_points("ema", 8000)
    (20000, 8000)
    """
    return own or rules_from_params({"preset": preset, "chombo": "final"}).chombo_points


def _with_chombo_settings(rules: RiichiRules, params: Mapping[str, Any]) -> RiichiRules:
    """The rule set's own chombo cost is the final-score penalty; at the table a chombo
    pays a reverse mangan, and whether it is paid to the others follows from ``chombo``.

    >>> rules_from_params({"preset": "ema", "chombo_amount": 8000}).chombo_points
    8000
    """
    if CHOMBO_ZERO_SUM in params:
        raise RulesError(
            "a riichi chombo is paid to the others when it is a reverse mangan at the table, "
            "and to no one when it comes off the final score: choose how it is paid",
            field=CHOMBO_ZERO_SUM,
        )
    if params.get(CHOMBO_ENDS) == ChomboEnds.NOTHING:
        raise RulesError(
            "a riichi chombo voids its hand, which is replayed: it ends the hand or the game",
            field=CHOMBO_ENDS,
        )
    if CHOMBO_AMOUNT not in params:
        return rules
    if rules.chombo is not ChomboPenalty.FINAL:
        raise RulesError(
            "a chombo paid as a reverse mangan costs what a mangan does; its cost is set "
            "only when it comes off the final score",
            field=CHOMBO_AMOUNT,
        )
    amount = params[CHOMBO_AMOUNT]
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return rules  # the family's check of the chombo settings says what is wrong
    return replace(rules, chombo_points=amount)


def _setting(key: str, value: Any) -> Any:
    if key in FLAG_SETTINGS:
        if not isinstance(value, bool):
            raise RulesError("{key} must be true or false", field=key, key=key)
        return value
    if value not in CHOICE_SETTINGS[key]:
        known = ", ".join(CHOICE_SETTINGS[key])
        raise RulesError("{key} must be one of {known}", field=key, key=key, known=known)
    return value


def clean_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The params as stored: the preset, and each setting given (checked).

    >>> clean_params({"preset": "wrc", "pao": False})
    {'preset': 'wrc', 'pao': False}
    """
    rules = rules_from_params(params)
    return {"preset": rules.preset, **{key: params[key] for key in SETTINGS if key in params}}


def describe_rules(rules: RiichiRules) -> str:
    """The rules in a line: 'EMA …, start 30,000, return 30,000, uma +15/+5/−5/−15, …'."""
    uma = "/".join(f"{points // 1000:+d}".replace("-", "−") for points in rules.uma)
    parts = [
        str(PRESET_NAMES[rules.preset]),
        _("start %(start)s, return %(target)s")
        % {"start": f"{rules.start:,}", "target": f"{rules.target:,}"},
        _("uma %(uma)s") % {"uma": uma},
        _("red fives") if rules.red_fives else _("no red fives"),
        _("head bump") if rules.multiple_ron is MultipleRon.HEAD_BUMP else _("double ron"),
        _("chombo %(points)s off the final score") % {"points": f"{rules.chombo_points:,}"}
        if rules.chombo is ChomboPenalty.FINAL
        else _("chombo paid as a reverse mangan"),
    ]
    if rules.bust:
        parts.append(_("a player below zero ends the game"))
    return ", ".join(parts + _described_settings(rules))


def _described_settings(rules: RiichiRules) -> list[str]:
    """The §9 settings and the optional rules, in words."""
    parts = [
        _("leftover riichi sticks to first place")
        if rules.leftover_sticks is LeftoverSticks.FIRST
        else _("leftover riichi sticks lost"),
    ]
    if rules.multiple_ron is MultipleRon.DOUBLE_RON:
        parts.append(
            _("counters to every winner of a double ron")
            if rules.honba_to_all_winners
            else _("counters to the winner nearest the discarder")
        )
    parts += [
        _("13+ han a yakuman") if rules.kazoe_yakuman else _("13+ han a sanbaiman"),
        _("yakuman combine") if rules.multiple_yakuman else _("one yakuman at most"),
        _("kiriage mangan") if rules.kiriage else _("no kiriage mangan"),
        _("abortive draws") if rules.abortive_draws else _("no abortive draws"),
        _("nagashi mangan") if rules.nagashi_mangan else _("no nagashi mangan"),
        _("liability (pao)") if rules.pao else _("no liability (pao)"),
    ]
    return parts
