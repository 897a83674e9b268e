"""Every MCR fan that is not a combination of sets, as a small named predicate (mcr.md §2).

A predicate looks at one arrangement (``Facts``) and returns how many times its fan counts
before the non-repeat principle is applied: 0 or 1, or the number of qualifying sets or
tiles for the fans counted "×n". Set combinations (chows with chows, pungs with pungs) are
in ``sets.py``; exclusions and the Chicken Hand in the evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Final

from scoring.engine.mcr.facts import (
    ANY,
    FLAG,
    HONOUR,
    KONG,
    MELD,
    NO_HONOUR,
    NO_MELD,
    Facts,
    HandSummary,
)
from scoring.engine.mcr.knitted import HONOURS_KNITTED, KNITTED_STRAIGHT
from scoring.engine.shapes import (
    FOUR_TRIPLETS,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    THREE_TRIPLETS,
    TRIPLET,
    TWO_TRIPLETS,
    Group,
    GroupKind,
    set_traits,
)
from scoring.engine.tiles import (
    DRAGONS,
    GREEN,
    HONOURS,
    ORPHANS,
    TERMINALS,
    WHITE,
    WINDS,
    is_dragon,
    is_terminal_or_honour,
    is_wind,
)

Predicate = Callable[[Facts], int]

GREEN_TILES: Final = frozenset({19, 20, 21, 23, 25, GREEN})  # 2 3 4 6 8 bamboo, green dragon
REVERSIBLE_TILES: Final = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})


def _ranks(f: Facts) -> frozenset[int] | None:
    """The numbers (1-9) of the hand's tiles, or None when there is an honour."""
    return f.summary.ranks


def _four_sets(f: Facts) -> bool:
    return f.shape == STANDARD


# --- 88 ------------------------------------------------------------------------------------


def big_four_winds(f: Facts) -> int:
    """Big Four Winds 大四喜: pungs or kongs of all four winds."""
    return int(f.wind_triplets == 4)


def big_three_dragons(f: Facts) -> int:
    """Big Three Dragons 大三元: pungs or kongs of all three dragons."""
    return int(f.dragon_triplets == 3)


def all_green(f: Facts) -> int:
    """All Green 绿一色: only 2 3 4 6 8 bamboo and green dragon."""
    return int(f.summary.kinds <= GREEN_TILES)


def nine_gates(f: Facts) -> int:
    """Nine Gates 九莲宝灯: 1112345678999 of one suit concealed, waiting on all nine."""
    return int(f.summary.nine_gates())


def four_kongs(f: Facts) -> int:
    """Four Kongs 四杠: four kongs."""
    return int(f.summary.kongs == 4)


def seven_shifted_pairs(f: Facts) -> int:
    """Seven Shifted Pairs 连七对: seven pairs of one suit with consecutive numbers."""
    kinds = sorted(f.summary.kinds)
    return int(
        f.shape == SEVEN_PAIRS
        and len(kinds) == 7
        and len(f.summary.suits) == 1
        and not f.summary.has_honour
        and kinds[-1] - kinds[0] == 6
    )


def thirteen_orphans(f: Facts) -> int:
    """Thirteen Orphans 十三幺: one of each terminal and honour and one duplicate."""
    return int(f.shape == THIRTEEN_ORPHANS)


# --- 64 ------------------------------------------------------------------------------------


def all_terminals(f: Facts) -> int:
    """All Terminals 清幺九: only 1s and 9s."""
    ranks = _ranks(f)
    return int(ranks is not None and ranks <= _TERMINAL_RANKS)


def little_four_winds(f: Facts) -> int:
    """Little Four Winds 小四喜: three wind pungs and a pair of the fourth wind."""
    return int(f.wind_triplets == 3 and f.pair is not None and is_wind(f.pair))


def little_three_dragons(f: Facts) -> int:
    """Little Three Dragons 小三元: two dragon pungs and a pair of the third dragon."""
    return int(f.dragon_triplets == 2 and f.pair is not None and is_dragon(f.pair))


def all_honours(f: Facts) -> int:
    """All Honours 字一色: only winds and dragons."""
    return int(not f.summary.suits)


