"""Winning shapes: every arrangement of a hand into groups, searched once per tile multiset.

A *shape finder* turns the counts of the concealed tiles (34 integers) into every grouping
of them (four sets and a pair, seven pairs, thirteen orphans, ...). Finders are registered
by name in ``SHAPE_FINDERS`` and cached by counts, so a family asks for the shapes it knows
(MCR adds its knitted shapes with ``register_shape``) and no search is repeated.

``arrangements(hand)`` then adds the declared melds and every placement of the winning tile:
a pung completed by a discard counts as exposed, so the same grouping can appear twice, once
with the winning tile in the pung and once with it in a chow or the pair.

>>> from scoring.engine.hand import hand_from_json
>>> hand = hand_from_json({"concealed": "111123p456s789s55m", "winning_tile": "1p"})
>>> [a.codes() for a in arrangements(hand)]
[['111p*', '123p', '456s', '789s', '55m'], ['111p', '123p*', '456s', '789s', '55m']]
>>> [g.concealed for g in arrangements(hand)[0].groups if g.kind is GroupKind.PUNG]
[False]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from typing import Final, NamedTuple

from scoring.engine.hand import Hand, Meld, MeldKind
from scoring.engine.tiles import KINDS, ORPHANS, Tile, format_tiles


class GroupKind(StrEnum):
    """What a group of tiles is in an arrangement."""

    PAIR = "pair"  # 對 / 眼
    CHOW = "chow"  # 順
    PUNG = "pung"  # 刻
    KONG = "kong"  # 槓
    SINGLE = "single"  # a lone tile of an irregular shape (thirteen orphans, honours and knitted)
    KNITTED = "knitted"  # 組合龍 piece: n, n+3, n+6 of one suit (for MCR's knitted shapes)


_OFFSETS: Final = {
    GroupKind.PAIR: (0, 0),
    GroupKind.CHOW: (0, 1, 2),
    GroupKind.PUNG: (0, 0, 0),
    GroupKind.KONG: (0, 0, 0, 0),
    GroupKind.SINGLE: (0,),
    GroupKind.KNITTED: (0, 3, 6),
}


class Group(NamedTuple):
    """A group: its kind, its lowest tile, and how it was formed.

    ``concealed`` is true when every tile was drawn by the player (a pung completed by a
    discarded winning tile is not); ``declared`` is true for a meld declared before the win.
    """

    kind: GroupKind
    tile: Tile
    concealed: bool = True
    declared: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the group, lowest first."""
        return _GROUP_TILES[self.kind, self.tile]

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (most triplet patterns count both)."""
        return self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG

    def code(self) -> str:
        """The compact string of the group, such as ``'555s'``."""
        return _code(self.kind, self.tile)


# Each group's tiles, made once: patterns read them for every arrangement.
_GROUP_TILES: Final = {
    (kind, t): tuple(t + offset for offset in offsets)
    for kind, offsets in _OFFSETS.items()
    for t in range(KINDS)
}


@cache  # every result writes its groups; there are only a few hundred of them
def _code(kind: GroupKind, tile: Tile) -> str:
    return format_tiles(tile + offset for offset in _OFFSETS[kind])


Grouping = tuple[Group, ...]
ShapeFinder = Callable[[tuple[int, ...]], tuple[Grouping, ...]]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of a winning hand: its shape, its groups, and the group the winning tile
    completed (``groups[winning]``). Declared melds come first, the pair last."""

    shape: str
    groups: Grouping
    winning: int

    @property
    def winning_group(self) -> Group:
        """The set or pair the winning tile completed."""
        return self.groups[self.winning]

    def codes(self, *, mark_winning: bool = True) -> list[str]:
        """Each group as a compact string; the winning group marked ``*`` unless told not to."""
        return [
            group.code() + ("*" if mark_winning and index == self.winning else "")
            for index, group in enumerate(self.groups)
        ]


