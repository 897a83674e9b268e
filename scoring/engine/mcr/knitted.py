"""MCR's knitted shapes as shape finders, and the fast "does this complete?" test for waits.

A knitted set is 1-4-7 of one suit, 2-5-8 of a second and 3-6-9 of the third (six ways).
The knitted straight shape is those 9 tiles (three KNITTED groups) plus one set and a pair;
Lesser and Greater Honours and Knitted Tiles are 14 different singles from the honours and
one knitted set.

>>> from scoring.engine.tiles import counts, parse_tiles
>>> hand = tuple(counts(parse_tiles("147m258p123369s55z")))
>>> [[g.code() for g in grouping] for grouping in knitted_straight_groupings(hand)]
[['147m', '258p', '369s', '123s', '55z']]
>>> len(honours_knitted_groupings(tuple(counts(parse_tiles("147m258p3s1234567z")))))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations
from operator import itemgetter
from typing import Final

from scoring.engine.shapes import (
    DEFAULT_SHAPES,
    Group,
    Grouping,
    GroupKind,
    register_shape,
    standard_groupings,
)
from scoring.engine.tiles import HONOURS, KINDS, ORPHANS, Tile

KNITTED_STRAIGHT: Final = "knitted_straight"
HONOURS_KNITTED: Final = "honours_and_knitted"
MCR_SHAPES: Final = (*DEFAULT_SHAPES, KNITTED_STRAIGHT, HONOURS_KNITTED)

# For each of the six knitted sets: the lowest tile of its 1-4-7, 2-5-8 and 3-6-9 pieces.
KNITTED_SETS: Final[tuple[tuple[Tile, Tile, Tile], ...]] = tuple(
    (residues[0], 9 + residues[1], 18 + residues[2]) for residues in permutations(range(3))
)


def knitted_tiles(knitted_set: tuple[Tile, Tile, Tile]) -> tuple[Tile, ...]:
    """The nine tiles of a knitted set.

    >>> knitted_tiles(KNITTED_SETS[0])
    (0, 3, 6, 10, 13, 16, 20, 23, 26)
    """
    return tuple(low + step for low in knitted_set for step in (0, 3, 6))


_KNITTED_TILES: Final = tuple(frozenset(knitted_tiles(k)) for k in KNITTED_SETS)
# Each knitted set's nine counts, read from a hand's counts in one call.
_KNITTED_COUNTS: Final = tuple(itemgetter(*knitted_tiles(k)) for k in KNITTED_SETS)


def knitted_straight_groupings(counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """Knitted straight (组合龙) read as three special chows, plus one set and a pair."""
    if sum(counts) not in (11, 14) or counts[:27].count(0) > 18:  # fewer than 9 suit kinds
        return ()
    results: list[Grouping] = []
    for knitted_set, tiles, held in zip(KNITTED_SETS, _KNITTED_TILES, _KNITTED_COUNTS, strict=True):
        if 0 in held(counts):
            continue
        rest = list(counts)
        for t in tiles:
            rest[t] -= 1
        pieces = tuple(Group(GroupKind.KNITTED, low) for low in knitted_set)
        results.extend((*pieces, *grouping) for grouping in standard_groupings(tuple(rest)))
    return tuple(results)


def honours_knitted_groupings(counts: tuple[int, ...]) -> tuple[Grouping, ...]:
    """Honours and knitted tiles (全不靠 / 七星不靠): 14 different singles from the honours
    and one knitted set."""
    if sum(counts) != 14 or max(counts) > 1 or sum(counts[27:]) < 5:
        return ()
    suited = {t for t in range(27) if counts[t]}
    if not any(suited <= tiles for tiles in _KNITTED_TILES):
        return ()
    return (tuple(Group(GroupKind.SINGLE, t) for t in range(KINDS) if counts[t]),)


register_shape(KNITTED_STRAIGHT, knitted_straight_groupings)
register_shape(HONOURS_KNITTED, honours_knitted_groupings)


# --- the completion test used for waits -------------------------------------------------------


def _standard_complete(work: list[int], pair_left: bool, start: int = 0) -> bool:
    """Whether ``work`` (the 34 counts, or one suit's nine) is sets and ``pair_left`` pairs."""
    i = start
    end = len(work)
    while i < end and work[i] == 0:
        i += 1
    if i == end:
        return not pair_left
    count = work[i]
    if pair_left and count >= 2:
        work[i] -= 2
        found = _standard_complete(work, False, i)
        work[i] += 2
        if found:
            return True
    if count >= 3:
        work[i] -= 3
        found = _standard_complete(work, pair_left, i)
        work[i] += 3
        if found:
            return True
    if i < 27 and i % 9 <= 6 and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        found = _standard_complete(work, pair_left, i)
        work[i] += 1
        work[i + 1] += 1
        work[i + 2] += 1
        return found
    return False


@cache
def _suit_form(part: tuple[int, ...]) -> int:
    """How one suit's nine counts complete: 0 as sets alone, 1 as sets and a pair, -1 not at
    all (cached: a suit's counts repeat from hand to hand far more than whole hands do)."""
    remainder = sum(part) % 3
    if remainder == 1:
        return -1
    return remainder // 2 if _standard_complete(list(part), remainder == 2) else -1


def standard_complete(counts: Sequence[int]) -> bool:
    """Whether these counts are four sets and a pair (or fewer sets and a pair), suit by
    suit: chows never cross suits, so each suit completes on its own.

    >>> from scoring.engine.tiles import counts, parse_tiles
    >>> [standard_complete(counts(parse_tiles(t))) for t in ("123m55p", "1233m", "11z")]
    [True, False, True]
    """
    pairs = 0
    for low in (0, 9, 18):
        form = _suit_form(tuple(counts[low : low + 9]))
        if form < 0:
            return False
        pairs += form
    for count in counts[27:KINDS]:  # an honour is a pung or the pair
        if count == 2:
            pairs += 1
        elif count == 1 or count == 4:
            return False
    return pairs == 1


def completes(counts: tuple[int, ...]) -> bool:
    """Whether these concealed counts form a winning hand in any MCR shape (declared melds
    aside). Faster than listing the groupings: it stops at the first reading."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    if standard_complete(counts):
        return True
    if total != 14 and total != 11:
        return False
    if total == 14 and (_seven_pairs(counts) or _orphans(counts)):
        return True
    return bool(knitted_straight_groupings(counts) or honours_knitted_groupings(counts))


def _seven_pairs(counts: tuple[int, ...]) -> bool:
    return all(c % 2 == 0 for c in counts)


def _orphans(counts: tuple[int, ...]) -> bool:
    return all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def _candidates(counts: tuple[int, ...]) -> set[Tile]:
    """Kinds that could complete these tiles: a held honour, a suit tile near a held one,
    and the tiles the irregular shapes might still lack."""
    found: set[Tile] = {t for t in HONOURS if counts[t]}
    for t in range(27):
        if counts[t]:
            low = t - t % 9
            found.update(range(max(low, t - 2), min(low + 8, t + 2) + 1))
    if sum(counts) not in (10, 13):
        return found
    if sum(1 for t in ORPHANS if counts[t]) >= 12:
        found.update(ORPHANS)
    if sum(1 for c in counts[:27] if c) >= 8:
        for tiles in _KNITTED_TILES:
            found.update(tiles)
    if max(counts) == 1:
        found.update(HONOURS)
    return found


@cache
def wait_kinds(counts: tuple[int, ...]) -> tuple[Tile, ...]:
    """The kinds that complete these concealed tiles (one short of a win) in any MCR shape,
    "in form": a kind counts even when all its copies are already held or visible.

    >>> from scoring.engine.tiles import counts, format_tiles, parse_tiles
    >>> format_tiles(wait_kinds(tuple(counts(parse_tiles("2444m")))))
    '23m'
    >>> format_tiles(wait_kinds(tuple(counts(parse_tiles("1122334466668p")))))
    '78p'
    """
    work = list(counts)
    found: list[Tile] = []
    for t in sorted(_candidates(counts)):
        work[t] += 1
        if completes(tuple(work)):
            found.append(t)
        work[t] -= 1
    return tuple(found)


@cache
def single_wait(counts: tuple[int, ...]) -> bool:
    """Whether exactly one kind completes these concealed tiles (``wait_kinds`` has one
    member); it stops at the second kind found, so most hands need few searches.

    >>> from scoring.engine.tiles import counts, parse_tiles
    >>> [single_wait(tuple(counts(parse_tiles(tiles)))) for tiles in ("12m55p", "2444m")]
    [True, False]
    """
    if not _irregular_possible(counts):
        standard = _standard_wait_count(counts)
        odd = _seven_pairs_wait(counts)
        if odd is None:
            return standard == 1
        # the odd kind makes seven pairs: one more wait unless it also makes four sets
        work = list(counts)
        work[odd] += 1
        return standard + (not standard_complete(work)) == 1
    work = list(counts)
    found = 0
    for t in sorted(_candidates(counts)):
        work[t] += 1
        if completes(tuple(work)):
            found += 1
            if found == 2:
                return False
        work[t] -= 1
    return found == 1


def _standard_wait_count(counts: tuple[int, ...]) -> int:
    """How many kinds make these tiles four sets and a pair (or fewer sets and a pair).

    One more tile changes one suit only: the other suits' forms are looked up once, and
    the suit that takes the tile is looked up with it (``_suit_forms_with_one_more``)."""
    forms = [_suit_form(tuple(counts[low : low + 9])) for low in (0, 9, 18)]
    honours = counts[27:KINDS]
    honour_pairs = honours.count(2)
    honours_fit = 1 not in honours and 4 not in honours
    found = 0
    for suit, low in enumerate((0, 9, 18)):
        others = [form for index, form in enumerate(forms) if index != suit]
        if not honours_fit or min(others) < 0:
            continue
        wanted = 1 - honour_pairs - sum(others)  # the pairs this suit must hold
        with_one = _suit_forms_with_one_more(tuple(counts[low : low + 9]))
        found += with_one.count(wanted) if wanted in (0, 1) else 0
    if min(forms) >= 0:
        suit_pairs = sum(forms)
        for index, count in enumerate(honours):
            after = [*honours[:index], count + 1, *honours[index + 1 :]]
            if 1 not in after and 4 not in after and suit_pairs + after.count(2) == 1:
                found += 1
    return found


@cache
def _suit_forms_with_one_more(part: tuple[int, ...]) -> tuple[int, ...]:
    """For each of the suit's nine kinds, ``_suit_form`` of the suit with one more of it."""
    return tuple(_suit_form((*part[:rank], part[rank] + 1, *part[rank + 1 :])) for rank in range(9))


def _irregular_possible(counts: tuple[int, ...]) -> bool:
    """Whether one more tile could make these tiles thirteen orphans or a knitted shape
    (when none can, only four sets and a pair, and seven pairs, need testing). Honours and
    knitted tiles need 13 different tiles first; a knitted straight needs its knitted set."""
    total = sum(counts)
    if total % 3 != 1:
        return False
    if any(held(counts).count(0) <= 1 for held in _KNITTED_COUNTS):
        return True  # eight of a knitted set's nine tiles: a knitted straight may be a tile away
    if total != 13:
        return False
    honours_knitted = max(counts) == 1 and sum(counts[27:]) >= 4  # a fifth honour to come
    return sum(counts[t] for t in ORPHANS) == 13 or honours_knitted


def _seven_pairs_wait(counts: tuple[int, ...]) -> Tile | None:
    """The kind that would make these 13 tiles seven pairs (the one held an odd number of
    times, when all others are even), or None."""
    if sum(counts) != 13:
        return None
    odd = [t for t, count in enumerate(counts) if count % 2]
    return odd[0] if len(odd) == 1 else None
