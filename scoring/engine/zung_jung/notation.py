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

from typing import Any

from scoring.engine.errors import HandError
from scoring.engine.tiles import Tile, code, format_tiles, from_seed


def hand_json_from_seed(text: str, **context: Any) -> dict[str, Any]:
    """A hand-json dict for a §8 hand string; ``context`` adds winds, bonus and flags."""
    text = text.strip()
    if text.startswith("!"):
        held, _, winning = text[1:].partition("/")
        tiles = from_seed(held) + from_seed(winning)
        if len(from_seed(winning)) != 1:
            raise HandError(f"{text!r}: give one winning tile after '/'")
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
            raise HandError(f"{token!r}: a set starts with -, + or ^ followed by tiles")
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
