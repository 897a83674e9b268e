"""Fans made by combining sets: chows with chows, pungs with pungs (mcr.md §4).

The principles are applied structurally: a four-set fan takes all four sets; otherwise at
most one three-set fan is counted (non-identical, non-separation), and the free fourth set
may pair once with one of its sets; otherwise the pairing fans form a forest over the sets
(account-once: an edge may never close a cycle).

Chows and pungs are given by their lowest tile.

>>> chow_fans((0, 3, 6, 6), None)  # 123m 456m 789m 789m: Pure Straight + one pairing fan
['pure_straight', 'pure_double_chow']
>>> chow_fans((0, 6, 18, 24), None)  # 123m 789m 123s 789s: 3 pairing fans, not 4
['two_terminal_chows', 'mixed_double_chow', 'mixed_double_chow']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, pairwise

from scoring.engine.mcr.fans import FANS
from scoring.engine.tiles import Tile

SetFan = Callable[[Sequence[Tile]], str | None]
PairFan = Callable[[Tile, Tile], str | None]


def _suit(t: Tile) -> int:
    return t // 9


def _rank(t: Tile) -> int:
    return t % 9


def _one_suit(sets: Sequence[Tile]) -> bool:
    return len({_suit(t) for t in sets}) == 1


def _three_suits(sets: Sequence[Tile]) -> bool:
    return len({_suit(t) for t in sets}) == 3


def _steps(sets: Sequence[Tile]) -> set[int]:
    """The differences between consecutive sorted ranks (one value when evenly spaced)."""
    ranks = sorted(_rank(t) for t in sets)
    return {b - a for a, b in pairwise(ranks)}


# --- chows --------------------------------------------------------------------------------------


def quadruple_chow(chows: Sequence[Tile]) -> bool:
    """Quadruple Chow 一色四同顺: four identical chows."""
    return len(set(chows)) == 1


def four_pure_shifted_chows(chows: Sequence[Tile]) -> bool:
    """Four Pure Shifted Chows 一色四步高: one suit, starts stepping by 1 or by 2."""
    return _one_suit(chows) and _steps(chows) in ({1}, {2})


def pure_terminal_chows(chows: Sequence[Tile], pair: Tile | None) -> bool:
    """Pure Terminal Chows 一色双龙会: 123 123 789 789 and a pair of 5s, one suit."""
    low = _suit(chows[0]) * 9
    return pair == low + 4 and sorted(chows) == [low, low, low + 6, low + 6]


def three_suited_terminal_chows(chows: Sequence[Tile], pair: Tile | None) -> bool:
    """Three-Suited Terminal Chows 三色双龙会: 123+789 in two suits, a pair of 5s in the third."""
    if pair is None or pair >= 27 or _rank(pair) != 4:
        return False
    others = [s for s in range(3) if s != _suit(pair)]
    wanted = sorted(s * 9 + r for s in others for r in (0, 6))
    return sorted(chows) == wanted


def pure_triple_chow(chows: Sequence[Tile]) -> bool:
    """Pure Triple Chow 一色三同顺: three identical chows."""
    return len(set(chows)) == 1


def pure_straight(chows: Sequence[Tile]) -> bool:
    """Pure Straight 清龙: 123, 456, 789 of one suit."""
    return _one_suit(chows) and sorted(_rank(t) for t in chows) == [0, 3, 6]


def pure_shifted_chows(chows: Sequence[Tile]) -> bool:
    """Pure Shifted Chows 一色三步高: one suit, starts stepping by 1 each or by 2 each."""
    return _one_suit(chows) and _steps(chows) in ({1}, {2})


def mixed_straight(chows: Sequence[Tile]) -> bool:
    """Mixed Straight 花龙: 123, 456, 789 in three different suits."""
    return _three_suits(chows) and sorted(_rank(t) for t in chows) == [0, 3, 6]


def mixed_triple_chow(chows: Sequence[Tile]) -> bool:
    """Mixed Triple Chow 三色三同顺: the same chow in all three suits."""
    return _three_suits(chows) and _steps(chows) == {0}


def mixed_shifted_chows(chows: Sequence[Tile]) -> bool:
    """Mixed Shifted Chows 三色三步高: three suits, starts n, n+1, n+2 (step 1 only)."""
    return _three_suits(chows) and _steps(chows) == {1}


def pure_double_chow(a: Tile, b: Tile) -> bool:
    """Pure Double Chow 一般高: two identical chows."""
    return a == b


def mixed_double_chow(a: Tile, b: Tile) -> bool:
    """Mixed Double Chow 喜相逢: the same chow in two suits."""
    return a != b and _rank(a) == _rank(b)


def short_straight(a: Tile, b: Tile) -> bool:
    """Short Straight 连六: two chows of one suit making six consecutive numbers."""
    return _suit(a) == _suit(b) and abs(a - b) == 3


def two_terminal_chows(a: Tile, b: Tile) -> bool:
    """Two Terminal Chows 老少副: 123 and 789 of one suit."""
    return _suit(a) == _suit(b) and {_rank(a), _rank(b)} == {0, 6}


_THREE_CHOWS = (
    ("pure_triple_chow", pure_triple_chow),
    ("pure_straight", pure_straight),
    ("pure_shifted_chows", pure_shifted_chows),
    ("mixed_straight", mixed_straight),
    ("mixed_triple_chow", mixed_triple_chow),
    ("mixed_shifted_chows", mixed_shifted_chows),
)
_TWO_CHOWS = (
    ("pure_double_chow", pure_double_chow),
    ("mixed_double_chow", mixed_double_chow),
    ("short_straight", short_straight),
    ("two_terminal_chows", two_terminal_chows),
)


_PAIR_PRIORITY = {fan: index for index, (fan, _) in enumerate(_TWO_CHOWS)} | {"double_pung": 0}


def _first(table: Sequence[tuple[str, Callable[..., bool]]], *args: object) -> str | None:
    return next((fan for fan, predicate in table if predicate(*args)), None)


def chow_fans(chows: Sequence[Tile], pair: Tile | None) -> list[str]:
    """The chow fans of an arrangement's chows (lowest tiles) under the principles."""
    return list(_chow_fans(tuple(chows), _four_chows_pair(chows, pair)))


