"""A player's declared tile sets as the scorer records them (3-character codes, §2.5).

A loser's hand is whatever sets they show: up to four pungs, kongs or chows and one pair,
plus bonus tiles; sets that score nothing may be left out.

>>> hand = player_hand(["PED", "PEE", "S 3", "S 2"])
>>> [s.code for s in hand.sets], hand.sets[2].is_bonus
(['PED', 'PEE', 'S 3', 'S 2'], True)
>>> player_hand(["PXM"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.engine.errors.HandError: the set 'PXM': a pung is concealed (C) or exposed (E)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from scoring.engine.errors import HandError
from scoring.engine.tiles import WINDS, Tile, is_dragon, is_terminal, number

WIND_LETTERS: Final = "ESWN"  # East 1, South 2, West 3, North 4
MAX_SETS: Final = 4

_HOW: Final = {"P": "CE", "K": "CEK", "C": "CE", "T": "CE", "F": " ", "S": " "}
_VALUES: Final = {"P": "DESWNTM", "K": "DESWNTM", "T": "DESWNTM", "C": "1234567", "F": "1234"}
_VALUES["S"] = _VALUES["F"]
_KIND_NAMES: Final = {
    "P": "pung",
    "K": "kong",
    "C": "chow",
    "T": "pair",
    "F": "flower",
    "S": "season",
}
_HOW_HINTS: Final = {
    "P": "concealed (C) or exposed (E)",
    "K": "concealed (C), exposed (E) or claimed to a concealed pung (K)",
    "C": "concealed (C) or exposed (E)",
    "T": "concealed (C) or exposed (E)",
    "F": "written with a space as the second character (F 1)",
    "S": "written with a space as the second character (S 1)",
}
_VALUE_HINTS: Final = {
    "P": "D (dragons), E S W N (a wind), T (terminals) or M (minors)",
    "C": "the chow's first number, 1 to 7",
    "F": "1 to 4",
}
_VALUE_HINTS["K"] = _VALUE_HINTS["T"] = _VALUE_HINTS["P"]
_VALUE_HINTS["S"] = _VALUE_HINTS["F"]


@dataclass(frozen=True, slots=True)
class TileSet:
    """One recorded set: kind (P K C T F S), how formed (C E K or space), value."""

    kind: str
    how: str
    value: str

    @property
    def code(self) -> str:
        """The 3-character code, such as ``PED`` or ``S 3``."""
        return self.kind + self.how + self.value

    @property
    def is_bonus(self) -> bool:
        """A flower or a season."""
        return self.kind in "FS"

    @property
    def is_set(self) -> bool:
        """A pung, kong or chow (one of the four sets of a hand)."""
        return self.kind in "PKC"

    @property
    def wind(self) -> str | None:
        """The wind of a wind pung, kong or pair."""
        return self.value if self.kind in "PKT" and self.value in WIND_LETTERS else None

    def describe(self) -> str:
        """The set in words, for error messages."""
        return f"{_KIND_NAMES[self.kind]} {self.code.strip()!r}"


def value_letter(tile: Tile) -> str:
    """The value letter of a tile in a set code: D dragons, E S W N winds, T terminals, M minors.

    >>> from scoring.engine.tiles import parse_tiles
    >>> [value_letter(t) for t in parse_tiles("7z2z9m5p")]
    ['D', 'S', 'T', 'M']
    """
    if is_dragon(tile):
        return "D"
    if tile in WINDS:
        return WIND_LETTERS[WINDS.index(tile)]
    return "T" if is_terminal(tile) else "M"


def bonus_set(tile: Tile) -> TileSet:
    """The set of a bonus tile: 1f-4f are the flowers ``F 1``-``F 4``, 5f-8f the seasons.

    >>> from scoring.engine.tiles import parse_tiles
    >>> [bonus_set(t).code for t in parse_tiles("1f5f8f")]
    ['F 1', 'S 1', 'S 4']
    """
    n = number(tile)
    return TileSet("F" if n <= 4 else "S", " ", str((n - 1) % 4 + 1))


def parse_set(code: str, *, field: str | None = None) -> TileSet:
    """A tile set from its code (``HandError`` naming the wrong character).

    >>> parse_set("KKM"), parse_set("F*2").code
    (TileSet(kind='K', how='K', value='M'), 'F 2')
    """
    if not isinstance(code, str) or len(code) != 3:
        raise HandError(
            "the set {code!r} is not a 3-character code such as 'PEM' or 'S 3'",
            field=field,
            code=code,
        )
    kind, how, value = code[0], code[1], code[2]
    if kind not in _HOW:
        raise HandError(
            "the set {code!r} does not start with P, K, C, T, F or S (pung, kong, "
            "chow, pair, flower, season)",
            field=field,
            code=code,
        )
    if kind in "FS" and how == "*":
        how = " "
    if how not in _HOW[kind]:
        raise HandError(
            "the set {code!r}: a {kind_names} is {how_hints}",
            field=field,
            code=code,
            kind_names=_KIND_NAMES[kind],
            how_hints=_HOW_HINTS[kind],
        )
    if value not in _VALUES[kind]:
        raise HandError(
            "the set {code!r}: the value of a {kind_names} is {value_hints}",
            field=field,
            code=code,
            kind_names=_KIND_NAMES[kind],
            value_hints=_VALUE_HINTS[kind],
        )
    return TileSet(kind, how, value)


@dataclass(frozen=True)
class PlayerHand:
    """What one player shows after a hand: tile sets in entry order and ticked events."""

    sets: tuple[TileSet, ...] = ()
    events: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        check_hand_sets(self.sets)


def player_hand(codes: Iterable[str], events: Iterable[int] = ()) -> PlayerHand:
    """A player's hand from set codes and the IDs of ticked events."""
    sets = tuple(parse_set(code, field=f"sets[{n}]") for n, code in enumerate(codes))
    return PlayerHand(sets, frozenset(events))


