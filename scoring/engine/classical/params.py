"""A classical game's parameters as plain JSON: a shipped preset or a rules file's text,
the rules file's options as the game overrides them, and the starting stake (§4.1).

The league stores them as a rule-set version; a game file carries them (``game_file``).

>>> rules = rules_from_params({"rules": "millington", "payment_method": 2, "limit": 500})
>>> rules.name, int(rules.options.payment_method), rules.options.limit
('Millington classical (limit 1000)', 2, 500)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from scoring.engine.classical.language import check_rules, read_rules
from scoring.engine.classical.model import EAST_LIMIT, LIMIT, STAKE, PaymentMethod, RuleSet
from scoring.engine.classical.rulebooks import DEFAULT_PRESET, PRESETS, preset
from scoring.engine.errors import LOCATED, Message, RulesError, Term
from scoring.engine.penalties import CHOMBO_KEYS

FILE = "file"
SOURCES = (*PRESETS, FILE)
MAX_RULES_TEXT = 100_000
MAX_STAKE = STAKE.high
MAX_LIMIT = LIMIT.high
BOOLEAN_OPTIONS = ("draw_advance_wind", "new_east_each_round", "draw_reset_consec")
# The options a game may change between hands (§4.1), as parameters.
OPTIONS = ("payment_method", *BOOLEAN_OPTIONS, "limit", "east_limit")
ERRORS = Term("{count} errors")
AN_ERROR = Term("an error")


@lru_cache(maxsize=64)
def read_rules_text(text: str) -> RuleSet:
    """A rules file's text read once (``RulesError`` listing every error by line)."""
    errors, _warnings = check_rules(text)
    if errors:
        lines = Message(LOCATED, line=errors[0].line, message=errors[0])
        for error in errors[1:]:
            lines.parts += (("; ", {}), (LOCATED, {"line": error.line, "message": error}))
        count = Message(ERRORS, count=len(errors)) if len(errors) > 1 else Message(AN_ERROR)
        raise RulesError(
            "the rules file has {count}: {lines}",
            field="text",
            count=count,
            lines=lines,
        )
    return read_rules(text)


def base_rules(params: Mapping[str, Any]) -> RuleSet:
    """The rule set a parameter dict names: a preset, or the club's own rules file."""
    source = params.get("rules", DEFAULT_PRESET)
    if source == FILE:
        text = params.get("text")
        if not isinstance(text, str) or not text.strip():
            raise RulesError("upload a rules file or type its text", field="text")
        if len(text) > MAX_RULES_TEXT:
            raise RulesError("a rules file can be at most 100,000 characters", field="text")
        return read_rules_text(text)
    # Any JSON value may arrive here; a list or a dict cannot even be looked up.
    if not isinstance(source, str) or source not in PRESETS:
        known = ", ".join(SOURCES)
        raise RulesError("the rules must be one of {known}", field="rules", known=known)
    return preset(str(source))


def rules_from_params(params: Mapping[str, Any]) -> RuleSet:
    """The rule set with the rule set's options applied; missing options keep the file's."""
    unknown = sorted(
        set(params)
        - {"rules", "text", "stake", "payment_method", "limit"}
        - {"east_limit", *BOOLEAN_OPTIONS, *CHOMBO_KEYS}
    )
    if unknown:
        raise RulesError(
            "unknown classical option {unknown}",
            field=unknown[0],
            unknown=repr(unknown[0]),
        )
    rules = base_rules(params)
    changes: dict[str, Any] = {}
    for name in BOOLEAN_OPTIONS:
        value = params.get(name)
        if value is not None and not isinstance(value, bool):
            raise RulesError(
                "{replace} must be true or false",
                field=name,
                replace=name.replace("_", " "),
            )
        if value is not None:
            changes[name] = value
    method = params.get("payment_method")
    if method is not None:
        if method not in range(len(PaymentMethod)) or isinstance(method, bool):
            raise RulesError("the payment method must be 0, 1, 2, 3 or 4", field="payment_method")
        changes["payment_method"] = PaymentMethod(method)
    limit = params.get("limit")
    if limit is not None:
        changes["limit"] = LIMIT.check(limit, field="limit", error=RulesError)
    east_limit = params.get("east_limit")
    if east_limit is not None:
        east_run = EAST_LIMIT.check(east_limit, field="east_limit", error=RulesError)
        rules = replace(rules, east_limit=east_run or None)
    return replace(rules, options=rules.options.with_changes(**changes))


def stake_from_params(params: Mapping[str, Any]) -> int:
    return STAKE.check(params.get("stake", 0), field="stake", error=RulesError)


def clean_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters checked and written out in full: the rules, the stake, every option
    (those the parameters leave out take the rules file's defaults).

    >>> clean_params({"rules": "1920s", "stake": 500})["limit"]
    400
    """
    rules = rules_from_params(params)
    cleaned: dict[str, Any] = {"rules": params.get("rules", DEFAULT_PRESET)}
    if cleaned["rules"] == FILE:
        cleaned["text"] = params["text"]
    options = rules.options
    cleaned.update(
        stake=stake_from_params(params),
        payment_method=int(options.payment_method),
        draw_advance_wind=options.draw_advance_wind,
        new_east_each_round=options.new_east_each_round,
        draw_reset_consec=options.draw_reset_consec,
        limit=options.limit,
        east_limit=rules.east_limit or 0,
    )
    return cleaned