def four_concealed_pungs(f: Facts) -> int:
    """Four Concealed Pungs 四暗刻: four concealed pungs or kongs."""
    return int(f.concealed_triplets == 4)


# --- 32 and 24 -----------------------------------------------------------------------------


def three_kongs(f: Facts) -> int:
    """Three Kongs 三杠: three kongs."""
    return int(f.summary.kongs == 3)


def all_terminals_and_honours(f: Facts) -> int:
    """All Terminals and Honours 混幺九: only terminals and honours, both present."""
    # with only terminals and honours, a suit present is a terminal present
    summary = f.summary
    return int(summary.kinds <= _ORPHAN_TILES and summary.has_honour and bool(summary.suits))


def seven_pairs(f: Facts) -> int:
    """Seven Pairs 七对: seven pairs."""
    return int(f.shape == SEVEN_PAIRS)


def greater_honours_and_knitted_tiles(f: Facts) -> int:
    """Greater Honours and Knitted Tiles 七星不靠: all 7 honours and 7 knitted tiles."""
    return int(f.shape == HONOURS_KNITTED and f.summary.kinds >= set(HONOURS))


def all_even_pungs(f: Facts) -> int:
    """All Even Pungs 全双刻: four pungs and a pair, all of 2 4 6 8 suit tiles."""
    ranks = _ranks(f)
    return int(_all_pungs(f) and ranks is not None and ranks <= {2, 4, 6, 8})


def full_flush(f: Facts) -> int:
    """Full Flush 清一色: one suit only."""
    return int(len(f.summary.suits) == 1 and not f.summary.has_honour)


def _ranks_within(f: Facts, allowed: set[int]) -> bool:
    ranks = _ranks(f)
    return ranks is not None and ranks <= allowed


def upper_tiles(f: Facts) -> int:
    """Upper Tiles 全大: only 7, 8, 9 suit tiles."""
    return int(_ranks_within(f, {7, 8, 9}))


def middle_tiles(f: Facts) -> int:
    """Middle Tiles 全中: only 4, 5, 6 suit tiles."""
    return int(_ranks_within(f, {4, 5, 6}))


def lower_tiles(f: Facts) -> int:
    """Lower Tiles 全小: only 1, 2, 3 suit tiles."""
    return int(_ranks_within(f, {1, 2, 3}))


# --- 16 and 12 -----------------------------------------------------------------------------


def all_fives(f: Facts) -> int:
    """All Fives 全带五: every set and the pair contain a 5."""
    return int(_four_sets(f) and all(_has_five(g) for g in f.arrangement.groups))


_TERMINAL_RANKS: Final = frozenset({1, 9})
_ORPHAN_TILES: Final = frozenset(ORPHANS)
_PTH_TILES: Final = frozenset(TERMINALS + WINDS)  # the pungs Pung of Terminals or Honours counts


def _has_five(group: Group) -> bool:
    t = group.tile
    if group.kind is GroupKind.CHOW:
        return t % 9 in (2, 3, 4)
    return t < 27 and t % 9 == 4


def three_concealed_pungs(f: Facts) -> int:
    """Three Concealed Pungs 三暗刻: three concealed pungs or kongs."""
    return int(f.concealed_triplets == 3)


def lesser_honours_and_knitted_tiles(f: Facts) -> int:
    """Lesser Honours and Knitted Tiles 全不靠: 14 different singles, honours and knitted."""
    return int(f.shape == HONOURS_KNITTED and not f.summary.kinds >= set(HONOURS))


def knitted_straight(f: Facts) -> int:
    """Knitted Straight 组合龙: 147, 258, 369 in three different suits."""
    if f.shape == KNITTED_STRAIGHT:
        return 1
    return int(f.shape == HONOURS_KNITTED and sum(1 for t in f.summary.kinds if t < 27) == 9)


def upper_four(f: Facts) -> int:
    """Upper Four 大于五: only 6, 7, 8, 9 suit tiles."""
    return int(_ranks_within(f, {6, 7, 8, 9}))


def lower_four(f: Facts) -> int:
    """Lower Four 小于五: only 1, 2, 3, 4 suit tiles."""
    return int(_ranks_within(f, {1, 2, 3, 4}))