# --- shape finders ----------------------------------------------------------------------------


def standard_groupings(counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """Every way to split the tiles into sets (chows, pungs) and one pair.

    Chows never cross suits, so each suit is split on its own (cached: a suit's nine counts
    repeat from hand to hand far more than whole hands do) and the suits' splits are
    combined, one pair in all, in the order a search from the lowest tile finds them.

    >>> from scoring.engine.tiles import counts, parse_tiles
    >>> tiles = counts(parse_tiles("111222333m55p"))
    >>> [[g.code() for g in grouping] for grouping in standard_groupings(tuple(tiles))]
    [['111m', '222m', '333m', '55p'], ['123m', '123m', '123m', '55p']]
    """
    if sum(counts) % 3 != 2:
        return ()
    honours = _honour_split(counts)
    if honours is None:
        return ()
    suits = []
    for low in (0, 9, 18):
        splits = _suit_splits(tuple(counts[low : low + 9]), low)
        if not splits:
            return ()
        suits.append(splits)
    return _one_pair_in_all(suits, honours)


SuitSplit = tuple[tuple[Group, ...], Tile | None]


def _honour_split(counts: tuple[int, ...]) -> SuitSplit | None:
    """The honours as pungs and at most one pair (five "in form" are a pung and the pair),
    or None when they cannot be."""
    pungs: list[Group] = []
    pair: Tile | None = None
    for t in range(27, KINDS):
        count = counts[t]
        if count == 3 or (count == 5 and pair is None):
            pungs.append(_PUNGS[t])
        if count in (2, 5) and pair is None:
            pair = t
        elif count and count != 3:
            return None
    return tuple(pungs), pair


def _one_pair_in_all(
    suits: list[tuple[SuitSplit, ...]], honours: SuitSplit
) -> tuple[Grouping, ...]:
    """Every combination of one split per suit and the honours' with one pair in all, the
    pair last, in the order a search from the lowest tile finds them."""
    results: list[Grouping] = []
    tail, honour_pair = honours
    for sets_m, pair_m in suits[0]:
        for sets_p, pair_p in suits[1]:
            if pair_m is not None and pair_p is not None:
                continue
            first = pair_m if pair_p is None else pair_p
            for sets_s, pair_s in suits[2]:
                if first is not None and pair_s is not None:
                    continue  # two pairs
                pair = first if pair_s is None else pair_s
                if (pair is None) is (honour_pair is None):
                    continue  # no pair, or a suit's and an honour's
                last = pair if honour_pair is None else honour_pair
                assert last is not None
                results.append((*sets_m, *sets_p, *sets_s, *tail, _PAIRS[last]))
    return tuple(results)


@cache
def _suit_splits(part: tuple[int, ...], low: Tile) -> tuple[SuitSplit, ...]:
    """Every split of one suit's nine counts (its lowest tile ``low``) into sets and at
    most one pair: each split's sets and its pair's tile (None without one)."""
    found: list[SuitSplit] = []
    _split(list(part), 0, low, None, [], found)
    return tuple(found)


def _split(
    work: list[int],
    start: int,
    low: Tile,
    pair: Tile | None,
    sets: list[Group],
    out: list[SuitSplit],
) -> None:
    # The lowest remaining tile must be used up at once (as pair, pung and chows starting at
    # it), so each split is produced exactly once.
    i = start
    while i < 9 and work[i] == 0:
        i += 1
    if i == 9:
        out.append((tuple(sets), pair))
        return
    count = work[i]
    t = low + i
    for pairs in (0, 1) if pair is None else (0,):
        for pungs in (1, 0):
            chows = count - 2 * pairs - 3 * pungs
            if chows < 0 or (chows and (i > 6 or work[i + 1] < chows or work[i + 2] < chows)):
                continue
            added = [_PUNGS[t]] * pungs + [_CHOWS[t]] * chows
            work[i] = 0
            if chows:
                work[i + 1] -= chows
                work[i + 2] -= chows
            sets.extend(added)
            _split(work, i + 1, low, t if pairs else pair, sets, out)
            del sets[len(sets) - len(added) :]
            work[i] = count
            if chows:
                work[i + 1] += chows
                work[i + 2] += chows


# The groups the search builds, made once: a search makes thousands of them per second.
_PAIRS: Final = tuple(Group(GroupKind.PAIR, t) for t in range(KINDS))
_PUNGS: Final = tuple(Group(GroupKind.PUNG, t) for t in range(KINDS))
_CHOWS: Final = tuple(Group(GroupKind.CHOW, t) for t in range(KINDS))


def seven_pairs_groupings(counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """Seven pairs (七對子); four identical tiles count as two pairs.

    >>> from scoring.engine.tiles import counts, parse_tiles
    >>> [g.code() for g in seven_pairs_groupings(tuple(counts(parse_tiles("22224455m667788p"))))[0]]
    ['22m', '22m', '44m', '55m', '66p', '77p', '88p']
    """
    if sum(counts) != 14 or any(count % 2 for count in counts):
        return ()
    pairs = tuple(Group(GroupKind.PAIR, t) for t in range(KINDS) for _ in range(counts[t] // 2))
    return (pairs,)


def thirteen_orphans_groupings(counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """Thirteen orphans (十三么九): one of each terminal and honour, one of them paired."""
    if sum(counts) != 14 or any(counts[t] == 0 for t in ORPHANS):
        return ()
    if sum(counts[t] for t in ORPHANS) != 14:
        return ()
    pair = next(t for t in ORPHANS if counts[t] == 2)
    singles = tuple(Group(GroupKind.SINGLE, t) for t in sorted(ORPHANS) if t != pair)
    return ((*singles, Group(GroupKind.PAIR, pair)),)


STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"

SHAPE_FINDERS: dict[str, ShapeFinder] = {}


def register_shape(name: str, finder: ShapeFinder) -> None:
    """Add a shape finder under ``name`` (its results are cached by tile counts)."""
    SHAPE_FINDERS[name] = cache(finder)


register_shape(STANDARD, standard_groupings)
register_shape(SEVEN_PAIRS, seven_pairs_groupings)
register_shape(THIRTEEN_ORPHANS, thirteen_orphans_groupings)

DEFAULT_SHAPES: Final = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)


def groupings(shape: str, counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """The cached groupings of these concealed tile counts in the named shape."""
    try:
        finder = SHAPE_FINDERS[shape]
    except KeyError:
        raise ValueError(f"unknown hand shape {shape!r}") from None
    return finder(counts)


# --- arrangements of a hand -------------------------------------------------------------------


_MELD_GROUPS: Final = {
    MeldKind.CHOW: GroupKind.CHOW,
    MeldKind.PUNG: GroupKind.PUNG,
    MeldKind.KONG: GroupKind.KONG,
}


def meld_group(meld: Meld) -> Group:
    """The group of a declared meld."""
    return _declared(_MELD_GROUPS[meld.kind], meld.first, meld.concealed)


@cache  # a group is immutable; there are a few hundred declared ones
def _declared(kind: GroupKind, tile: Tile, concealed: bool) -> Group:
    return Group(kind, tile, concealed=concealed, declared=True)


def arrangements(hand: Hand, shapes: Sequence[str] = DEFAULT_SHAPES) -> tuple[Arrangement, ...]:
    """Every arrangement of the hand in the given shapes, with every winning-tile placement.

    Empty when the tiles form no winning hand in those shapes.
    """
    declared = tuple(meld_group(meld) for meld in hand.melds)
    result: list[Arrangement] = []
    for shape, grouping in _shape_groupings(tuple(shapes), hand.concealed_counts()):
        result.extend(_placements(shape, declared, grouping, hand))
    return tuple(result)


@lru_cache(maxsize=1 << 16)  # one look-up per hand rather than one per shape
def _shape_groupings(
    shapes: tuple[str, ...], counts: tuple[int, ...]
) -> tuple[tuple[str, Grouping], ...]:
    # the finders, not their caches: these counts' groupings are kept here, all shapes at once
    return tuple((shape, grouping) for shape in shapes for grouping in _finder(shape)(counts))


def _finder(shape: str) -> ShapeFinder:
    """The shape's finder itself, behind its cache (which keeps it as ``__wrapped__``)."""
    try:
        cached = SHAPE_FINDERS[shape]
    except KeyError:
        raise ValueError(f"unknown hand shape {shape!r}") from None
    finder: ShapeFinder = getattr(cached, "__wrapped__", cached)
    return finder


def _placements(
    shape: str, declared: Grouping, grouping: Grouping, hand: Hand
) -> Iterable[Arrangement]:
    seen: set[tuple[GroupKind, Tile]] = set()
    for index, group in enumerate(grouping):
        # the winning tile is in the group: it is the group's tile plus one of its offsets
        inside = hand.winning_tile - group.tile in _OFFSETS[group.kind]
        if not inside or (group.kind, group.tile) in seen:
            continue
        seen.add((group.kind, group.tile))
        groups = list(grouping)
        if group.kind is GroupKind.PUNG and not hand.self_drawn:
            groups[index] = group._replace(concealed=False)
        yield Arrangement(shape, declared + tuple(groups), len(declared) + index)


# --- what an arrangement's sets let family patterns count -------------------------------------
#
# A family's pattern table names what a pattern needs to count at all; these are the needs an
# arrangement meets by how many pungs or kongs and chows it holds (at least one, two, ...).
TRIPLET: Final = "triplet"
TWO_TRIPLETS: Final = "triplets_2"
THREE_TRIPLETS: Final = "triplets_3"
FOUR_TRIPLETS: Final = "triplets_4"
CHOW: Final = "chow"
TWO_CHOWS: Final = "chows_2"
THREE_CHOWS: Final = "chows_3"
FOUR_CHOWS: Final = "chows_4"
_AT_LEAST: Final = {
    TRIPLET: (TRIPLET, TWO_TRIPLETS, THREE_TRIPLETS, FOUR_TRIPLETS),
    CHOW: (CHOW, TWO_CHOWS, THREE_CHOWS, FOUR_CHOWS),
}
_SET_TRAITS: Final = {
    (triplets, chows): frozenset(_AT_LEAST[TRIPLET][:triplets] + _AT_LEAST[CHOW][:chows])
    for triplets in range(5)
    for chows in range(5)
}


def set_traits(triplets: int, chows: int) -> frozenset[str]:
    """The needs met by an arrangement with this many pungs or kongs and chows (at most 4).

    >>> sorted(set_traits(2, 1))
    ['chow', 'triplet', 'triplets_2']
    """
    return _SET_TRAITS[triplets, chows]


def is_winning(counts: tuple[int, ...], shapes: Sequence[str] = DEFAULT_SHAPES) -> bool:
    """Whether these concealed tile counts complete a hand in one of the shapes."""
    return any(groupings(shape, counts) for shape in shapes)


def waits(counts: Sequence[int], shapes: Sequence[str] = DEFAULT_SHAPES) -> tuple[Tile, ...]:
    """The kinds that would complete these concealed tiles (one short of a win), "in form":
    a kind counts even when all four copies are already held or visible.

    >>> from scoring.engine.tiles import counts, format_tiles, parse_tiles
    >>> format_tiles(waits(counts(parse_tiles("1112345678999m"))))
    '123456789m'
    """
    found: list[Tile] = []
    work = list(counts)
    for t in range(KINDS):
        work[t] += 1
        if is_winning(tuple(work), shapes):
            found.append(t)
        work[t] -= 1
    return tuple(found)
