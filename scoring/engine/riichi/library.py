"""The bridge to the ``mahjong`` library (MahjongRepository): a ``RiichiHand`` in, its yaku,
han and fu out. The library is the one place that finds yaku, fu and dora; this module only
translates tiles (our 0-33 codes are the library's 34-format) and rules into its terms.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any, Final, NamedTuple

from mahjong.constants import AKA_DORAS
from mahjong.hand_calculating.fu import FuDetail
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku import Yaku
from mahjong.meld import Meld as LibraryMeld

from scoring.engine.errors import HandError
from scoring.engine.hand import MeldKind
from scoring.engine.riichi.hand_input import RED_SUITS, RiichiHand
from scoring.engine.riichi.rules import RiichiRules
from scoring.engine.tiles import KINDS, Tile, code

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


class LibraryResult(NamedTuple):
    """What the library found: the yaku (dora included) with their han, the total han, fu."""

    yaku: tuple[tuple[Yaku, int], ...]
    han: int
    fu: int
    fu_details: tuple[FuDetail, ...]


@cache  # one per rule set, not one per hand
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


# How a hand was won, as ``HandConfig`` takes it: tsumo, riichi (double riichi included),
# double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, seat wind,
# round wind.
WinContext = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, Tile, Tile]


def win_context(hand: RiichiHand) -> WinContext:
    """How ``hand`` was won, in the library's terms."""
    h = hand.hand
    return (
        h.self_drawn,
        hand.riichi or hand.double_riichi,
        hand.double_riichi,
        hand.ippatsu,
        h.replacement_tile,
        h.robbing_kong,
        h.last_tile_of_wall,
        h.last_discard,
        h.heavenly,
        hand.chiihou,
        h.seat_wind,
        h.prevailing_wind,
    )


def config(context: WinContext, rules: RiichiRules) -> HandConfig:
    """The library's hand configuration: how the hand was won, winds, rules.

    One object per way of winning and rules, per thread: building one builds every yaku
    object of the library, and the library writes the han of its dora yaku into it on each
    call (a call's yaku are read before the thread's next call).
    """
    configs: dict[RiichiRules, dict[WinContext, HandConfig]] | None = getattr(
        _LOCAL, "configs", None
    )
    if configs is None:
        configs = _LOCAL.configs = {}
    by_context = configs.get(rules)
    if by_context is None:
        if len(configs) >= _MAX_RULES:  # many rule sets in a long-lived process
            configs.clear()
        by_context = configs[rules] = {}
    found = by_context.get(context)
    if found is None:
        if len(by_context) >= _MAX_CONTEXTS:  # in practice a few dozen ways of winning
            by_context.clear()
        found = by_context[context] = _new_config(context, rules)
    return found


_LOCAL: Final = threading.local()
_MAX_RULES: Final = 16
_MAX_CONTEXTS: Final = 512


def _new_config(context: WinContext, rules: RiichiRules) -> HandConfig:
    settings: dict[str, Any] = dict(zip(_CONTEXT_NAMES, context, strict=True))
    return HandConfig(**settings, options=options(rules))


# ``HandConfig``'s name for each place of a ``WinContext``.
_CONTEXT_NAMES: Final = (
    "is_tsumo",
    "is_riichi",
    "is_daburu_riichi",
    "is_ippatsu",
    "is_rinshan",
    "is_chankan",
    "is_haitei",
    "is_houtei",
    "is_tenhou",
    "is_chiihou",
    "player_wind",
    "round_wind",
)


# The copies of each kind a plain tile takes, in turn (136-format: kind * 4 + copy). Under
# red fives copy 0 of a five is kept for the red one, whether or not it is in the hand.
_PLAIN_COPIES: Final = (3, 2, 1, 0)
_PLAIN_FIVE_COPIES: Final = (3, 2, 1)