def big_three_winds(f: Facts) -> int:
    """Big Three Winds 三风刻: three wind pungs."""
    return int(f.wind_triplets == 3)


# --- 8: tiles and context ------------------------------------------------------------------


def reversible_tiles(f: Facts) -> int:
    """Reversible Tiles 推不倒: only 1234589 dots, 245689 bamboo and white dragon."""
    return int(f.summary.kinds <= REVERSIBLE_TILES)


def last_tile_draw(f: Facts) -> int:
    """Last Tile Draw 妙手回春: self-drawn on the last tile of the wall."""
    return int(f.hand.last_tile_of_wall)


def last_tile_claim(f: Facts) -> int:
    """Last Tile Claim 海底捞月: won on the final discard."""
    return int(f.hand.last_discard)


def out_with_replacement_tile(f: Facts) -> int:
    """Out with Replacement Tile 杠上开花: self-drawn on the replacement tile after a kong."""
    return int(f.hand.replacement_tile)


def robbing_the_kong(f: Facts) -> int:
    """Robbing the Kong 抢杠和: won on the tile another player adds to a melded pung."""
    return int(f.hand.robbing_kong)


# --- 6 -------------------------------------------------------------------------------------


def _all_pungs(f: Facts) -> bool:
    return _four_sets(f) and len(f.triplets) == 4


def all_pungs(f: Facts) -> int:
    """All Pungs 碰碰和: four pungs or kongs and a pair."""
    return int(_all_pungs(f))


def half_flush(f: Facts) -> int:
    """Half Flush 混一色: one suit and honours."""
    return int(len(f.summary.suits) == 1 and f.summary.has_honour)


def all_types(f: Facts) -> int:
    """All Types 五门齐: characters, bamboo, dots, winds and dragons all present."""
    kinds = f.summary.kinds
    return int(
        len(f.summary.suits) == 3
        and any(is_wind(t) for t in kinds)
        and any(t in DRAGONS for t in kinds)
    )


def melded_hand(f: Facts) -> int:
    """Melded Hand 全求人: four melded sets, won on a discard."""
    return int(f.summary.melded_sets == 4 and not f.hand.self_drawn)


def two_concealed_kongs(f: Facts) -> int:
    """Two Concealed Kongs 双暗杠: two concealed kongs (and no other kong)."""
    return int(f.summary.concealed_kongs == 2 and f.summary.kongs == 2)


def two_dragon_pungs(f: Facts) -> int:
    """Two Dragon Pungs 双箭刻: pungs of two dragons."""
    return int(f.dragon_triplets == 2)


# --- 4 -------------------------------------------------------------------------------------


def outside_hand(f: Facts) -> int:
    """Outside Hand 全带幺: every set and the pair contain a terminal or an honour."""
    return int(_four_sets(f) and all(_has_orphan(g) for g in f.arrangement.groups))


def _has_orphan(group: Group) -> bool:
    if group.kind is GroupKind.CHOW:
        return group.tile % 9 in (0, 6)
    return is_terminal_or_honour(group.tile)


def fully_concealed_hand(f: Facts) -> int:
    """Fully Concealed Hand 不求人: nothing claimed from others, self-drawn."""
    return int(f.summary.melded_sets == 0 and f.hand.self_drawn)


def two_melded_kongs(f: Facts) -> int:
    """Two Melded Kongs 双明杠: two melded kongs (and no other kong)."""
    return int(f.summary.melded_kongs == 2 and f.summary.kongs == 2)


def last_tile(f: Facts) -> int:
    """Last Tile 和绝张: the other three copies of the winning tile are visible (forced
    when they are in the winner's own melds)."""
    hand = f.hand
    if hand.last_of_its_kind:
        return 1
    won = hand.winning_tile
    return int(bool(hand.melds) and f.summary.tile_counts[won] - hand.concealed.count(won) == 3)


# --- 2 -------------------------------------------------------------------------------------


def dragon_pung(f: Facts) -> int:
    """Dragon Pung 箭刻: a pung or kong of a dragon, ×n."""
    return f.dragon_triplets


