"""The winning hand of docs/hand-format.md: parsed from its dict, validated, and written back.

Every ``Hand`` is valid: construction checks tile counts, meld shapes, the winning tile,
winds, bonus tiles and the consistency of the context flags, and raises ``HandError`` with
the offending ``field`` and a message a player understands.

>>> hand = hand_from_json({"concealed": "123m456p789s11z", "melds": [
...     {"type": "pung", "tiles": "555s"}], "winning_tile": "1z"})
>>> hand.is_concealed, hand.kong_count, format_tiles(hand.concealed)
(False, 0, '123m456p789s11z')
>>> hand_from_json({"concealed": "123m456p789s11z", "winning_tile": "1z"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.engine.errors.HandError: the hand has 11 tiles; a winning hand has 14 (14, plus one ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property
from typing import Any, Final

from scoring.engine.errors import HandError
from scoring.engine.tiles import (
    EAST,
    KINDS,
    WINDS,
    Tile,
    code,
    counts,
    describe,
    format_tiles,
    is_bonus,
    is_suited,
    number,
    parse_tile,
    parse_tiles,
    suit,
)

HAND_TILES: Final = 14
MAX_MELDS: Final = 4


class MeldKind(StrEnum):
    """A declared set: chow 吃 (sequence), pung 碰 (triplet) or kong 槓 (quartet)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``concealed`` is true only for a concealed kong (暗槓)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False

    @property
    def first(self) -> Tile:
        """The lowest tile (the tile itself for a pung or kong)."""
        return self.tiles[0]

    def __str__(self) -> str:
        return format_tiles(self.tiles)


FLAGS: Final = (
    "last_tile_of_wall",
    "last_discard",
    "replacement_tile",
    "bonus_replacement",
    "robbing_kong",
    "last_of_its_kind",
    "heavenly",
    "earthly",
)


