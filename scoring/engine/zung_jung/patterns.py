"""Every Zung Jung pattern as a small named predicate over one arrangement (zung-jung.md §5).

A predicate returns how many times its pattern counts: 0 or 1, or the number of
qualifying sets for the per-set patterns. Which patterns a preset plays, and their values,
come from its ``ZungJungRules``; how a family's patterns combine is the evaluator's job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from scoring.engine.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from scoring.engine.tiles import (
    GREEN,
    HONOURS,
    KINDS,
    RED,
    is_honour,
    is_simple,
    is_terminal,
    is_terminal_or_honour,
    is_wind,
    number,
    suit,
)
from scoring.engine.zung_jung.facts import (
    CHOW,
    FLAG,
    FOUR_CHOWS,
    FOUR_TRIPLETS,
    HONOUR,
    KONG,
    NO_HONOUR,
    NO_MELD,
    THREE_CHOWS,
    THREE_TRIPLETS,
    TRIPLET,
    TWO_CHOWS,
    TWO_TRIPLETS,
    Facts,
)

Predicate = Callable[[Facts], int]


@dataclass(frozen=True, slots=True)
class Pattern:
    """A pattern's predicate and its family; ``stacking`` patterns of a family add up
    (they count per set) instead of competing for the family's one slot."""

    id: str
    family: str
    predicate: Predicate
    stacking: bool = False


# The tiles of a class, for "only these tiles" tests on a hand's kinds.
_SIMPLE_TILES: Final = frozenset(t for t in range(KINDS) if is_simple(t))
_TERMINAL_TILES: Final = frozenset(t for t in range(KINDS) if is_terminal(t))
_HONOUR_TILES: Final = frozenset(t for t in range(KINDS) if is_honour(t))
_ORPHAN_TILES: Final = frozenset(t for t in range(KINDS) if is_terminal_or_honour(t))


# --- 1 trivial patterns -----------------------------------------------------------------------


def all_sequences(f: Facts) -> int:
    """All Sequences 平和: four sequences and a pair (any pair)."""
    return int(f.shape == STANDARD and len(f.chows) == 4)


def concealed_hand(f: Facts) -> int:
    """Concealed Hand 門前清: nothing melded before the win (never Thirteen Orphans)."""
    return int(f.hand.is_concealed and f.shape != THIRTEEN_ORPHANS)


def self_drawn(f: Facts) -> int:
    """Self Drawn 自摸: the winner drew the winning tile."""
    return int(f.hand.self_drawn)


def all_simples(f: Facts) -> int:
    """All Simples / No Terminals 斷么九: no terminal and no honour anywhere."""
    return int(f.summary.kinds <= _SIMPLE_TILES)


def all_types(f: Facts) -> int:
    """All Types 五門齊: characters, dots, bamboo, winds and dragons (never Thirteen Orphans)."""
    kinds = f.summary.kinds
    return int(
        f.shape != THIRTEEN_ORPHANS
        and len(f.summary.number_suits) == 3
        and any(is_wind(t) for t in kinds)
        and any(t in HONOURS[4:] for t in kinds)
    )


# --- 2 triplets and quartets ------------------------------------------------------------------


def all_triplets(f: Facts) -> int:
    """All Triplets 對對和: four pungs or kongs."""
    return int(f.shape == STANDARD and len(f.triplets) == 4)


def _concealed_triplets(f: Facts) -> int:
    return sum(1 for g in f.triplets if g.concealed)


def two_concealed_triplets(f: Facts) -> int:
    """Two Concealed Triplets 兩暗刻."""
    return int(_concealed_triplets(f) == 2)


def three_concealed_triplets(f: Facts) -> int:
    """Three Concealed Triplets 三暗刻."""
    return int(_concealed_triplets(f) == 3)


def four_concealed_triplets(f: Facts) -> int:
    """Four Concealed Triplets 四暗刻."""
    return int(_concealed_triplets(f) == 4)


def _kongs(f: Facts) -> int:
    return f.hand.kong_count


def one_quartet(f: Facts) -> int:
    """One Quartet / One Kong 一槓."""
    return int(_kongs(f) == 1)