def prevalent_wind(f: Facts) -> int:
    """Prevalent Wind 圈风刻: a pung or kong of the prevalent wind."""
    return int(any(g.tile == f.hand.prevailing_wind for g in f.triplets))


def seat_wind(f: Facts) -> int:
    """Seat Wind 门风刻: a pung or kong of the seat wind."""
    return int(any(g.tile == f.hand.seat_wind for g in f.triplets))


def concealed_hand(f: Facts) -> int:
    """Concealed Hand 门前清: nothing claimed from others, won on a discard."""
    return int(f.summary.melded_sets == 0 and not f.hand.self_drawn)


def all_chows(f: Facts) -> int:
    """All Chows 平和: four chows (a knitted straight counts as three) and a suit pair."""
    chows = len(f.chows) + (3 if f.shape == KNITTED_STRAIGHT else 0)
    return int(chows == 4 and f.pair is not None and f.pair < 27)


def tile_hog(f: Facts) -> int:
    """Tile Hog 四归一: all four copies of a tile used without a kong, ×n."""
    return f.summary.tile_counts.count(4) - f.summary.kongs


def two_concealed_pungs(f: Facts) -> int:
    """Two Concealed Pungs 双暗刻: two concealed pungs or kongs."""
    return int(f.concealed_triplets == 2)


def concealed_kong(f: Facts) -> int:
    """Concealed Kong 暗杠: one concealed kong (also with one melded kong when Melded Kong and
    Concealed Kong is not played)."""
    s = f.summary
    mixed = s.melded_kongs == 1 and not s.rules.melded_and_concealed_kong
    return int(s.concealed_kongs == 1 and (s.kongs == 1 or (s.kongs == 2 and mixed)))


def all_simples(f: Facts) -> int:
    """All Simples 断幺: no terminals or honours."""
    ranks = _ranks(f)
    return int(ranks is not None and ranks.isdisjoint(_TERMINAL_RANKS))


# --- 1 -------------------------------------------------------------------------------------


def pung_of_terminals_or_honours(f: Facts) -> int:
    """Pung of Terminals or Honours 幺九刻: each terminal or wind pung, ×n (dragon pungs always
    count a dragon fan instead; the evaluator removes wind pungs used by wind fans)."""
    return sum(1 for g in f.triplets if g.tile in _PTH_TILES)


def melded_kong(f: Facts) -> int:
    """Melded Kong 明杠: one melded kong (also with one concealed kong when Melded Kong and
    Concealed Kong is not played)."""
    s = f.summary
    mixed = s.concealed_kongs == 1 and not s.rules.melded_and_concealed_kong
    return int(s.melded_kongs == 1 and (s.kongs == 1 or (s.kongs == 2 and mixed)))


def melded_kong_and_concealed_kong(f: Facts) -> int:
    """Melded Kong and Concealed Kong 明暗杠 (5, MIL): one melded and one concealed kong."""
    s = f.summary
    return int(
        s.rules.melded_and_concealed_kong
        and s.kongs == 2
        and s.melded_kongs == 1
        and s.concealed_kongs == 1
    )


def one_voided_suit(f: Facts) -> int:
    """One Voided Suit 缺一门: exactly two of the three suits present."""
    return int(len(f.summary.suits) == 2)


def no_honours(f: Facts) -> int:
    """No Honours 无字: no winds or dragons."""
    return int(not f.summary.has_honour)


def _wait_group_allows(f: Facts) -> bool:
    group = f.winning_group
    if group.kind is GroupKind.KNITTED and not f.summary.rules.knitted_wait_fans:
        return False
    return f.summary.unique_wait()


def edge_wait(f: Facts) -> int:
    """Edge Wait 边张: the only wait was the 3 of 12 or the 7 of 89."""
    group, won = f.winning_group, f.hand.winning_tile
    if group.kind is not GroupKind.CHOW:
        return 0
    edge = (won == group.tile + 2 and group.tile % 9 == 0) or (
        won == group.tile and group.tile % 9 == 6
    )
    return int(edge and _wait_group_allows(f))


def closed_wait(f: Facts) -> int:
    """Closed Wait 坎张: the only wait was the middle tile of a chow."""
    group = f.winning_group
    middle = group.kind is GroupKind.CHOW and f.hand.winning_tile == group.tile + 1
    return int(middle and _wait_group_allows(f))


