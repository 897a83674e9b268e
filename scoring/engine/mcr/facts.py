"""What the MCR fan predicates look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from scoring.engine.hand import Hand, MeldKind, flagged
from scoring.engine.mcr.knitted import KNITTED_STRAIGHT, single_wait
from scoring.engine.mcr.rules import MCRRules
from scoring.engine.shapes import STANDARD, Arrangement, Group, GroupKind
from scoring.engine.tiles import Tile, is_dragon, is_wind

NINE_GATES_COUNTS = (3, 1, 1, 1, 1, 1, 1, 1, 3)

# The needs of fans a hand or an arrangement can meet (predicates.NEEDS).
HONOUR: Final = "honour"  # a wind or a dragon among the tiles
NO_HONOUR: Final = "no_honour"
KONG: Final = "kong"  # a declared kong
MELD: Final = "meld"  # a declared meld
NO_MELD: Final = "no_meld"
FLAG: Final = "flag"  # a context flag (last tile of the wall, robbing a kong, ...)

ANY: Final = frozenset[str]()


_TRAITS: Final = {
    (honour, kong, meld, flag): frozenset(
        {HONOUR if honour else NO_HONOUR, NO_MELD if not meld else MELD}
        | ({KONG} if kong else ANY)
        | ({FLAG} if flag else ANY)
    )
    for honour in (False, True)
    for kong in (False, True)
    for meld in (False, True)
    for flag in (False, True)
}


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
    traits: frozenset[str]  # the needs of predicates.NEEDS the hand meets
    _unique_wait: bool | None = field(default=None)

    @classmethod
    def of(cls, hand: Hand, rules: MCRRules) -> HandSummary:
        kinds = frozenset(hand.tiles)
        has_honour = max(kinds) >= 27
        melded_kongs = concealed_kongs = melded_sets = 0
        for meld in hand.melds:
            if meld.kind is MeldKind.KONG:
                if meld.concealed:
                    concealed_kongs += 1
                else:
                    melded_kongs += 1
            melded_sets += not meld.concealed
        return cls(
            hand,
            rules,
            kinds,
            hand.tile_counts(),
            frozenset([t // 9 for t in kinds if t < 27]),
            has_honour,
            melded_kongs,
            concealed_kongs,
            melded_sets,
            None if has_honour else frozenset([t % 9 + 1 for t in kinds]),
            _TRAITS[
                has_honour, bool(melded_kongs or concealed_kongs), bool(hand.melds), flagged(hand)
            ],
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
        chows: list[Tile] = []
        triplets: list[Group] = []
        suit_triplets: list[Tile] = []
        winds = dragons = concealed = 0
        for group in groups:  # one pass: every hand's arrangements come here
            kind = group.kind
            if kind is GroupKind.CHOW:
                chows.append(group.tile)
            elif kind is GroupKind.PUNG or kind is GroupKind.KONG:
                triplets.append(group)
                t = group.tile
                if t < 27:
                    suit_triplets.append(t)
                elif is_wind(t):
                    winds += 1
                elif is_dragon(t):
                    dragons += 1
                concealed += group.concealed
        chows.sort()
        suit_triplets.sort()
        paired = arrangement.shape in (STANDARD, KNITTED_STRAIGHT)
        return cls(
            summary,
            arrangement,
            arrangement.shape,
            tuple(chows),
            tuple(triplets),
            tuple(suit_triplets),
            groups[-1].tile if paired else None,
            winds,
            dragons,
            concealed,
        )

    @property
    def hand(self) -> Hand:
        return self.summary.hand

    @property
    def winning_group(self) -> Group:
        return self.arrangement.winning_group