def two_quartets(f: Facts) -> int:
    """Two Quartets / Two Kong 兩槓."""
    return int(_kongs(f) == 2)


def three_quartets(f: Facts) -> int:
    """Three Quartets / Three Kong 三槓."""
    return int(_kongs(f) == 3)


def four_quartets(f: Facts) -> int:
    """Four Quartets / Four Kong 四槓."""
    return int(_kongs(f) == 4)


# --- 3 identical sets -------------------------------------------------------------------------


def two_identical_sequences(f: Facts) -> int:
    """Two Identical Sequences 一般高: one chow twice (same suit and numbers)."""
    return int(f.chow_multiplicities[:1] == [2])


def two_identical_sequences_twice(f: Facts) -> int:
    """Two Identical Sequences Twice 兩般高: two different chows, each twice."""
    return int(f.chow_multiplicities == [2, 2])


def three_identical_sequences(f: Facts) -> int:
    """Three Identical Sequences 一色三同順."""
    return int(f.chow_multiplicities[:1] == [3])


def four_identical_sequences(f: Facts) -> int:
    """Four Identical Sequences 一色四同順."""
    return int(f.chow_multiplicities[:1] == [4])


# --- 4 similar sets ---------------------------------------------------------------------------


def three_similar_sequences(f: Facts) -> int:
    """Three Similar Sequences 三色同順: the same numbers as a chow in all three suits."""
    starts = f.chow_starts
    return int(
        len(starts) == 3
        and any(all(n in numbers for numbers in starts.values()) for n in range(1, 8))
    )


def little_three_similar_triplets(f: Facts) -> int:
    """Little Three Similar Triplets 三色小同刻: triplets of n in two suits, a pair of n in
    the third."""
    pair = f.pair
    if pair is None or pair >= 27:
        return 0
    triplets = f.triplet_numbers
    others = [s for s in "mps" if s != suit(pair)]
    return int(all(number(pair) in triplets.get(s, ()) for s in others))


def three_similar_triplets(f: Facts) -> int:
    """Three Similar Triplets 三色同刻: triplets of one number in all three suits."""
    triplets = f.triplet_numbers
    return int(len(triplets) == 3 and bool(set.intersection(*triplets.values())))


# --- 5 consecutive sets -----------------------------------------------------------------------


def _has_run(numbers: set[int], length: int, step: int) -> bool:
    if len(numbers) < length:  # most suits hold fewer sets than a run needs
        return False
    return any(all(n + step * k in numbers for k in range(length)) for n in numbers)


def three_consecutive_sequences(f: Facts) -> int:
    """Three Consecutive Sequences 三連順: chows starting n, n+1, n+2 or n, n+2, n+4."""
    return int(
        any(
            _has_run(set(starts), 3, 1) or _has_run(set(starts), 3, 2)
            for starts in f.chow_starts.values()
        )
    )


def nine_tile_straight(f: Facts) -> int:
    """Nine-Tile Straight 一氣通貫: 123, 456 and 789 of one suit, in any order."""
    return int(any({1, 4, 7} <= set(starts) for starts in f.chow_starts.values()))


def _four_chow_shapes(f: Facts, *shapes: tuple[int, ...]) -> bool:
    for starts in f.chow_starts.values():
        if len(starts) == 4:
            offsets = tuple(n - starts[0] for n in starts)
            if offsets in shapes:
                return True
    return False


def three_consecutive_sequences_twice(f: Facts) -> int:
    """Three Consecutive Sequences Twice 雙三連順: chows of one suit starting n, n+1, n+2,
    n+4 or n, n+2, n+3, n+4."""
    return int(_four_chow_shapes(f, (0, 1, 2, 4), (0, 2, 3, 4)))


def four_consecutive_sequences(f: Facts) -> int:
    """Four Consecutive Sequences 四連順: chows of one suit starting n..n+3 or by steps of 2."""
    return int(_four_chow_shapes(f, (0, 1, 2, 3), (0, 2, 4, 6)))


def three_consecutive_triplets(f: Facts) -> int:
    """Three Consecutive Triplets 三連刻: triplets of n, n+1, n+2 in one suit."""
    return int(any(_has_run(ns, 3, 1) for ns in f.triplet_numbers.values()))


