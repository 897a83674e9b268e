"""The bridge to the ``mahjong`` library (MahjongRepository): a ``RiichiHand`` in, its yaku,
han and fu out. The library is the one place that finds yaku, fu and dora; this module only
translates tiles (our 0-33 codes are the library's 34-format) and rules into its terms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mahjong.constants import AKA_DORAS
from mahjong.hand_calculating.fu import FuDetail
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku import Yaku
from mahjong.meld import Meld as LibraryMeld

from scoring.engine.errors import HandError
from scoring.engine.hand import Meld, MeldKind
from scoring.engine.riichi.hand_input import RED_SUITS, RiichiHand
from scoring.engine.riichi.rules import RiichiRules
from scoring.engine.tiles import Tile, code

_MELD_TYPES: Final = {
    MeldKind.CHOW: LibraryMeld.CHI,
    MeldKind.PUNG: LibraryMeld.PON,
    MeldKind.KONG: LibraryMeld.KAN,
}

# The library's refusals a player can meet after our own checks, in a player's words.
_ERRORS: Final = {
    HandCalculator.ERR_HAND_NOT_WINNING: "the tiles form no winning hand",
    HandCalculator.ERR_NO_YAKU: "the hand has no yaku, so it cannot win (dora are not yaku)",
}


@dataclass(frozen=True)
class LibraryResult:
    """What the library found: the yaku (dora included) with their han, the total han, fu."""

    yaku: tuple[tuple[Yaku, int], ...]
    han: int
    fu: int
    fu_details: tuple[FuDetail, ...]


def options(rules: RiichiRules) -> OptionalRules:
    """The library's optional rules for a rule set."""
    kazoe = HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.red_fives,
        has_double_yakuman=rules.multiple_yakuman,
        kazoe_limit=kazoe,
        kiriage=rules.kiriage,
    )


def config(hand: RiichiHand, rules: RiichiRules) -> HandConfig:
    """The library's hand configuration: how the hand was won, winds, rules."""
    h = hand.hand
    return HandConfig(
        is_tsumo=h.self_drawn,
        is_riichi=hand.riichi or hand.double_riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=h.replacement_tile,
        is_chankan=h.robbing_kong,
        is_haitei=h.last_tile_of_wall,
        is_houtei=h.last_discard,
        is_tenhou=h.heavenly,
        is_chiihou=hand.chiihou,
        player_wind=h.seat_wind,
        round_wind=h.prevailing_wind,
        options=options(rules),
    )


class _Copies:
    """Hands out the library's 136-format tiles: copy 0 of a five is the red one."""

    def __init__(self, red_fives: bool) -> None:
        self.used: dict[Tile, list[int]] = {}
        self.red_fives = red_fives

    def plain(self, t: Tile) -> int:
        # Under red fives copy 0 is kept for the red one, whether or not it is taken yet.
        kept = 0 if self.red_fives and _is_five(t) else None
        used = self.used.setdefault(t, [])
        free = [c for c in (3, 2, 1, 0) if c not in used and c != kept]
        if not free:
            raise HandError(
                "all four {tile} are in the hand, so one is the red five: write it 0{tile2}",
                field="concealed",
                tile=code(t),
                tile2=code(t)[1],
            )
        self.used[t].append(free[0])
        return t * 4 + free[0]

    def red(self, t: Tile) -> int:
        self.used.setdefault(t, []).append(0)
        return t * 4


def _is_five(t: Tile) -> bool:
    return t < 27 and t % 9 == 4


def _tiles_136(tiles: tuple[Tile, ...], reds: dict[str, int], copies: _Copies) -> list[int]:
    result: list[int] = []
    left = dict(reds)
    for t in tiles:
        suit = RED_SUITS[t // 9] if _is_five(t) else ""
        if suit and left.get(suit):
            left[suit] -= 1
            result.append(copies.red(t))
        else:
            result.append(copies.plain(t))
    return result


def _meld(meld: Meld, tiles: list[int]) -> LibraryMeld:
    return LibraryMeld(meld_type=_MELD_TYPES[meld.kind], tiles=tiles, opened=not meld.concealed)


def _winning_136(hand: RiichiHand, concealed: list[int]) -> int:
    wanted = hand.hand.winning_tile
    candidates = [t for t in concealed if t // 4 == wanted]
    red = [t for t in candidates if t in AKA_DORAS]
    plain = [t for t in candidates if t not in AKA_DORAS]
    if hand.red_winning_tile:
        return red[0]
    return (plain or red)[0]


def evaluate_tiles(hand: RiichiHand, rules: RiichiRules) -> LibraryResult:
    """Ask the library for the hand's yaku, han and fu; ``HandError`` when it cannot win."""
    copies = _Copies(rules.red_fives)
    concealed = _tiles_136(hand.hand.concealed, hand.red_concealed, copies)
    melds: list[LibraryMeld] = []
    all_tiles = list(concealed)
    for index, meld in enumerate(hand.hand.melds):
        reds = hand.red_melds[index] if index < len(hand.red_melds) else {}
        meld_tiles = _tiles_136(meld.tiles, reds, copies)
        melds.append(_meld(meld, meld_tiles))
        all_tiles += meld_tiles
    response = HandCalculator.estimate_hand_value(
        all_tiles,
        _winning_136(hand, concealed),
        melds=melds,
        dora_indicators=[t * 4 for t in hand.dora_indicators],
        ura_dora_indicators=[t * 4 for t in hand.ura_dora_indicators],
        config=config(hand, rules),
    )
    if response.error is not None:
        message = _ERRORS.get(response.error, f"the hand cannot win: {response.error}")
        raise HandError(message, field="concealed")
    assert response.yaku is not None and response.han is not None and response.fu is not None
    yaku = tuple((y, _han(y, response.is_open_hand)) for y in response.yaku)
    return LibraryResult(yaku, response.han, response.fu, tuple(response.fu_details or ()))


def _han(yaku: Yaku, is_open: bool) -> int:
    return yaku.han_open if is_open and yaku.han_open else yaku.han_closed
