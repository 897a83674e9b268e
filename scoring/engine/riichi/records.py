"""Riichi hand results and games as JSON (docs/spec/riichi.md §4): read and checked.

A game is ``{"rules": "ema", "hands": [...], "stopped": false}`` or just the list of hands;
a hand is ``{"outcome": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}], "discarder": 2,
"riichi": [1]}``, ``{"outcome": "tsumo", "wins": [{"winner": 0, "limit": "mangan"}]}``,
``{"outcome": "draw", "tenpai": [0, 2]}`` (with ``"nagashi": [1]`` for a nagashi mangan),
``{"outcome": "abortive", "riichi": [0]}`` or ``{"outcome": "chombo", "offender": 3}``; a
yakuman win may name the player liable for it, ``{"winner": 1, "yakuman": 1, "liable": 3}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scoring.engine.errors import HandError
from scoring.engine.riichi.payments import value_from_json
from scoring.engine.riichi.rules import RiichiRules, preset
from scoring.engine.riichi.settlement import HandResult, Outcome, Win

_HAND_KEYS: Final = frozenset(
    {"outcome", "wins", "discarder", "tenpai", "riichi", "offender", "nagashi"}
)


@dataclass(frozen=True)
class GameRecord:
    """A game as recorded: its rules, its hands, and whether it was stopped early (time)."""

    rules: RiichiRules
    hands: tuple[HandResult, ...]
    stopped: bool = False


def result_from_json(data: object) -> HandResult:
    """A hand result from its JSON object.

    >>> result_from_json({"outcome": "draw", "tenpai": [1]}).tenpai
    (1,)
    """
    if not isinstance(data, Mapping):
        raise HandError('a hand is an object such as {"outcome": "draw", "tenpai": []}')
    unknown = sorted(str(key) for key in data if key not in _HAND_KEYS)
    if unknown:
        raise HandError("unknown field {unknown!r}", field=unknown[0], unknown=unknown[0])
    outcome = data.get("outcome")
    if outcome not in set(Outcome):
        known = ", ".join(Outcome)
        raise HandError(
            "outcome {outcome!r} is not one of {known}",
            field="outcome",
            outcome=outcome,
            known=known,
        )
    return HandResult(
        Outcome(outcome),
        wins=tuple(_win(item, index) for index, item in enumerate(_list(data, "wins"))),
        discarder=data.get("discarder"),
        tenpai=tuple(_list(data, "tenpai")),
        riichi=tuple(_list(data, "riichi")),
        offender=data.get("offender"),
        nagashi=tuple(_list(data, "nagashi")),
    )


def _list(data: Mapping[str, Any], key: str) -> Sequence[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise HandError("'{key}' must be a list", field=key, key=key)
    return value


def _win(item: object, index: int) -> Win:
    field = f"wins[{index}]"
    if not isinstance(item, Mapping) or "winner" not in item:
        raise HandError('a win is an object such as {"winner": 1, "han": 3, "fu": 30}', field=field)
    value = {key: item[key] for key in item if key not in ("winner", "liable")}
    try:
        return Win(item["winner"], value_from_json(value), item.get("liable"))
    except HandError as error:
        raise HandError(error, field=f"{field}.{error.field}") from None


def game_from_json(data: object, default_rules: RiichiRules) -> GameRecord:
    """A game from its JSON: an object with ``hands`` (and ``rules``, ``stopped``), or a list."""
    if isinstance(data, list):
        data = {"hands": data}
    if not isinstance(data, Mapping):
        raise HandError('a game is {"hands": [...]} or a list of hands')
    unknown = sorted(str(key) for key in data if key not in ("rules", "hands", "stopped"))
    if unknown:
        raise HandError("unknown field {unknown!r}", field=unknown[0], unknown=unknown[0])
    rules = default_rules
    if "rules" in data:
        if not isinstance(data["rules"], str):
            raise HandError("'rules' is a preset name such as \"ema\"", field="rules")
        rules = preset(data["rules"])
    stopped = data.get("stopped", False)
    if not isinstance(stopped, bool):
        raise HandError("'stopped' must be true or false", field="stopped")
    hands = []
    for number, item in enumerate(_list(data, "hands"), start=1):
        try:
            hands.append(result_from_json(item))
        except HandError as error:
            where = f"hands[{number}].{error.field}" if error.field else f"hands[{number}]"
            raise HandError(
                "hand {number}: {problem}",
                field=where,
                number=number,
                problem=error,
            ) from None
    return GameRecord(rules, tuple(hands), stopped)