def four_consecutive_triplets(f: Facts) -> int:
    """Four Consecutive Triplets 四連刻: triplets of n..n+3 in one suit."""
    return int(any(_has_run(ns, 4, 1) for ns in f.triplet_numbers.values()))


def three_mothers(f: Facts) -> int:
    """Three Mothers 三娘教子: triplets of n, n+1, n+2 and the chow n n+1 n+2, one suit."""
    triplets = f.triplet_numbers
    return int(
        any(
            {n, n + 1, n + 2} <= triplets.get(s, set())
            for s, starts in f.chow_starts.items()
            for n in starts
        )
    )


# --- 6 suit patterns --------------------------------------------------------------------------


def mixed_one_suit(f: Facts) -> int:
    """Mixed One-Suit 混一色: numbers of exactly one suit, and honours."""
    return int(len(f.summary.number_suits) == 1 and f.summary.has_honour)


def pure_one_suit(f: Facts) -> int:
    """Pure One-Suit 清一色: numbers of one suit only."""
    return int(len(f.summary.number_suits) == 1 and not f.summary.has_honour)


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates(f: Facts) -> int:
    """Nine Gates 九蓮寶燈: 1112345678999 of one suit concealed, waiting on all nine tiles."""
    hand = f.hand
    if hand.melds or len(f.summary.number_suits) != 1 or f.summary.has_honour:
        return 0
    held = list(hand.concealed)
    held.remove(hand.winning_tile)
    low = held[0] - number(held[0]) + 1
    return int(tuple(held.count(low + k) for k in range(9)) == _NINE_GATES)


# --- 7 terminal tiles -------------------------------------------------------------------------


def two_tailed_terminal_sequences(f: Facts) -> int:
    """Two-Tailed Terminal Sequences 老少順: per suit, each 123 matched with a 789."""
    return sum(min(s.count(1), s.count(7)) for s in f.chow_starts.values())


def two_tailed_terminal_triplets(f: Facts) -> int:
    """Two-Tailed Terminal Triplets 老少刻: per suit, a triplet of 1 and a triplet of 9."""
    return sum(1 for ns in f.triplet_numbers.values() if {1, 9} <= ns)


def two_tailed_terminals(f: Facts) -> int:
    """Two-Tailed Terminals 老少么九: 111, 123, 789 and 999 of one suit."""
    triplets = f.triplet_numbers
    return int(
        any(
            {1, 7} <= set(starts) and {1, 9} <= triplets.get(s, set())
            for s, starts in f.chow_starts.items()
        )
    )


def _every_group(f: Facts, tiles: frozenset[int]) -> bool:
    """Every group of the arrangement holds one of ``tiles``."""
    return all(not tiles.isdisjoint(g.tiles) for g in f.arrangement.groups)


def mixed_lesser_terminals(f: Facts) -> int:
    """Mixed Lesser Terminals 混全帶么九: every set and the pair hold a terminal or honour,
    with at least one sequence."""
    return int(f.shape == STANDARD and bool(f.chows) and _every_group(f, _ORPHAN_TILES))


def pure_lesser_terminals(f: Facts) -> int:
    """Pure Lesser Terminals 純全帶么九: every set and the pair hold a terminal, no honours,
    at least one sequence."""
    return int(
        f.shape == STANDARD
        and bool(f.chows)
        and not f.summary.has_honour
        and _every_group(f, _TERMINAL_TILES)
    )


def mixed_greater_terminals(f: Facts) -> int:
    """Mixed Greater Terminals 混么九: All Triplets or Seven Pairs of terminals and honours."""
    shaped = all_triplets(f) or f.shape == SEVEN_PAIRS
    return int(shaped and f.summary.kinds <= _ORPHAN_TILES)


def pure_suit_terminals(f: Facts) -> int:
    """Pure Suit Terminals 一色全帶么九: Pure One-Suit with Pure Lesser Terminals."""
    return int(pure_one_suit(f) and pure_lesser_terminals(f))


def pure_greater_terminals(f: Facts) -> int:
    """Pure Greater Terminals 清么九: terminals only (any shape)."""
    return int(f.summary.kinds <= _TERMINAL_TILES)