def _four_chows_pair(chows: Sequence[Tile], pair: Tile | None) -> Tile | None:
    """The pair as the chow fans see it: only fans of four chows read it, so with fewer it is
    left out of the cached results' keys (those hands then share them)."""
    return pair if len(chows) == 4 else None


# The set fans depend only on the sets' lowest tiles, and hands repeat them: each
# combination is worked out once (a tuple, so no caller can change what is kept).
@cache
def _chow_fans(chows: tuple[Tile, ...], pair: Tile | None) -> tuple[str, ...]:
    if len(chows) == 4:
        four = _four_chows(chows, pair)
        if four is not None:
            return (four,)
    return tuple(
        _combine(
            chows,
            lambda sets: _first(_THREE_CHOWS, sets),
            lambda a, b: _first(_TWO_CHOWS, a, b),
        )
    )


def _four_chows(chows: Sequence[Tile], pair: Tile | None) -> str | None:
    if pure_terminal_chows(chows, pair):
        return "pure_terminal_chows"
    if quadruple_chow(chows):
        return "quadruple_chow"
    if four_pure_shifted_chows(chows):
        return "four_pure_shifted_chows"
    if three_suited_terminal_chows(chows, pair):
        return "three_suited_terminal_chows"
    return None


# --- pungs (suit pungs and kongs only) ----------------------------------------------------------


def four_pure_shifted_pungs(pungs: Sequence[Tile]) -> bool:
    """Four Pure Shifted Pungs 一色四节高: four pungs of one suit, n ... n+3."""
    return _one_suit(pungs) and _steps(pungs) == {1}


