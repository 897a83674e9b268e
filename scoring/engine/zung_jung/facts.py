"""What the Zung Jung patterns look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.engine.hand import Hand
from scoring.engine.shapes import STANDARD, Arrangement, Group, GroupKind
from scoring.engine.tiles import Tile, is_dragon, is_honour, is_wind, number, suit


@dataclass(frozen=True, slots=True)
class HandSummary:
    """Facts about the tiles, whatever their arrangement."""

    hand: Hand
    tiles: tuple[Tile, ...]
    kinds: frozenset[Tile]
    number_suits: frozenset[str]
    has_honour: bool

    @classmethod
    def of(cls, hand: Hand) -> HandSummary:
        tiles = hand.tiles
        kinds = frozenset(tiles)
        return cls(
            hand=hand,
            tiles=tiles,
            kinds=kinds,
            number_suits=frozenset(suit(t) for t in kinds if t < 27),
            has_honour=any(is_honour(t) for t in kinds),
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