# --- 8 honour tiles ---------------------------------------------------------------------------


def wind_triplet(f: Facts) -> int:
    """Wind Triplet 風刻: each pung or kong of any wind."""
    return f.wind_triplets


def _wind_pair(f: Facts) -> bool:
    return f.pair is not None and is_wind(f.pair)


def little_three_winds(f: Facts) -> int:
    """Little Three Winds 小三風: two wind triplets and a pair of a third wind."""
    return int(f.wind_triplets == 2 and _wind_pair(f))


def big_three_winds(f: Facts) -> int:
    """Big Three Winds 大三風: three wind triplets."""
    return int(f.wind_triplets == 3)


def little_four_winds(f: Facts) -> int:
    """Little Four Winds 小四喜: three wind triplets and a pair of the fourth wind."""
    return int(f.wind_triplets == 3 and _wind_pair(f))


def big_four_winds(f: Facts) -> int:
    """Big Four Winds 大四喜: four wind triplets."""
    return int(f.wind_triplets == 4)


def dragon_triplet(f: Facts) -> int:
    """Dragon Triplet 箭刻: each pung or kong of a dragon."""
    return f.dragon_triplets


def value_honour(f: Facts) -> int:
    """Value Honor 番牌 (official): each pung or kong of a dragon or of the seat wind."""
    seat = f.hand.seat_wind
    return sum(1 for g in f.triplets if g.tile == seat) + f.dragon_triplets


def little_three_dragons(f: Facts) -> int:
    """Little Three Dragons 小三元: two dragon triplets and a dragon pair."""
    return int(f.dragon_triplets == 2 and f.pair is not None and f.pair in HONOURS[4:])


def big_three_dragons(f: Facts) -> int:
    """Big Three Dragons 大三元: three dragon triplets."""
    return int(f.dragon_triplets == 3)


def all_honours(f: Facts) -> int:
    """All Honor Triplets / All Honors 字一色: every tile an honour."""
    return int(f.summary.kinds <= _HONOUR_TILES)


def all_honour_pairs(f: Facts) -> int:
    """All Honor Pairs 大七星: seven pairs, one of each honour."""
    return int(f.shape == SEVEN_PAIRS and f.summary.kinds == frozenset(HONOURS))


# --- 9 colour hands ---------------------------------------------------------------------------

_GREEN = frozenset({19, 20, 21, 23, 25, GREEN})  # 2 3 4 6 8 bamboo, green dragon
_RED = frozenset({18, 22, 24, 26, RED})  # 1 5 7 9 bamboo, red dragon


def all_green(f: Facts) -> int:
    """All Green 緑一色: only 2 3 4 6 8 bamboo and green dragons."""
    return int(f.summary.kinds <= _GREEN)


def all_red(f: Facts) -> int:
    """All Red 紅孔雀: only 1 5 7 9 bamboo and red dragons."""
    return int(f.summary.kinds <= _RED)


# --- 10 irregular hands -----------------------------------------------------------------------


def thirteen_orphans(f: Facts) -> int:
    """Thirteen Orphans 十三么九: one of each terminal and honour, one of them twice."""
    return int(f.shape == THIRTEEN_ORPHANS)


def thirteen_orphans_13_way(f: Facts) -> int:
    """Thirteen Orphans with a 13-way wait 十三么九（十三面）: the 13 kinds were held."""
    return int(f.shape == THIRTEEN_ORPHANS and f.hand.concealed.count(f.hand.winning_tile) == 2)


def seven_pairs(f: Facts) -> int:
    """Seven Pairs 七對子."""
    return int(f.shape == SEVEN_PAIRS)


def seven_consecutive_pairs(f: Facts) -> int:
    """Seven Consecutive Pairs 連七對: pairs of seven consecutive numbers of one suit."""
    kinds = sorted(f.summary.kinds)
    return int(
        f.shape == SEVEN_PAIRS
        and len(kinds) == 7
        and kinds[0] < 27
        and kinds[-1] - kinds[0] == 6
        and suit(kinds[0]) == suit(kinds[-1])
    )