def single_wait(f: Facts) -> int:
    """Single Wait 单钓将: the only wait was the pair."""
    return int(f.winning_group.kind is GroupKind.PAIR and _wait_group_allows(f))


def self_drawn(f: Facts) -> int:
    """Self-Drawn 自摸: the winner drew the winning tile."""
    return int(f.hand.self_drawn)


# Every predicate by fan id; the set fans and Chicken Hand are counted elsewhere.
PREDICATES: Final[dict[str, Predicate]] = {
    name: predicate
    for name, predicate in globals().items()
    if callable(predicate)
    and not name.startswith("_")
    and getattr(predicate, "__module__", "") == __name__
    and name != "Predicate"
}
# The fans that depend only on the tiles and the context, not on the arrangement: they are
# computed once per hand.
HAND_FANS: Final = frozenset(
    {
        "all_green",
        "nine_gates",
        "four_kongs",
        "all_terminals",
        "all_honours",
        "three_kongs",
        "all_terminals_and_honours",
        "full_flush",
        "upper_tiles",
        "middle_tiles",
        "lower_tiles",
        "upper_four",
        "lower_four",
        "reversible_tiles",
        "last_tile_draw",
        "last_tile_claim",
        "out_with_replacement_tile",
        "robbing_the_kong",
        "half_flush",
        "all_types",
        "melded_hand",
        "two_concealed_kongs",
        "fully_concealed_hand",
        "two_melded_kongs",
        "last_tile",
        "concealed_hand",
        "tile_hog",
        "concealed_kong",
        "all_simples",
        "melded_kong",
        "melded_kong_and_concealed_kong",
        "one_voided_suit",
        "no_honours",
        "self_drawn",
    }
)
HAND_PREDICATES: Final = {k: v for k, v in PREDICATES.items() if k in HAND_FANS}
ARRANGEMENT_PREDICATES: Final = {k: v for k, v in PREDICATES.items() if k not in HAND_FANS}

# --- which predicates a hand needs asking ----------------------------------------------------
#
# What a fan needs to count at all: a predicate whose needs the hand or the arrangement lacks
# would answer 0, so it is not asked (most hands have no honour, no kong or no flag; most
# arrangements are four sets and a pair). tests/engine/mcr/test_predicate_needs.py checks
# that every predicate left out answers 0.
NEEDS: Final[dict[str, frozenset[str]]] = {
    fan: frozenset(needs)
    for needs, fans in (
        ((NO_MELD,), ("nine_gates",)),
        (
            (KONG,),
            (
                "four_kongs",
                "three_kongs",
                "two_concealed_kongs",
                "two_melded_kongs",
                "concealed_kong",
                "melded_kong",
                "melded_kong_and_concealed_kong",
            ),
        ),
        (
            (NO_HONOUR,),
            (
                "all_terminals",
                "full_flush",
                "upper_tiles",
                "middle_tiles",
                "lower_tiles",
                "upper_four",
                "lower_four",
                "all_simples",
                "no_honours",
            ),
        ),
        ((HONOUR,), ("all_honours", "all_terminals_and_honours", "half_flush", "all_types")),
        (
            (FLAG,),
            ("last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong"),
        ),
        ((MELD,), ("melded_hand",)),
        ((TRIPLET, HONOUR), ("dragon_pung", "prevalent_wind", "seat_wind")),
        ((TWO_TRIPLETS, HONOUR), ("little_three_dragons", "two_dragon_pungs")),
        ((THREE_TRIPLETS, HONOUR), ("big_three_dragons", "little_four_winds", "big_three_winds")),
        ((FOUR_TRIPLETS, HONOUR), ("big_four_winds",)),
        ((TWO_TRIPLETS,), ("two_concealed_pungs",)),
        ((THREE_TRIPLETS,), ("three_concealed_pungs",)),
        ((FOUR_TRIPLETS,), ("four_concealed_pungs", "all_pungs")),
        ((TRIPLET,), ("pung_of_terminals_or_honours",)),
        ((FOUR_TRIPLETS, NO_HONOUR), ("all_even_pungs",)),
    )
    for fan in fans
}
# The shapes in which a fan can count (a fan not named here counts in any shape).
SHAPES: Final[dict[str, frozenset[str]]] = {
    "seven_shifted_pairs": frozenset({SEVEN_PAIRS}),
    "seven_pairs": frozenset({SEVEN_PAIRS}),
    "thirteen_orphans": frozenset({THIRTEEN_ORPHANS}),
    "greater_honours_and_knitted_tiles": frozenset({HONOURS_KNITTED}),
    "lesser_honours_and_knitted_tiles": frozenset({HONOURS_KNITTED}),
    "knitted_straight": frozenset({KNITTED_STRAIGHT, HONOURS_KNITTED}),
    "all_even_pungs": frozenset({STANDARD}),
    "all_pungs": frozenset({STANDARD}),
    "all_fives": frozenset({STANDARD}),
    "outside_hand": frozenset({STANDARD}),
    "all_chows": frozenset({STANDARD, KNITTED_STRAIGHT}),
}

