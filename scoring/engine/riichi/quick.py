"""The common riichi hand object read straight into the library's 136-tile form.

Most hand objects are plain: tiles written as compact text without red fives, melds seen
before, no context flag but riichi and ippatsu. ``library_input`` reads such an object in
one pass, with the checks that make it valid (the tile count, four copies at most, the
winning tile among the concealed ones, the riichi flags), and gives what the library is
asked with, without building a ``Hand`` and a ``RiichiHand`` first. For any other object,
or one that fails a check, it answers None: the caller reads it the full way
(``riichi_hand_from_json``), which accepts the same hands, reports every error and reads
red fives, lists of tiles and the other flags (tests/engine/riichi/test_quick.py holds the
two ways to the same answers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from mahjong.meld import Meld as LibraryMeld

from scoring.engine.errors import HandError
from scoring.engine.hand import FLAGS, HAND_TILES, MAX_MELDS, Meld, MeldKind, meld_from_json
from scoring.engine.riichi.hand_input import MAX_INDICATORS, indicator_text
from scoring.engine.riichi.library import WinContext, library_meld
from scoring.engine.riichi.rules import RiichiRules
from scoring.engine.tiles import KINDS, WINDS, Tile, code, parse_tiles

LibraryInput = tuple[list[int], int, list[LibraryMeld], list[int], list[int], WinContext]
"""The tiles (136-format), the winning tile, the melds, the dora and ura dora indicators,
and how the hand was won: ``library.ask``'s arguments but the configuration."""

# The keys this reader knows; another one (a riichi name of a flag, a mistake) goes the
# full way.
_KEYS: Final = frozenset(
    {
        "concealed",
        "melds",
        "winning_tile",
        "self_drawn",
        "seat_wind",
        "prevailing_wind",
        "bonus",
        "dora_indicators",
        "ura_dora_indicators",
        "riichi",
        "double_riichi",
        "ippatsu",
        "chiihou",
        *FLAGS,
    }
)
# Flags this reader takes only when false: each of them needs checks of its own.
_UNREAD_FLAGS: Final = frozenset({"chiihou", *FLAGS})
_CODES: Final = {code(t): t for t in range(KINDS)}
_WINDS: Final = {code(t): t for t in WINDS}
# Concealed tiles as compact text, every digit a tile (no red five, no bonus tile).
_PLAIN: Final = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")
_GROUP: Final = re.compile(r"\d+[a-z]")
_FIVES: Final = (4, 13, 22)


def library_input(data: object, rules: RiichiRules) -> LibraryInput | None:
    """What the library is asked about a plain, valid hand object; None for any other."""
    if type(data) is not dict or not _KEYS.issuperset(data):
        return None
    if not _UNREAD_FLAGS.isdisjoint(data) and any(
        data[key] is not False for key in _UNREAD_FLAGS.intersection(data)
    ):
        return None
    get = data.get
    self_drawn = get("self_drawn", False)
    riichi = get("riichi", False)
    double_riichi = get("double_riichi", False)
    ippatsu = get("ippatsu", False)
    if (
        type(self_drawn) is not bool
        or type(riichi) is not bool
        or type(double_riichi) is not bool
        or type(ippatsu) is not bool
        or get("bonus", "") != ""
    ):
        return None
    try:
        seat_wind = _WINDS[get("seat_wind", "1z")]
        prevailing_wind = _WINDS[get("prevailing_wind", "1z")]
        winning_tile = _CODES[get("winning_tile", "")]
    except (KeyError, TypeError):  # not a wind's or a tile's code (a list, a number, a typo)
        return None
    concealed = _concealed(get("concealed"))
    melds = _melds(get("melds", []))
    if concealed is None or melds is None:
        return None
    declared = riichi or double_riichi
    dora = _indicators(get("dora_indicators", ""), "dora_indicators", rules)
    ura = _indicators(get("ura_dora_indicators", ""), "ura_dora_indicators", rules)
    if dora is None or ura is None or (ura and (not declared or len(ura) > len(dora))):
        return None
    if (ippatsu and not declared) or (declared and any(not m.concealed for m in melds)):
        return None
    tiles = _tiles_136(concealed, melds, winning_tile, dora + ura, rules)
    if tiles is None:
        return None
    all_tiles, library_melds = tiles
    context: WinContext = (
        self_drawn,
        declared,
        double_riichi,
        ippatsu,
        False,
        False,
        False,
        False,
        False,
        False,
        seat_wind,
        prevailing_wind,
    )
    return (
        all_tiles,
        winning_tile * 4 + 3,  # its first copy among the concealed tiles, as handed out
        library_melds,
        [t * 4 for t in dora],
        [t * 4 for t in ura],
        context,
    )