# --- 11 incidental bonuses --------------------------------------------------------------------


def final_draw(f: Facts) -> int:
    """Final Draw 海底撈月: self-drawn on the last tile of the wall."""
    return int(f.hand.last_tile_of_wall)


def final_discard(f: Facts) -> int:
    """Final Discard 河底撈魚: won on the last discard."""
    return int(f.hand.last_discard)


def win_on_quartet(f: Facts) -> int:
    """Win on Quartet / Win on Kong 嶺上開花: self-drawn on a kong's replacement tile."""
    return int(f.hand.replacement_tile)


def win_on_bonus_tile(f: Facts) -> int:
    """Win on Bonus Tile 花上自摸: self-drawn on a bonus tile's replacement."""
    return int(f.hand.bonus_replacement)


def robbing_quartet(f: Facts) -> int:
    """Robbing a Quartet / Robbing a Kong 搶槓."""
    return int(f.hand.robbing_kong)


def blessing_of_heaven(f: Facts) -> int:
    """Blessing of Heaven 天和: East wins with the initial fourteen tiles."""
    return int(f.hand.heavenly)


def blessing_of_earth(f: Facts) -> int:
    """Blessing of Earth 地和: a non-dealer wins on East's first discard."""
    return int(f.hand.earthly)


def _family(family: str, *predicates: Predicate, stacking: bool = False) -> list[Pattern]:
    return [Pattern(p.__name__, family, p, stacking) for p in predicates]


PATTERNS: tuple[Pattern, ...] = tuple(
    [
        *_family("all_sequences", all_sequences),
        *_family("concealed_hand", concealed_hand),
        *_family("self_drawn", self_drawn),
        *_family("all_simples", all_simples),
        *_family("all_types", all_types),
        *_family("all_triplets", all_triplets),
        *_family(
            "concealed_triplets",
            two_concealed_triplets,
            three_concealed_triplets,
            four_concealed_triplets,
        ),
        *_family("quartets", one_quartet, two_quartets, three_quartets, four_quartets),
        *_family(
            "identical_sequences",
            two_identical_sequences,
            two_identical_sequences_twice,
            three_identical_sequences,
            four_identical_sequences,
        ),
        *_family("similar_sequences", three_similar_sequences),
        *_family("similar_triplets", little_three_similar_triplets, three_similar_triplets),
        *_family(
            "consecutive_sequences",
            three_consecutive_sequences,
            nine_tile_straight,
            three_consecutive_sequences_twice,
            four_consecutive_sequences,
        ),
        *_family(
            "consecutive_triplets",
            three_consecutive_triplets,
            four_consecutive_triplets,
            three_mothers,
        ),
        *_family("one_suit", mixed_one_suit, pure_one_suit),
        *_family("nine_gates", nine_gates),
        *_family(
            "two_tailed",
            two_tailed_terminal_sequences,
            two_tailed_terminal_triplets,
            stacking=True,
        ),
        *_family("two_tailed", two_tailed_terminals),
        *_family(
            "terminals",
            mixed_lesser_terminals,
            pure_lesser_terminals,
            mixed_greater_terminals,
            pure_suit_terminals,
            pure_greater_terminals,
        ),
        *_family("wind_triplet", wind_triplet, stacking=True),
        *_family("winds", little_three_winds, big_three_winds, little_four_winds, big_four_winds),
        *_family("dragon_triplet", dragon_triplet, stacking=True),
        *_family("value_honour", value_honour, stacking=True),
        *_family("dragons", little_three_dragons, big_three_dragons),
        *_family("all_honours", all_honours, all_honour_pairs),
        *_family("all_green", all_green),
        *_family("all_red", all_red),
        *_family("thirteen_orphans", thirteen_orphans, thirteen_orphans_13_way),
        *_family("seven_pairs", seven_pairs, seven_consecutive_pairs),
        *_family("final_tile", final_draw, final_discard),
        *_family("replacement", win_on_quartet, win_on_bonus_tile),
        *_family("robbing", robbing_quartet),
        *_family("blessings", blessing_of_heaven, blessing_of_earth),
    ]
)

