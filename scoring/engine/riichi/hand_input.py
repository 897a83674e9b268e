"""A riichi hand as data: hand-json (docs/hand-format.md) extended with riichi's flags and dora.

Red fives are written ``0m``, ``0p``, ``0s`` wherever a tile is written (``"340m"`` is 3m 4m
and the red 5m); the rules must play red fives. The riichi flags ``rinshan``, ``chankan``,
``haitei``, ``houtei`` and ``tenhou`` are the riichi names of hand-json's
``replacement_tile``, ``robbing_kong``, ``last_tile_of_wall``, ``last_discard`` and
``heavenly``; either spelling is accepted (docs/spec/riichi.md §7).

>>> h = riichi_hand_from_json({"concealed": "234067m234p55678s", "winning_tile": "8s",
...                            "riichi": True, "dora_indicators": "4p"}, red_fives=True)
>>> h.red_concealed, h.dora_indicators, h.riichi
({'m': 1}, (12,), True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from scoring.engine.errors import HandError
from scoring.engine.hand import Hand, hand_from_json
from scoring.engine.tiles import EAST, KINDS, Tile, describe, parse_tiles

MAX_INDICATORS: Final = 5  # the dora indicator and four kan dora indicators
RED_SUITS: Final = "mps"

# riichi's name for a flag -> hand-json's name for the same flag
ALIASES: Final = {
    "rinshan": "replacement_tile",
    "chankan": "robbing_kong",
    "haitei": "last_tile_of_wall",
    "houtei": "last_discard",
    "tenhou": "heavenly",
}
RIICHI_FLAGS: Final = ("riichi", "double_riichi", "ippatsu", "chiihou")
RIICHI_KEYS: Final = frozenset({*ALIASES, *RIICHI_FLAGS, "dora_indicators", "ura_dora_indicators"})
_ALIAS_KEYS: Final = frozenset(ALIASES)

_GROUP: Final = re.compile(r"(\d+)([a-z])")


@dataclass(frozen=True)
class RiichiHand:
    """A validated winning hand with riichi's context: red fives by part of the hand
    (``red_melds[i]`` for meld i), dora indicators, and the riichi flags."""

    hand: Hand
    red_concealed: dict[str, int] = field(default_factory=dict)
    red_melds: tuple[dict[str, int], ...] = ()
    red_winning_tile: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    chiihou: bool = False


def riichi_hand_from_json(data: object, *, red_fives: bool) -> RiichiHand:
    """Read and validate a riichi hand object; ``HandError`` names the field that is wrong."""
    if not isinstance(data, Mapping):
        raise HandError('a hand must be a JSON object such as {"concealed": ..., ...}')
    plain = _plain_hand_json(data)
    red_concealed = _take_field_reds(plain, "concealed", red_fives)
    red_winning_tile = bool(_take_field_reds(plain, "winning_tile", red_fives))
    red_melds: tuple[dict[str, int], ...] = ()
    melds = plain.get("melds")
    if isinstance(melds, list):
        plain["melds"], red_melds = _take_meld_reds(melds, red_fives)
    hand = _hand(plain)
    riichi, double_riichi = _flag(data, "riichi"), _flag(data, "double_riichi")
    ippatsu, chiihou = _flag(data, "ippatsu"), _flag(data, "chiihou")
    result = RiichiHand(
        hand,
        red_concealed,
        red_melds,
        red_winning_tile,
        _indicators(data, "dora_indicators", red_fives),
        _indicators(data, "ura_dora_indicators", red_fives),
        riichi,
        double_riichi,
        ippatsu,
        chiihou,
    )
    validate(result)
    return result


def _take_field_reds(plain: dict[str, Any], key: str, red_fives: bool) -> dict[str, int]:
    """The red fives of ``plain[key]`` by suit, written back as plain fives."""
    value = plain.get(key)
    if value is None or (isinstance(value, str) and "0" not in value):
        return {}  # a red five is written with a 0
    plain[key], found = _take_reds(value, key, red_fives)
    return found


def _plain_hand_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The hand-json part, with riichi's flag names turned into hand-json's."""
    plain = {key: value for key, value in data.items() if key not in RIICHI_KEYS}
    if _ALIAS_KEYS.isdisjoint(data):
        return _refuse_unplayed(plain)
    for riichi_name, json_name in ALIASES.items():
        if riichi_name not in data:
            continue
        if json_name in data and data[json_name] != data[riichi_name]:
            raise HandError(
                "'{riichi_name}' and '{json_name}' are the same flag; give one",
                field=riichi_name,
                riichi_name=riichi_name,
                json_name=json_name,
            )
        plain[json_name] = data[riichi_name]
    return _refuse_unplayed(plain)


