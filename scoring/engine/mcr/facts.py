"""What the MCR fan predicates look at, computed once per hand and once per arrangement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from scoring.engine.hand import Hand, MeldKind
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
TRIPLET: Final = "triplet"  # a pung or kong in the arrangement

ANY: Final = frozenset[str]()


def hand_traits(*, honour: bool, kong: bool, meld: bool, flag: bool) -> frozenset[str]:
    """The needs a hand meets (``NEEDS``)."""
    return _TRAITS[honour, kong, meld, flag]


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
            traits=hand_traits(
                honour=has_honour, kong=bool(kongs), meld=bool(hand.melds), flag=_flagged(hand)
            ),
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


def _flagged(hand: Hand) -> bool:
    """A context flag is set (the fans of the last tile, kongs and robbing need one)."""
    return (
        hand.last_tile_of_wall
        or hand.last_discard
        or hand.replacement_tile
        or hand.bonus_replacement
        or hand.robbing_kong
        or hand.last_of_its_kind
        or hand.heavenly
        or hand.earthly
    )


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