def _concealed(text: Any) -> list[Tile] | None:
    """The concealed tiles, sorted, of plain compact text."""
    if type(text) is not str or _PLAIN.fullmatch(text) is None:
        return None
    tiles: list[Tile] = []
    for group in _GROUP.findall(text):
        found = _GROUPS.get(group)
        if found is None:
            found = parse_tiles(group)
            if len(_GROUPS) < _GROUPS_MAX:
                _GROUPS[group] = found
        tiles += found
    tiles.sort()
    return tiles


# A group of compact text ("45677m") -> its tiles: hands repeat their groups.
_GROUPS: Final[dict[str, tuple[Tile, ...]]] = {}
_GROUPS_MAX: Final = 8192


def _melds(items: Any) -> list[Meld] | None:
    """The melds of a list of meld objects, each valid; None if one is not plain or valid."""
    if type(items) is not list or len(items) > MAX_MELDS:
        return None
    melds = []
    for index, item in enumerate(items):
        if type(item) is not dict or not _MELD_KEYS.issuperset(item):
            return None
        kind, text, concealed = item.get("type"), item.get("tiles"), item.get("concealed", False)
        if type(kind) is not str or type(text) is not str or type(concealed) is not bool:
            return None
        key = (kind, text, concealed)
        meld = _KNOWN_MELDS.get(key)
        if meld is None:
            meld = _new_meld(key, item, index)
            if meld is None:
                return None
        melds.append(meld)
    return melds


_MELD_KEYS: Final = frozenset({"type", "tiles", "concealed"})
# A valid meld object's (type, tiles text, concealed) -> its meld.
_KNOWN_MELDS: Final[dict[tuple[str, str, bool], Meld]] = {}
_KNOWN_MELDS_MAX: Final = 4096


def _new_meld(key: tuple[str, str, bool], item: dict[str, Any], index: int) -> Meld | None:
    if "0" in key[1]:  # a red five
        return None
    try:
        meld = meld_from_json(item, index)
    except HandError:
        return None
    if len(_KNOWN_MELDS) < _KNOWN_MELDS_MAX:
        _KNOWN_MELDS[key] = meld
    return meld


def _indicators(value: Any, key: str, rules: RiichiRules) -> tuple[Tile, ...] | None:
    if value == "":
        return ()
    if type(value) is not str or "0" in value:
        return None
    try:
        tiles = indicator_text(value, key, rules.red_fives)
    except HandError:
        return None
    assert len(tiles) <= MAX_INDICATORS
    return tiles


def _tiles_136(
    concealed: list[Tile],
    melds: list[Meld],
    winning_tile: Tile,
    indicators: tuple[Tile, ...],
    rules: RiichiRules,
) -> tuple[list[int], list[LibraryMeld]] | None:
    """The hand's tiles in 136-format and its library melds; None when the tile count is
    wrong, a kind is used too often (the indicators counted), or the winning tile is not
    among the concealed ones."""
    kongs = 0
    total = len(concealed)
    for meld in melds:
        total += len(meld.tiles)
        kongs += meld.kind is MeldKind.KONG
    if total != HAND_TILES + kongs:
        return None
    limits = _RED_LIMITS if rules.red_fives else _LIMITS
    taken = [0] * KINDS
    tiles: list[int] = []
    if not _hand_out(concealed, taken, limits, tiles) or not taken[winning_tile]:
        return None
    library_melds = []
    for meld in melds:
        meld_tiles: list[int] = []
        if not _hand_out(meld.tiles, taken, limits, meld_tiles):
            return None
        tiles += meld_tiles
        library_melds.append(library_meld(meld.kind, tuple(meld_tiles), not meld.concealed))
    for t in indicators:
        taken[t] += 1
        if taken[t] > 4:
            return None
    return tiles, library_melds


def _hand_out(
    kinds: Iterable[Tile], taken: list[int], limits: tuple[int, ...], tiles: list[int]
) -> bool:
    """Add the 136-format copies of ``kinds`` to ``tiles``, each kind's handed out 3, 2, 1,
    0 (under red fives a five's copy 0 is the red one's); False past a kind's limit."""
    for t in kinds:
        n = taken[t]
        if n >= limits[t]:
            return False
        taken[t] = n + 1
        tiles.append(t * 4 + 3 - n)
    return True


# Plain copies of each kind there are: four, but three of a five under red fives.
_LIMITS: Final = (4,) * KINDS
_RED_LIMITS: Final = tuple(3 if t in _FIVES else 4 for t in range(KINDS))
