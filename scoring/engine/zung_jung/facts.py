"""What the Zung Jung patterns look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.engine.hand import Hand, flagged
from scoring.engine.shapes import (
    CHOW,
    FOUR_CHOWS,
    FOUR_TRIPLETS,
    STANDARD,
    THREE_CHOWS,
    THREE_TRIPLETS,
    TRIPLET,
    TWO_CHOWS,
    TWO_TRIPLETS,
    Arrangement,
    Group,
    GroupKind,
    set_traits,
)
from scoring.engine.tiles import NORTH, Tile, suit

# What a pattern needs to count at all (patterns.NEEDS): the hand's traits, then the
# arrangement's.
HONOUR: Final = "honour"  # a wind or a dragon among the tiles
NO_HONOUR: Final = "no_honour"
KONG: Final = "kong"  # a declared kong
NO_MELD: Final = "no_meld"  # nothing declared
FLAG: Final = "flag"  # a context flag (final draw, robbing a kong, blessings, ...)
# An arrangement's: TRIPLET, CHOW, TWO_TRIPLETS ... FOUR_CHOWS (``shapes.set_traits``).
__all__ = [
    "CHOW",
    "FLAG",
    "FOUR_CHOWS",
    "FOUR_TRIPLETS",
    "HONOUR",
    "KONG",
    "NO_HONOUR",
    "NO_MELD",
    "THREE_CHOWS",
    "THREE_TRIPLETS",
    "TRIPLET",
    "TWO_CHOWS",
    "TWO_TRIPLETS",
    "Facts",
    "HandSummary",
]

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


_SUITS: Final = "mps"


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
        chows: list[Group] = []
        triplets: list[Group] = []
        starts: dict[str, list[int]] = {}
        numbered: dict[str, set[int]] = {}
        repeats: dict[Tile, int] = {}
        winds = dragons = 0
        for group in groups:  # one pass: every hand's arrangements come here
            kind, t = group.kind, group.tile
            if kind is GroupKind.CHOW:
                chows.append(group)
                starts.setdefault(_SUITS[t // 9], []).append(t % 9 + 1)
                repeats[t] = repeats.get(t, 0) + 1
            elif kind is GroupKind.PUNG or kind is GroupKind.KONG:
                triplets.append(group)
                if t < 27:
                    numbered.setdefault(_SUITS[t // 9], set()).add(t % 9 + 1)
                elif t <= NORTH:
                    winds += 1
                else:
                    dragons += 1
        for numbers in starts.values():
            numbers.sort()
        return cls(
            summary=summary,
            arrangement=arrangement,
            chows=tuple(chows),
            triplets=tuple(triplets),
            pair=groups[-1].tile if arrangement.shape == STANDARD else None,
            chow_starts=starts,
            triplet_numbers=numbered,
            chow_multiplicities=sorted(repeats.values(), reverse=True),
            wind_triplets=winds,
            dragon_triplets=dragons,
        )

    @property
    def hand(self) -> Hand:
        return self.summary.hand

    @property
    def traits(self) -> frozenset[str]:
        """The hand's traits and the needs the arrangement's sets meet (``patterns.NEEDS``)."""
        return self.summary.traits | set_traits(len(self.triplets), len(self.chows))

    @property
    def shape(self) -> str:
        return self.arrangement.shape
