"""What the Zung Jung patterns look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from scoring.engine.hand import Hand, flagged
from scoring.engine.shapes import STANDARD, Arrangement, Group, GroupKind
from scoring.engine.tiles import Tile, is_dragon, is_wind, number, suit

# What a pattern needs to count at all (patterns.NEEDS): the hand's traits, then the
# arrangement's.
HONOUR: Final = "honour"  # a wind or a dragon among the tiles
NO_HONOUR: Final = "no_honour"
KONG: Final = "kong"  # a declared kong
NO_MELD: Final = "no_meld"  # nothing declared
FLAG: Final = "flag"  # a context flag (final draw, robbing a kong, blessings, ...)
TRIPLET: Final = "triplet"  # a pung or kong in the arrangement
CHOW: Final = "chow"  # a chow in the arrangement

_HAND_TRAITS: Final = {
    (honour, kong, meld, flag): frozenset(
        (HONOUR if honour else NO_HONOUR,)
        + ((KONG,) if kong else ())
        + (() if meld else (NO_MELD,))
        + ((FLAG,) if flag else ())
    )
    for honour in (False, True)
    for kong in (False, True)
    for meld in (False, True)
    for flag in (False, True)
}


@dataclass(frozen=True, slots=True)
class HandSummary:
    """Facts about the tiles, whatever their arrangement."""

    hand: Hand
    tiles: tuple[Tile, ...]
    kinds: frozenset[Tile]
    number_suits: frozenset[str]
    has_honour: bool
    traits: frozenset[str]  # HONOUR or NO_HONOUR, KONG, NO_MELD, FLAG

    @classmethod
    def of(cls, hand: Hand) -> HandSummary:
        tiles = hand.tiles
        kinds = frozenset(tiles)
        has_honour = max(kinds) >= 27
        return cls(
            hand=hand,
            tiles=tiles,
            kinds=kinds,
            number_suits=frozenset(suit(t) for t in kinds if t < 27),
            has_honour=has_honour,
            traits=_HAND_TRAITS[has_honour, hand.kong_count > 0, bool(hand.melds), flagged(hand)],
        )


@dataclass(frozen=True, slots=True)
class Facts:
    """One arrangement of a hand, with the lists the patterns need (computed once)."""

    summary: HandSummary
    arrangement: Arrangement
    chows: tuple[Group, ...]
    triplets: tuple[Group, ...]  # pungs and kongs
    pair: Tile | None  # the eyes of a standard hand
    chow_starts: dict[str, list[int]]  # per suit letter, chows' first numbers, sorted
    triplet_numbers: dict[str, set[int]]  # per suit letter, numbers of pungs and kongs
    chow_multiplicities: list[int]  # how often each distinct chow occurs, largest first
    wind_triplets: int
    dragon_triplets: int

    @classmethod
    def of(cls, summary: HandSummary, arrangement: Arrangement) -> Facts:
        groups = arrangement.groups
        chows = tuple(g for g in groups if g.kind is GroupKind.CHOW)
        triplets = tuple(g for g in groups if g.is_triplet)
        starts: dict[str, list[int]] = {}
        for chow in chows:
            starts.setdefault(suit(chow.tile), []).append(number(chow.tile))
        for numbers in starts.values():
            numbers.sort()
        numbered: dict[str, set[int]] = {}
        for triplet in triplets:
            if triplet.tile < 27:
                numbered.setdefault(suit(triplet.tile), set()).add(number(triplet.tile))
        return cls(
            summary=summary,
            arrangement=arrangement,
            chows=chows,
            triplets=triplets,
            pair=groups[-1].tile if arrangement.shape == STANDARD else None,
            chow_starts=starts,
            triplet_numbers=numbered,
            chow_multiplicities=sorted(Counter(c.tile for c in chows).values(), reverse=True),
            wind_triplets=sum(1 for g in triplets if is_wind(g.tile)),
            dragon_triplets=sum(1 for g in triplets if is_dragon(g.tile)),
        )

    @property
    def hand(self) -> Hand:
        return self.summary.hand

    @property
    def shape(self) -> str:
        return self.arrangement.shape
