"""What the MCR fan predicates look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.hand import Hand, MeldKind
from scoring.engine.mcr.knitted import KNITTED_STRAIGHT, single_wait
from scoring.engine.mcr.rules import MCRRules
from scoring.engine.shapes import STANDARD, Arrangement, Group, GroupKind
from scoring.engine.tiles import Tile, is_dragon, is_wind

NINE_GATES_COUNTS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(slots=True)
class HandSummary:
    """Facts about the tiles and the context, whatever their arrangement."""

    hand: Hand
    rules: MCRRules
    kinds: frozenset[Tile]
    tile_counts: list[int]
    suits: frozenset[int]  # 0 characters, 1 dots, 2 bamboo
    has_honour: bool
    melded_kongs: int
    concealed_kongs: int
    melded_sets: int  # chows, pungs and melded kongs claimed from others
    ranks: frozenset[int] | None  # the numbers 1-9 of the tiles; None with an honour
    _unique_wait: bool | None = field(default=None)

    @classmethod
    def of(cls, hand: Hand, rules: MCRRules) -> HandSummary:
        kinds = frozenset(hand.tiles)
        kongs = [m for m in hand.melds if m.kind is MeldKind.KONG]
        has_honour = any(t >= 27 for t in kinds)
        return cls(
            hand=hand,
            rules=rules,
            kinds=kinds,
            tile_counts=hand.tile_counts(),
            suits=frozenset(t // 9 for t in kinds if t < 27),
            has_honour=has_honour,
            melded_kongs=sum(1 for m in kongs if not m.concealed),
            concealed_kongs=sum(1 for m in kongs if m.concealed),
            melded_sets=sum(1 for m in hand.melds if not m.concealed),
            ranks=None if has_honour else frozenset(t % 9 + 1 for t in kinds),
        )

    @property
    def kongs(self) -> int:
        return self.melded_kongs + self.concealed_kongs

    def unique_wait(self) -> bool:
        """The 13 tiles before the win wait on exactly one kind, in form (§6)."""
        if self._unique_wait is None:
            before = list(self.hand.concealed_counts())
            before[self.hand.winning_tile] -= 1
            self._unique_wait = single_wait(tuple(before))
        return self._unique_wait

    def nine_gates(self) -> bool:
        """The 13 tiles before the win are 1112345678999 of one suit, nothing declared."""
        hand = self.hand
        if hand.melds or hand.winning_tile >= 27:
            return False
        low = hand.winning_tile - hand.winning_tile % 9
        before = list(self.tile_counts)
        before[hand.winning_tile] -= 1
        return sum(before) == 13 and tuple(before[low : low + 9]) == NINE_GATES_COUNTS


@dataclass(slots=True)
class Facts:
    """One arrangement of a hand, with the lists the predicates need (computed once)."""

    summary: HandSummary
    arrangement: Arrangement
    shape: str
    chows: tuple[Tile, ...]  # lowest tiles, sorted
    triplets: tuple[Group, ...]  # pungs and kongs
    suit_triplets: tuple[Tile, ...]  # tiles of the suit pungs and kongs, sorted
    pair: Tile | None  # the pair of a four-sets-and-a-pair reading
    wind_triplets: int
    dragon_triplets: int
    concealed_triplets: int

    @classmethod
    def of(cls, summary: HandSummary, arrangement: Arrangement) -> Facts:
        groups = arrangement.groups
        triplets = tuple(g for g in groups if g.is_triplet)
        paired = arrangement.shape in (STANDARD, KNITTED_STRAIGHT)
        return cls(
            summary=summary,
            arrangement=arrangement,
            shape=arrangement.shape,
            chows=tuple(sorted(g.tile for g in groups if g.kind is GroupKind.CHOW)),
            triplets=triplets,
            suit_triplets=tuple(sorted(g.tile for g in triplets if g.tile < 27)),
            pair=groups[-1].tile if paired else None,
            wind_triplets=sum(1 for g in triplets if is_wind(g.tile)),
            dragon_triplets=sum(1 for g in triplets if is_dragon(g.tile)),
            concealed_triplets=sum(1 for g in triplets if g.concealed),
        )

    @property
    def hand(self) -> Hand:
        return self.summary.hand

    @property
    def winning_group(self) -> Group:
        return self.arrangement.winning_group