def check_hand_sets(sets: tuple[TileSet, ...]) -> None:
    """At most four sets and one pair, and each bonus tile once (§2.5)."""
    count = sum(1 for s in sets if s.is_set)
    if count > MAX_SETS:
        raise HandError(
            "a player has at most {max_sets} pungs, kongs or chows, not {count}",
            field="sets",
            max_sets=MAX_SETS,
            count=count,
        )
    if sum(1 for s in sets if s.kind == "T") > 1:
        raise HandError("a player has at most one pair", field="sets")
    _check_bonus_once(s for s in sets if s.is_bonus)


def check_table_sets(hands: Iterable[PlayerHand]) -> None:
    """The limits across all players of a hand: each wind set and bonus tile belongs to one
    player, at most three dragon sets and four tiles of any wind (§2.5)."""
    all_sets = [s for hand in hands for s in hand.sets]
    _check_bonus_once(s for s in all_sets if s.is_bonus)
    wind_sets = [s.value for s in all_sets if s.kind in "PK" and s.wind]
    for wind, times in Counter(wind_sets).items():
        if times > 1:
            raise HandError(
                "only one player can have a pung or kong of {wind} wind", field="sets", wind=wind
            )
    dragons = sum(1 for s in all_sets if s.kind in "PK" and s.value == "D")
    if dragons > 3:
        raise HandError(
            "there are three dragons, so at most 3 dragon sets, not {dragons}", dragons=dragons
        )
    copies: Counter[str] = Counter()
    for s in all_sets:
        if s.wind:
            copies[s.wind] += {"P": 3, "K": 4, "T": 2}[s.kind]
    for wind, tiles in copies.items():
        if tiles > 4:
            raise HandError(
                "the sets use {tiles} tiles of {wind} wind; there are only 4",
                tiles=tiles,
                wind=wind,
            )


def _check_bonus_once(bonus: Iterable[TileSet]) -> None:
    seen: set[str] = set()
    for s in bonus:
        if s.code in seen:
            raise HandError("the {tile} can be entered only once", field="sets", tile=s.describe())
        seen.add(s.code)