def _refuse_unplayed(plain: dict[str, Any]) -> dict[str, Any]:
    """``plain`` itself; an error for what hand-json has and riichi does not play."""
    if plain.get("earthly"):
        raise HandError(
            "riichi has no earthly hand on a discard under these rules (renhou is not "
            "played); a non-dealer's self-drawn win on the first draw is 'chiihou'",
            field="earthly",
        )
    if plain.get("bonus"):
        raise HandError("riichi is played without flowers and seasons", field="bonus")
    return plain


def _hand(plain: dict[str, Any]) -> Hand:
    """The hand-json ``Hand``; an error on a flag is named with riichi's word for it."""
    try:
        return hand_from_json(plain)
    except HandError as error:
        riichi_names = {json_name: name for name, json_name in ALIASES.items()}
        name = riichi_names.get(error.field or "", error.field)
        raise HandError(error, field=name) from None


def _take_reds(value: object, field: str, red_fives: bool) -> tuple[object, dict[str, int]]:
    """Replace red fives (``0m``) by plain fives and count them by suit."""
    if isinstance(value, list):
        texts = [_take_reds(item, field, red_fives) for item in value]
        total: dict[str, int] = {}
        for _, part in texts:
            for suit, count in part.items():
                total[suit] = total.get(suit, 0) + count
        return [text for text, _ in texts], total
    if not isinstance(value, str) or "0" not in value:  # a red five is written with a 0
        return value, {}
    found: dict[str, int] = {}
    for digits, suit in _GROUP.findall(value):
        if "0" in digits and suit in RED_SUITS:
            found[suit] = found.get(suit, 0) + digits.count("0")
    if found and not red_fives:
        raise HandError("these rules play no red fives: write 5m, 5p or 5s, not 0", field=field)
    return _GROUP.sub(lambda m: _plain_group(m), value), found


def _plain_group(match: re.Match[str]) -> str:
    digits, suit = match.group(1), match.group(2)
    return (digits.replace("0", "5") if suit in RED_SUITS else digits) + suit


def _take_meld_reds(
    melds: list[Any], red_fives: bool
) -> tuple[list[Any], tuple[dict[str, int], ...]]:
    """The melds with red fives written as plain ones (a new list when one is: the caller's
    data stays as it was), and each meld's red fives by suit."""
    reds: list[dict[str, int]] = []
    written = melds
    for index, meld in enumerate(melds):
        if isinstance(meld, dict) and "tiles" in meld:
            if type(meld["tiles"]) is str and "0" not in meld["tiles"]:
                reds.append({})  # no red five (most melds): nothing to write back
                continue
            tiles, found = _take_reds(meld["tiles"], f"melds[{index}].tiles", red_fives)
            if tiles is not meld["tiles"]:
                written = list(written) if written is melds else written
                written[index] = {**meld, "tiles": tiles}
            reds.append(found)
        else:
            reds.append({})
    return written, tuple(reds)


def _indicators(data: Mapping[str, Any], key: str, red_fives: bool) -> tuple[Tile, ...]:
    value = data.get(key, "")
    if not value and isinstance(value, str | list):
        return ()
    if isinstance(value, str):
        return indicator_text(value, key, red_fives)
    if not isinstance(value, list):
        raise HandError("'{key}' must be tiles such as '3p' or ['3p', '7z']", field=key, key=key)
    return _indicator_tiles(value, key, red_fives)


