"""The hand strings of zung-jung.md §8 (seed notation), translated into hand-json dicts.

One token per set: ``-`` concealed, ``+`` exposed, ``^`` a kong promoted from an exposed
pung. The last token is the set the winning tile completed: concealed means self-drawn,
exposed means won on a discard (its tiles are then in the hand, not a declared meld).
``!<13 tiles>/<winning tile>`` is a special 13 + 1 hand won on a discard.

>>> data = hand_json_from_seed("+drdrdr -b5b5b5 +b1b2b3 +b7b8b9 +wewe")
>>> data["concealed"], data["winning_tile"], data["self_drawn"], len(data["melds"])
('555s11z', '1z', False, 3)
"""

from __future__ import annotations

import json
from typing import Any

from scoring.engine.errors import HandError
from scoring.engine.tiles import Tile, code, format_tiles, from_seed, is_bonus


def hand_json_from_seed(text: str, **context: Any) -> dict[str, Any]:
    """A hand-json dict for a §8 hand string; ``context`` adds winds, bonus and flags."""
    text = text.strip()
    if text.startswith("!"):
        held, _, winning = text[1:].partition("/")
        tiles = from_seed(held) + from_seed(winning)
        if len(from_seed(winning)) != 1:
            raise HandError("{text!r}: give one winning tile after '/'", text=text)
        result: dict[str, Any] = {
            "concealed": format_tiles(tiles),
            "winning_tile": code(from_seed(winning)[0]),
            "self_drawn": False,
        }
    else:
        result = _sets(text.split())
    result.update(context)
    return result


def _sets(tokens: list[str]) -> dict[str, Any]:
    if not tokens:
        raise HandError("the hand string is empty")
    concealed: list[Tile] = []
    melds: list[dict[str, Any]] = []
    for position, token in enumerate(tokens):
        mark, tiles = token[:1], from_seed(token[1:])
        if mark not in "-+^" or not mark or not tiles:
            raise HandError("{token!r}: a set starts with -, + or ^ followed by tiles", token=token)
        last = position == len(tokens) - 1
        if (mark == "-" and len(tiles) == 4) or (mark in "+^" and not last):
            melds.append(_meld(tiles, concealed=mark == "-"))
        else:
            concealed.extend(tiles)
    winning = from_seed(tokens[-1][1:])[-1]
    return {
        "concealed": format_tiles(concealed),
        "melds": melds,
        "winning_tile": code(winning),
        "self_drawn": tokens[-1].startswith("-"),
    }


def _meld(tiles: tuple[Tile, ...], *, concealed: bool) -> dict[str, Any]:
    kind = "kong" if len(tiles) == 4 else "pung" if len(set(tiles)) == 1 else "chow"
    return {"type": kind, "tiles": format_tiles(tiles), "concealed": concealed}


def hand_json_from_seed_line(text: str) -> dict[str, Any]:
    """A hand-json dict for one input line of ``mahjong-score evaluate --notation seed``.

    The line is a hand string, where bare ``f1``-``f4`` and ``s1``-``s4`` words are the
    bonus tiles; or a JSON object whose ``"hand"`` is such a string and whose other keys
    are hand-json context (winds, flags).

    >>> hand_json_from_seed_line("+c1c2c3 +b5b5b5 +k7k8k9 +wewewe -c9c9 f1 s2")["bonus"]
    '16f'
    >>> hand_json_from_seed_line('{"hand": "-c5c5 -c2c3c4", "seat_wind": "2z"}')["seat_wind"]
    '2z'
    """
    if text.lstrip().startswith("{"):
        return _seed_object(text)
    words = text.split()
    bonus = [word for word in words if _is_bonus_word(word)]
    data = hand_json_from_seed(" ".join(word for word in words if word not in bonus))
    if bonus:
        data["bonus"] = format_tiles(from_seed(" ".join(bonus)))
    return data


def _seed_object(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise HandError(
            "not valid JSON: {msg} (column {colno})", msg=error.msg, colno=error.colno
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("hand"), str):
        raise HandError('give a hand string, or an object with the hand string as "hand"')
    context = {key: value for key, value in data.items() if key != "hand"}
    found = hand_json_from_seed_line(data["hand"])
    return {**found, **context}


def _is_bonus_word(word: str) -> bool:
    if word[:1] not in "fs" or len(word) != 2:
        return False
    try:
        return all(is_bonus(tile) for tile in from_seed(word))
    except HandError:
        return False