# What a pattern needs to count at all: a pattern whose needs the hand or the arrangement
# lacks would answer 0, so the evaluator does not ask it (most hands have no kong and no
# flag, many no honour). tests/engine/zung_jung/test_pattern_needs.py checks that every
# pattern left out answers 0.
NEEDS: Final[dict[str, frozenset[str]]] = {
    pattern: frozenset(needs)
    for needs, patterns in (
        ((FOUR_CHOWS,), ("all_sequences", "two_identical_sequences_twice")),
        ((TWO_CHOWS,), ("two_identical_sequences", "two_tailed_terminal_sequences")),
        ((THREE_CHOWS,), ("three_identical_sequences", "three_similar_sequences")),
        ((THREE_CHOWS,), ("three_consecutive_sequences", "nine_tile_straight")),
        ((FOUR_CHOWS,), ("four_identical_sequences", "three_consecutive_sequences_twice")),
        ((FOUR_CHOWS,), ("four_consecutive_sequences",)),
        ((CHOW,), ("mixed_lesser_terminals",)),
        ((CHOW, NO_HONOUR), ("pure_lesser_terminals", "pure_suit_terminals")),
        ((CHOW, THREE_TRIPLETS), ("three_mothers",)),
        ((TWO_CHOWS, TWO_TRIPLETS), ("two_tailed_terminals",)),
        ((FOUR_TRIPLETS,), ("all_triplets", "four_concealed_triplets")),
        ((TWO_TRIPLETS,), ("two_concealed_triplets", "little_three_similar_triplets")),
        ((THREE_TRIPLETS,), ("three_concealed_triplets", "three_similar_triplets")),
        ((THREE_TRIPLETS,), ("three_consecutive_triplets",)),
        ((FOUR_TRIPLETS,), ("four_consecutive_triplets",)),
        ((TWO_TRIPLETS,), ("two_tailed_terminal_triplets",)),
        ((TRIPLET, HONOUR), ("wind_triplet", "dragon_triplet", "value_honour")),
        ((TWO_TRIPLETS, HONOUR), ("little_three_winds", "little_three_dragons")),
        ((THREE_TRIPLETS, HONOUR), ("big_three_winds", "little_four_winds", "big_three_dragons")),
        ((FOUR_TRIPLETS, HONOUR), ("big_four_winds",)),
        ((KONG,), ("one_quartet", "two_quartets", "three_quartets", "four_quartets")),
        ((NO_HONOUR,), ("all_simples", "pure_one_suit", "pure_greater_terminals")),
        ((NO_HONOUR, NO_MELD), ("nine_gates",)),
        ((HONOUR,), ("all_types", "mixed_one_suit", "all_honours", "all_honour_pairs")),
        ((FLAG,), ("final_draw", "final_discard", "win_on_quartet", "win_on_bonus_tile")),
        ((FLAG,), ("robbing_quartet", "blessing_of_heaven", "blessing_of_earth")),
    )
    for pattern in patterns
}
# The shapes in which a pattern can count (a pattern not named here counts in any shape).
SHAPES: Final[dict[str, frozenset[str]]] = {
    "all_sequences": frozenset({STANDARD}),
    "all_triplets": frozenset({STANDARD}),
    "mixed_lesser_terminals": frozenset({STANDARD}),
    "pure_lesser_terminals": frozenset({STANDARD}),
    "pure_suit_terminals": frozenset({STANDARD}),
    "thirteen_orphans": frozenset({THIRTEEN_ORPHANS}),
    "thirteen_orphans_13_way": frozenset({THIRTEEN_ORPHANS}),
    "seven_pairs": frozenset({SEVEN_PAIRS}),
    "seven_consecutive_pairs": frozenset({SEVEN_PAIRS}),
    "all_honour_pairs": frozenset({SEVEN_PAIRS}),
}


def asked(pattern: Pattern, traits: frozenset[str], shape: str) -> bool:
    """Whether ``pattern`` can count in an arrangement in ``shape`` with these traits (the
    hand's and the arrangement's, ``Facts.traits``)."""
    return NEEDS.get(pattern.id, ANY) <= traits and shape in SHAPES.get(pattern.id, (shape,))


ANY: Final = frozenset[str]()