@cache
def _copy_orders(red_fives: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(
        _PLAIN_FIVE_COPIES if red_fives and _is_five(t) else _PLAIN_COPIES for t in range(KINDS)
    )


class _Copies:
    """Hands out the library's 136-format tiles: copy 0 of a five is the red one."""

    __slots__ = ("orders", "taken")

    def __init__(self, red_fives: bool) -> None:
        self.orders = _copy_orders(red_fives)
        self.taken = [0] * KINDS  # plain copies of each kind handed out so far

    def tiles(self, tiles: tuple[Tile, ...], reds: dict[str, int]) -> list[int]:
        """The 136-format tiles of a part of the hand with ``reds`` red fives by suit."""
        if reds:
            return self._with_reds(tiles, dict(reds))
        taken, orders = self.taken, self.orders
        result = []
        for t in tiles:
            n = taken[t]
            order = orders[t]
            if n >= len(order):
                raise _all_four(t)
            taken[t] = n + 1
            result.append(t * 4 + order[n])
        return result

    def _with_reds(self, tiles: tuple[Tile, ...], left: dict[str, int]) -> list[int]:
        result: list[int] = []
        for t in tiles:
            suit = RED_SUITS[t // 9] if _is_five(t) else ""
            if suit and left.get(suit):
                left[suit] -= 1
                result.append(t * 4)
            else:
                result += self.tiles((t,), {})
        return result


def _all_four(t: Tile) -> HandError:
    return HandError(
        "all four {tile} are in the hand, so one is the red five: write it 0{tile2}",
        field="concealed",
        tile=code(t),
        tile2=code(t)[1],
    )


def _is_five(t: Tile) -> bool:
    return t < 27 and t % 9 == 4


def _winning_136(hand: RiichiHand, concealed: list[int]) -> int:
    """The winning tile among the concealed ones: the red five when it is the red one, else
    the first plain copy (the first red one when every copy is red)."""
    wanted = hand.hand.winning_tile
    red_wanted = hand.red_winning_tile
    first_red = None
    for t in concealed:
        if t // 4 != wanted:
            continue
        if (t in AKA_DORAS) is red_wanted:
            return t
        if first_red is None:
            first_red = t
    assert first_red is not None and not red_wanted  # validated: the tile is concealed
    return first_red


@cache  # the library never changes a meld; its 34-format tiles are cached in it
def library_meld(kind: MeldKind, tiles: tuple[int, ...], opened: bool) -> LibraryMeld:
    return LibraryMeld(_MELD_TYPES[kind], tiles, opened)


def evaluate_tiles(hand: RiichiHand, rules: RiichiRules) -> LibraryResult:
    """Ask the library for the hand's yaku, han and fu; ``HandError`` when it cannot win."""
    copies = _Copies(rules.red_fives)
    h = hand.hand
    concealed = copies.tiles(h.concealed, hand.red_concealed)
    melds: list[LibraryMeld] = []
    all_tiles = list(concealed)
    red_melds = hand.red_melds
    for index, meld in enumerate(h.melds):
        meld_tiles = copies.tiles(meld.tiles, red_melds[index] if index < len(red_melds) else {})
        melds.append(library_meld(meld.kind, tuple(meld_tiles), not meld.concealed))
        all_tiles += meld_tiles
    return ask(
        all_tiles,
        _winning_136(hand, concealed),
        melds,
        [t * 4 for t in hand.dora_indicators],
        [t * 4 for t in hand.ura_dora_indicators],
        config(win_context(hand), rules),
    )


def ask(
    tiles: list[int],
    winning_tile: int,
    melds: list[LibraryMeld],
    dora_indicators: list[int],
    ura_dora_indicators: list[int],
    config: HandConfig,
) -> LibraryResult:
    """The library's answer for a hand in its 136-tile form; ``HandError`` when it cannot win."""
    response = HandCalculator.estimate_hand_value(
        tiles,
        winning_tile,
        melds=melds,
        dora_indicators=dora_indicators,
        ura_dora_indicators=ura_dora_indicators,
        config=config,
    )
    if response.error is not None:
        message = _ERRORS.get(response.error, f"the hand cannot win: {response.error}")
        raise HandError(message, field="concealed")
    assert response.yaku is not None and response.han is not None and response.fu is not None
    is_open = response.is_open_hand
    yaku = tuple((y, y.han_open if is_open and y.han_open else y.han_closed) for y in response.yaku)
    return LibraryResult(yaku, response.han, response.fu, tuple(response.fu_details or ()))