@lru_cache(maxsize=1024)  # the same few indicators recur from hand to hand
def indicator_text(value: str, key: str, red_fives: bool) -> tuple[Tile, ...]:
    """The indicators written as text under ``key`` (``HandError`` when they cannot be)."""
    return _indicator_tiles(value, key, red_fives)


def _indicator_tiles(value: str | list[Any], key: str, red_fives: bool) -> tuple[Tile, ...]:
    plain, _ = _take_reds(value, key, red_fives)
    assert isinstance(plain, str | list)
    tiles = parse_tiles(plain, field=key)
    if len(tiles) > MAX_INDICATORS:
        raise HandError(
            "{count} indicators: there are at most {max_indicators} (the first and one per kong)",
            field=key,
            count=len(tiles),
            max_indicators=MAX_INDICATORS,
        )
    if any(t >= KINDS for t in tiles):
        raise HandError("flowers and seasons are not played in riichi", field=key)
    return tiles


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise HandError("'{key}' must be true or false", field=key, key=key)
    return value


def validate(hand: RiichiHand) -> None:
    """Raise ``HandError`` naming the field when the riichi context cannot be."""
    for check in _CHECKS:
        check(hand)


def _check_riichi(h: RiichiHand) -> None:
    """Riichi 立直 on a concealed hand only; ippatsu 一発 and ura dora 裏ドラ need it."""
    if (h.riichi or h.double_riichi) and not h.hand.is_concealed:
        field = "double_riichi" if h.double_riichi else "riichi"
        raise HandError("only a concealed hand can declare riichi", field=field)
    if h.ippatsu and not (h.riichi or h.double_riichi):
        raise HandError("ippatsu needs riichi (or double riichi)", field="ippatsu")
    if h.ura_dora_indicators and not (h.riichi or h.double_riichi):
        raise HandError("ura dora are revealed only for a riichi hand", field="ura_dora_indicators")
    if len(h.ura_dora_indicators) > len(h.dora_indicators):
        raise HandError(
            "there is one ura dora indicator under each dora indicator, no more",
            field="ura_dora_indicators",
        )


def _check_chiihou(h: RiichiHand) -> None:
    """Blessing of earth 地和: a non-dealer's self-drawn win on the first draw, no calls."""
    if h.chiihou and (
        not h.hand.self_drawn or h.hand.seat_wind == EAST or h.hand.melds or h.hand.heavenly
    ):
        raise HandError(
            "chiihou is a non-dealer's self-drawn win on the first draw, with no calls",
            field="chiihou",
        )


def _check_red_fives(h: RiichiHand) -> None:
    """Red fives 赤ドラ: one per suit; a red winning tile is one of the concealed tiles."""
    if not (h.red_concealed or h.red_winning_tile or any(h.red_melds)):
        return
    total: dict[str, int] = dict(h.red_concealed)
    for reds in h.red_melds:
        for suit, count in reds.items():
            total[suit] = total.get(suit, 0) + count
    for suit, count in total.items():
        if count > 1:
            raise HandError(
                "there is one red 5{suit}, not {count}", field="concealed", suit=suit, count=count
            )
    if h.red_winning_tile and not h.red_concealed.get(_suit(h.hand.winning_tile)):
        raise HandError(
            "the red winning tile is not among the concealed tiles", field="winning_tile"
        )


def _check_copies(h: RiichiHand) -> None:
    """Four copies 四枚 of a tile at most, counting the hand and the dora indicators."""
    if not h.dora_indicators and not h.ura_dora_indicators:
        return  # the hand's own copies are checked with the hand
    seen = h.hand.tile_counts()
    for t in (*h.dora_indicators, *h.ura_dora_indicators):
        seen[t] += 1
        if seen[t] > 4:
            raise HandError(
                "{tile}: the hand and the indicators show more than 4 copies",
                field="dora_indicators",
                tile=describe(t),
            )


def _suit(t: Tile) -> str:
    return "mpsz"[t // 9]


_CHECKS: Final = (_check_riichi, _check_chiihou, _check_red_fives, _check_copies)