def pure_shifted_pungs(pungs: Sequence[Tile]) -> bool:
    """Pure Shifted Pungs 一色三节高: three pungs of one suit, n, n+1, n+2."""
    return _one_suit(pungs) and _steps(pungs) == {1}


def triple_pung(pungs: Sequence[Tile]) -> bool:
    """Triple Pung 三同刻: pungs of the same number in all three suits."""
    return _three_suits(pungs) and _steps(pungs) == {0}


def mixed_shifted_pungs(pungs: Sequence[Tile]) -> bool:
    """Mixed Shifted Pungs 三色三节高: pungs in three suits, numbers n, n+1, n+2."""
    return _three_suits(pungs) and _steps(pungs) == {1}


def double_pung(a: Tile, b: Tile) -> bool:
    """Double Pung 双同刻: pungs of the same number in two suits."""
    return a != b and _rank(a) == _rank(b)


_THREE_PUNGS = (
    ("pure_shifted_pungs", pure_shifted_pungs),
    ("triple_pung", triple_pung),
    ("mixed_shifted_pungs", mixed_shifted_pungs),
)


@cache
def chow_fan_counts(chows: tuple[Tile, ...], pair: Tile | None) -> tuple[tuple[str, int], ...]:
    """``chow_fans`` as (fan, how many times) pairs, in their order."""
    return _chow_fan_counts(chows, _four_chows_pair(chows, pair))


@cache
def _chow_fan_counts(chows: tuple[Tile, ...], pair: Tile | None) -> tuple[tuple[str, int], ...]:
    return tuple(Counter(_chow_fans(chows, pair)).items())


@cache
def pung_fan_counts(pungs: tuple[Tile, ...]) -> tuple[tuple[str, int], ...]:
    """``pung_fans`` as (fan, how many times) pairs, in their order."""
    return tuple(Counter(_pung_fans(pungs)).items())


def pung_fans(pungs: Sequence[Tile]) -> list[str]:
    """The pung fans of an arrangement's suit pungs and kongs under the principles."""
    return list(_pung_fans(tuple(pungs)))


@cache
def _pung_fans(pungs: tuple[Tile, ...]) -> tuple[str, ...]:
    if len(pungs) == 4 and four_pure_shifted_pungs(pungs):
        return ("four_pure_shifted_pungs",)
    return tuple(
        _combine(
            pungs,
            lambda sets: _first(_THREE_PUNGS, sets),
            lambda a, b: "double_pung" if double_pung(a, b) else None,
        )
    )


# --- the principles -----------------------------------------------------------------------------


def _value(fans: list[str]) -> int:
    return sum(FANS[fan].value for fan in fans)


def _combine(
    sets: Sequence[Tile],
    three: Callable[[Sequence[Tile]], str | None],
    pair: PairFan,
) -> list[str]:
    best = _forest(list(range(len(sets))), sets, pair)
    if len(sets) < 3:
        return best
    for members in combinations(range(len(sets)), 3):
        fan = three([sets[i] for i in members])
        if fan is None:
            continue
        chosen = [fan, *_free_pairing(sets, members, pair)]
        if _value(chosen) > _value(best):
            best = chosen
    return best


def _free_pairing(sets: Sequence[Tile], members: tuple[int, ...], pair: PairFan) -> list[str]:
    """The free set of a three-set fan pairs once with one of the fan's sets (§4.1)."""
    free = [i for i in range(len(sets)) if i not in members]
    found = [pair(sets[i], sets[j]) for i in free for j in members]
    fans = [fan for fan in found if fan is not None]
    return [min(fans, key=_PAIR_PRIORITY.__getitem__)] if fans else []


def _forest(nodes: list[int], sets: Sequence[Tile], pair: PairFan) -> list[str]:
    """Pairing fans as edges that never close a cycle (account-once, §4.5)."""
    parent = list(nodes)

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    found: list[str] = []
    for i, j in combinations(nodes, 2):
        fan = pair(sets[i], sets[j])
        if fan is None or root(i) == root(j):
            continue
        parent[root(i)] = root(j)
        found.append(fan)
    return found