@dataclass(frozen=True)
class Hand:
    """A winning hand: concealed tiles (winning tile included), melds, winds, bonus, context."""

    concealed: tuple[Tile, ...]
    winning_tile: Tile
    melds: tuple[Meld, ...] = ()
    self_drawn: bool = False
    seat_wind: Tile = EAST
    prevailing_wind: Tile = EAST
    bonus: tuple[Tile, ...] = ()
    last_tile_of_wall: bool = False
    last_discard: bool = False
    replacement_tile: bool = False
    bonus_replacement: bool = False
    robbing_kong: bool = False
    last_of_its_kind: bool = False
    heavenly: bool = False
    earthly: bool = False

    def __post_init__(self) -> None:
        concealed = tuple(sorted(self.concealed))
        concealed_counts = counts(concealed)
        tile_counts = concealed_counts.copy()
        tiles = concealed
        kongs = 0
        is_concealed = True
        for meld in self.melds:
            tiles += meld.tiles
            for t in meld.tiles:
                if t < KINDS:
                    tile_counts[t] += 1
            kongs += meld.kind is MeldKind.KONG
            is_concealed = is_concealed and meld.concealed
        bonus = tuple(sorted(self.bonus)) if self.bonus else ()
        # The cached properties below, filled at once: validation reads them all, and
        # ``functools.cached_property`` takes a lock on every first read (Python 3.11).
        vars(self).update(
            concealed=concealed,
            bonus=bonus,
            tiles=tiles,
            _tile_counts=tuple(tile_counts),
            _concealed_counts=tuple(concealed_counts),
            kong_count=kongs,
            is_concealed=is_concealed,
        )
        if not _plainly_valid(self):  # then the checks one by one, to say what is wrong
            validate(self)

    @cached_property
    def kong_count(self) -> int:
        """How many kongs were declared."""
        return sum(1 for meld in self.melds if meld.kind is MeldKind.KONG)

    @cached_property
    def is_concealed(self) -> bool:
        """No set was melded from a discard before winning (concealed kongs allowed)."""
        return all(meld.concealed for meld in self.melds)

    # Cached: validation and every family's facts read the tiles and their counts (a
    # frozen dataclass without slots keeps them in the instance's dict, outside its fields).
    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand: concealed tiles and all meld tiles."""
        return self.concealed + tuple(t for meld in self.melds for t in meld.tiles)

    @cached_property
    def _tile_counts(self) -> tuple[int, ...]:
        return tuple(counts(self.tiles))

    @cached_property
    def _concealed_counts(self) -> tuple[int, ...]:
        return tuple(counts(self.concealed))

    def tile_counts(self) -> list[int]:
        """How many of each of the 34 kinds the whole hand holds (kongs count 4)."""
        return list(self._tile_counts)

    def concealed_counts(self) -> tuple[int, ...]:
        """How many of each kind are in the concealed part (the key for shape searches)."""
        return self._concealed_counts


def _plainly_valid(hand: Hand) -> bool:
    """Whether the hand passes every check of ``validate`` without a flag to weigh: the same
    checks in bulk (most hands pass them all; any other goes through ``validate``)."""
    concealed = hand.concealed
    bonus = hand.bonus
    return (
        bool(concealed)
        and concealed[-1] < KINDS  # sorted: no bonus tile in play
        and hand.winning_tile in concealed  # so not a bonus tile either
        and (not bonus or (bonus[0] >= KINDS and len(set(bonus)) == len(bonus)))
        and hand.seat_wind in WINDS
        and hand.prevailing_wind in WINDS
        and len(hand.melds) <= MAX_MELDS
        and all(meld in _VALID_MELDS for meld in hand.melds)
        and len(hand.tiles) == HAND_TILES + hand.kong_count
        and max(hand._tile_counts) <= 4
        and not flagged(hand)
    )


def validate(hand: Hand) -> None:
    """Raise ``HandError`` (with the field) when the hand could not have been won like this."""
    _check_no_bonus_in_play(hand)
    _check_bonus(hand.bonus)
    _check_wind(hand.seat_wind, "seat_wind")
    _check_wind(hand.prevailing_wind, "prevailing_wind")
    for index, meld in enumerate(hand.melds):
        _check_meld(meld, f"melds[{index}]")
    _check_tile_count(hand)
    _check_copies(hand)
    _check_winning_tile(hand)
    _check_flags(hand)


def _check_no_bonus_in_play(hand: Hand) -> None:
    if hand.concealed and is_bonus(hand.concealed[-1]):  # sorted
        raise HandError(
            "flowers and seasons go in 'bonus', not among the concealed tiles", field="concealed"
        )
    if is_bonus(hand.winning_tile):
        raise HandError(
            "a flower or season cannot be the winning tile; put it in 'bonus'",
            field="winning_tile",
        )


def _check_bonus(bonus: tuple[Tile, ...]) -> None:
    if not bonus:
        return
    for t in bonus:
        if not is_bonus(t):
            raise HandError(
                "{tile} is not a flower or season (bonus tiles are 1f-8f)",
                field="bonus",
                tile=describe(t),
            )
    for t in set(bonus):
        if bonus.count(t) > 1:
            raise HandError(
                "{tile} appears twice; there is one of each", field="bonus", tile=describe(t)
            )


def _check_wind(wind: Tile, field: str) -> None:
    if wind not in WINDS:
        raise HandError(
            "{tile} is not a wind: use 1z East, 2z South, 3z West or 4z North",
            field=field,
            tile=code(wind),
        )


def _check_meld(meld: Meld, field: str) -> None:
    if meld in _VALID_MELDS:
        return
    tiles = meld.tiles
    if tiles and is_bonus(max(tiles)):
        raise HandError("flowers and seasons cannot be part of a meld", field=f"{field}.tiles")
    size = 4 if meld.kind is MeldKind.KONG else 3
    if len(tiles) != size:
        raise HandError(
            "a {kind} has {size} tiles, not {count} ({tiles})",
            field=f"{field}.tiles",
            kind=meld.kind,
            size=size,
            count=len(tiles),
            tiles=format_tiles(tiles),
        )
    if meld.kind is MeldKind.CHOW:
        if not _is_chow(tiles):
            raise HandError(
                "{tiles} is not a chow: a chow is three consecutive numbers of one suit",
                field=f"{field}.tiles",
                tiles=format_tiles(tiles),
            )
    elif len(set(tiles)) != 1:
        raise HandError(
            "{tiles} is not a {kind}: its tiles must all be the same",
            field=f"{field}.tiles",
            tiles=format_tiles(tiles),
            kind=meld.kind,
        )
    if meld.concealed and meld.kind is not MeldKind.KONG:
        raise HandError(
            "only a kong can be declared concealed; leave a concealed {kind} among "
            "the concealed tiles",
            field=f"{field}.concealed",
            kind=meld.kind,
        )
    _VALID_MELDS.add(meld)  # bounded: there are only so many valid melds (about 120)


# The melds that passed ``_check_meld``: hands repeat them, so each is checked once.
_VALID_MELDS: Final[set[Meld]] = set()


def _is_chow(tiles: tuple[Tile, ...]) -> bool:
    low = tiles[0]
    return (
        is_suited(low)
        and number(low) <= 7
        and tiles == (low, low + 1, low + 2)
        and suit(low) == suit(low + 2)
    )


def _check_tile_count(hand: Hand) -> None:
    if len(hand.melds) > MAX_MELDS:
        raise HandError(
            "a hand has at most {max_melds} melds, not {count}",
            field="melds",
            max_melds=MAX_MELDS,
            count=len(hand.melds),
        )
    total = len(hand.tiles)
    expected = HAND_TILES + hand.kong_count
    if total != expected:
        raise HandError(
            "the hand has {total} tiles; a winning hand has {expected} (14, plus "
            "one for each kong)",
            field="concealed",
            total=total,
            expected=expected,
        )


def _check_copies(hand: Hand) -> None:
    tile_counts = hand._tile_counts
    if max(tile_counts) <= 4:
        return
    for t in range(KINDS):
        if tile_counts[t] > 4:
            raise HandError(
                "the hand uses {tile_counts} copies of {tile}; there are only 4",
                field="concealed",
                tile_counts=tile_counts[t],
                tile=describe(t),
            )


def _check_winning_tile(hand: Hand) -> None:
    if hand.winning_tile not in hand.concealed:
        raise HandError(
            "the winning tile {tile} is not among the concealed tiles (list it there too)",
            field="winning_tile",
            tile=describe(hand.winning_tile),
        )


# Each flag: (a check that is true when the hand is consistent, what it needs).
_FLAG_RULES: Final[dict[str, tuple[Callable[[Hand], bool], str]]] = {
    "last_tile_of_wall": (
        lambda h: h.self_drawn,
        "winning on the last tile of the wall is a self-drawn win",
    ),
    "last_discard": (
        lambda h: not h.self_drawn,
        "winning on the last discard is a win on a discard, not self-drawn",
    ),
    "replacement_tile": (
        lambda h: h.self_drawn and h.kong_count > 0,
        "winning on a kong replacement tile needs a self-drawn win and a kong in the hand",
    ),
    "bonus_replacement": (
        lambda h: h.self_drawn and bool(h.bonus),
        "winning on the tile drawn after a flower needs a self-drawn win and a bonus tile",
    ),
    "robbing_kong": (
        lambda h: not h.self_drawn and h._tile_counts[h.winning_tile] == 1,
        "robbing a kong is a win on another player's tile, and the other three copies "
        "of it are in that player's kong",
    ),
    "last_of_its_kind": (
        lambda h: h.concealed.count(h.winning_tile) == 1,
        "the winning tile cannot be the last of its kind when another copy is among "
        "the concealed tiles",
    ),
    "heavenly": (
        lambda h: h.self_drawn and h.seat_wind == EAST and not h.melds and not h.earthly,
        "a heavenly hand is East's self-drawn win on the deal, with no melds",
    ),
    "earthly": (
        lambda h: not h.self_drawn and h.seat_wind != EAST and not h.melds,
        "an earthly hand is a non-dealer's win on East's first discard, with no melds",
    ),
}


def flagged(hand: Hand) -> bool:
    """Whether any context flag is set (most hands set none)."""
    return bool(
        hand.last_tile_of_wall
        or hand.last_discard
        or hand.replacement_tile
        or hand.bonus_replacement
        or hand.robbing_kong
        or hand.last_of_its_kind
        or hand.heavenly
        or hand.earthly
    )


def _check_flags(hand: Hand) -> None:
    if not flagged(hand):
        return
    for flag, (consistent, needs) in _FLAG_RULES.items():
        if getattr(hand, flag) and not consistent(hand):
            raise HandError(needs, field=flag)


# --- hand-json ------------------------------------------------------------------------------

_KEYS: Final = frozenset(f.name for f in fields(Hand))
_MELD_KEYS: Final = frozenset({"type", "tiles", "concealed"})
_MELD_KINDS: Final = {kind.value: kind for kind in MeldKind}


def hand_from_json(data: object) -> Hand:
    """Build a validated ``Hand`` from a hand-json dict, applying every default.

    >>> hand_from_json({"concealed": "11123456789999m", "winning_tile": "5m",
    ...                 "self_drawn": True}).self_drawn
    True
    """
    if not isinstance(data, (dict, Mapping)):  # dict first: a JSON object is one
        raise HandError('a hand must be a JSON object such as {"concealed": ..., ...}')
    if not _KEYS.issuperset(data):
        unknown = sorted(str(key) for key in data if key not in _KEYS)
        raise HandError("unknown field {unknown!r}", field=unknown[0], unknown=unknown[0])
    for required in ("concealed", "winning_tile"):
        if required not in data:
            raise HandError("'{required}' is missing", field=required, required=required)
    get = data.get
    concealed = _tiles(data, "concealed")
    winning_tile = parse_tile(data["winning_tile"], field="winning_tile")
    melds = tuple(_known_meld(item, index) for index, item in enumerate(_list(data, "melds")))
    bonus = _tiles(data, "bonus")
    seat_wind = parse_tile(get("seat_wind", "1z"), field="seat_wind")
    prevailing_wind = parse_tile(get("prevailing_wind", "1z"), field="prevailing_wind")
    flags = [get(key, False) for key in _FLAG_KEYS]
    if set(map(type, flags)) - {bool}:  # a bad value: name the first one
        flags = [_flag(data, key) for key in _FLAG_KEYS]
    return Hand(
        concealed, winning_tile, melds, flags[0], seat_wind, prevailing_wind, bonus, *flags[1:]
    )


# self_drawn, then the context flags, in the order of Hand's fields
_FLAG_KEYS: Final = ("self_drawn", *FLAGS)


def _tiles(data: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    value = data.get(key, "")
    if value == "":
        return ()
    if not isinstance(value, (str, list)):
        raise HandError(
            "'{key}' must be tiles such as '123m' or ['1m', '2m', '3m']", field=key, key=key
        )
    return parse_tiles(value, field=key)


def _list(data: Mapping[str, Any], key: str) -> Sequence[object]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise HandError("'{key}' must be a list", field=key, key=key)
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise HandError("'{key}' must be true or false", field=key, key=key)
    return value


def meld_from_json(item: object, index: int) -> Meld:
    """A validated meld from its hand-json object (``index`` names it in errors), for
    families that read melds outside a winning hand (a classical loser's sets).

    >>> str(meld_from_json({"type": "pung", "tiles": "555s"}, 0))
    '555s'
    """
    meld = _meld(item, index)
    _check_meld(meld, f"melds[{index}]")
    return meld


def _known_meld(item: object, index: int) -> Meld:
    """``_meld``, looked up when the same meld object was read before (hands repeat them)."""
    if type(item) is dict and _MELD_KEYS.issuperset(item):
        key = (item.get("type"), item.get("tiles"), item.get("concealed", False))
        if type(key[2]) is bool:  # 1 would find True's entry
            try:
                return _KNOWN_MELDS[key]
            except (KeyError, TypeError):  # TypeError: tiles given as a list
                pass
            meld = _meld(item, index)
            if type(key[1]) is str and len(_KNOWN_MELDS) < _KNOWN_MELDS_MAX:
                _KNOWN_MELDS[key] = meld
            return meld
    return _meld(item, index)


# A meld object's (type, tiles text, concealed) -> its Meld, as ``_meld`` read it.
_KNOWN_MELDS: Final[dict[tuple[Any, Any, bool], Meld]] = {}
_KNOWN_MELDS_MAX: Final = 4096


def _meld(item: object, index: int) -> Meld:
    field = f"melds[{index}]"
    if not isinstance(item, (dict, Mapping)):
        raise HandError("a meld must be an object with 'type' and 'tiles'", field=field)
    if not _MELD_KEYS.issuperset(item):
        unknown = sorted(str(key) for key in item if key not in _MELD_KEYS)
        raise HandError(
            "unknown meld field {unknown!r}", field=f"{field}.{unknown[0]}", unknown=unknown[0]
        )
    kind = item.get("type")
    if not isinstance(kind, str) or kind not in _MELD_KINDS:
        raise HandError(
            "meld type {kind!r} is not one of chow, pung, kong", field=f"{field}.type", kind=kind
        )
    if "tiles" not in item:
        raise HandError("the meld has no 'tiles'", field=f"{field}.tiles")
    concealed = item.get("concealed", False)
    if not isinstance(concealed, bool):
        raise HandError("'concealed' must be true or false", field=f"{field}.concealed")
    if not isinstance(item["tiles"], (str, list)):
        raise HandError("meld tiles must be text such as '555s'", field=f"{field}.tiles")
    tiles = parse_tiles(item["tiles"], field=f"{field}.tiles")
    return Meld(_MELD_KINDS[kind], tuple(sorted(tiles)), concealed)


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """The hand-json dict for a hand, with every key (the inverse of ``hand_from_json``)."""
    result: dict[str, Any] = {
        "concealed": format_tiles(hand.concealed),
        "melds": [
            {"type": str(meld.kind), "tiles": format_tiles(meld.tiles), "concealed": meld.concealed}
            for meld in hand.melds
        ],
        "winning_tile": code(hand.winning_tile),
        "self_drawn": hand.self_drawn,
        "seat_wind": code(hand.seat_wind),
        "prevailing_wind": code(hand.prevailing_wind),
        "bonus": format_tiles(hand.bonus),
    }
    result.update((flag, getattr(hand, flag)) for flag in FLAGS)
    return result