Asked = tuple[tuple[str, Predicate], ...]


# Hand fans that read nothing but one fact of the hand: the numbers of its tiles (with no
# honour), its suits and whether it has an honour, or its claimed sets and the way it was won.
# Their answers are kept per value of that fact (at most 512 sets of numbers, 16 of suits, 10
# of the rest), so hands sharing it ask them once;
# tests/engine/mcr/test_predicate_needs.py checks the kept answers against the predicates.
_TERMINAL_FANS: Final = ("all_terminals", "all_simples")
RANK_FANS: Final = frozenset(
    {*_TERMINAL_FANS, "upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four"}
)
SUIT_FANS: Final = frozenset(
    {"full_flush", "half_flush", "one_voided_suit", "no_honours", "all_honours"}
)


def _suits_and_honour(summary: HandSummary) -> Hashable:
    return summary.suits, summary.has_honour


def _numbers(summary: HandSummary) -> Hashable:
    return summary.ranks


# Fans that read only whether sets were claimed and whether the winning tile was drawn.
CLAIM_FANS: Final = frozenset(
    {"melded_hand", "fully_concealed_hand", "concealed_hand", "self_drawn"}
)


def _claims_and_draw(summary: HandSummary) -> Hashable:
    return summary.melded_sets, summary.hand.self_drawn


FanCounts = tuple[tuple[str, int], ...]
Grouped = tuple[Callable[[HandSummary], Hashable], Asked, dict[Hashable, FanCounts]]


@cache
def grouped_hand_predicates(traits: frozenset[str]) -> tuple[Asked, tuple[Grouped, ...]]:
    """``hand_predicates`` split in those asked of each hand, and groups of those that read
    one fact of the hand (the fact, the group, and the answers kept per value of the fact)."""
    asked = hand_predicates(traits)
    groups: tuple[Grouped, ...] = tuple(
        (fact, members, {})
        for fact, fans in _GROUPS
        if (members := tuple(item for item in asked if item[0] in fans))
    )
    return tuple(item for item in asked if item[0] not in _GROUPED), groups


_GROUPS: Final = (
    (_numbers, RANK_FANS),
    (_suits_and_honour, SUIT_FANS),
    (_claims_and_draw, CLAIM_FANS),
)
_GROUPED: Final = RANK_FANS | SUIT_FANS | CLAIM_FANS


@cache
def hand_predicates(traits: frozenset[str]) -> Asked:
    """The arrangement-free predicates worth asking of a hand with these traits."""
    return tuple((fan, p) for fan, p in HAND_PREDICATES.items() if NEEDS.get(fan, ANY) <= traits)


@cache
def arrangement_predicates(traits: frozenset[str], triplets: int, shape: str) -> Asked:
    """The arrangement predicates worth asking of an arrangement in ``shape`` of a hand with
    these traits and this many pungs and kongs."""
    met = traits | set_traits(triplets, 0)
    return tuple(
        (fan, p)
        for fan, p in ARRANGEMENT_PREDICATES.items()
        if NEEDS.get(fan, ANY) <= met and shape in SHAPES.get(fan, (shape,))
    )
