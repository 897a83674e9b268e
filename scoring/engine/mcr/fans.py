"""The MCR fan table (mcr.md §2): numbers, PMN numbers, values, names, and what each excludes.

Fans are kept in rule-book order; a fan's id is its English name in snake case. The PMN
numbering differs for 48-53 (§3), so PMN numbers are mapped to fans through this table,
never used as rule-book numbers.

>>> FANS["two_concealed_kongs"].number, FANS["two_concealed_kongs"].pmn
(53, 48)
>>> BY_PMN[49].name
'All Pungs'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Fan:
    """One fan: rule-book number, PMN number, value in fan, English and Chinese names."""

    id: str
    number: int
    pmn: int
    value: int
    name: str
    name_zh: str


_TABLE: Final = (
    (1, 1, 88, "Big Four Winds", "大四喜"),
    (2, 2, 88, "Big Three Dragons", "大三元"),
    (3, 3, 88, "All Green", "绿一色"),
    (4, 4, 88, "Nine Gates", "九莲宝灯"),
    (5, 5, 88, "Four Kongs", "四杠"),
    (6, 6, 88, "Seven Shifted Pairs", "连七对"),
    (7, 7, 88, "Thirteen Orphans", "十三幺"),
    (8, 8, 64, "All Terminals", "清幺九"),
    (9, 9, 64, "Little Four Winds", "小四喜"),
    (10, 10, 64, "Little Three Dragons", "小三元"),
    (11, 11, 64, "All Honours", "字一色"),
    (12, 12, 64, "Four Concealed Pungs", "四暗刻"),
    (13, 13, 64, "Pure Terminal Chows", "一色双龙会"),
    (14, 14, 48, "Quadruple Chow", "一色四同顺"),
    (15, 15, 48, "Four Pure Shifted Pungs", "一色四节高"),
    (16, 16, 32, "Four Pure Shifted Chows", "一色四步高"),
    (17, 17, 32, "Three Kongs", "三杠"),
    (18, 18, 32, "All Terminals and Honours", "混幺九"),
    (19, 19, 24, "Seven Pairs", "七对"),
    (20, 20, 24, "Greater Honours and Knitted Tiles", "七星不靠"),
    (21, 21, 24, "All Even Pungs", "全双刻"),
    (22, 22, 24, "Full Flush", "清一色"),
    (23, 23, 24, "Pure Triple Chow", "一色三同顺"),
    (24, 24, 24, "Pure Shifted Pungs", "一色三节高"),
    (25, 25, 24, "Upper Tiles", "全大"),
    (26, 26, 24, "Middle Tiles", "全中"),
    (27, 27, 24, "Lower Tiles", "全小"),
    (28, 28, 16, "Pure Straight", "清龙"),
    (29, 29, 16, "Three-Suited Terminal Chows", "三色双龙会"),
    (30, 30, 16, "Pure Shifted Chows", "一色三步高"),
    (31, 31, 16, "All Fives", "全带五"),
    (32, 32, 16, "Triple Pung", "三同刻"),
    (33, 33, 16, "Three Concealed Pungs", "三暗刻"),
    (34, 34, 12, "Lesser Honours and Knitted Tiles", "全不靠"),
    (35, 35, 12, "Knitted Straight", "组合龙"),
    (36, 36, 12, "Upper Four", "大于五"),
    (37, 37, 12, "Lower Four", "小于五"),
    (38, 38, 12, "Big Three Winds", "三风刻"),
    (39, 39, 8, "Mixed Straight", "花龙"),
    (40, 40, 8, "Reversible Tiles", "推不倒"),
    (41, 41, 8, "Mixed Triple Chow", "三色三同顺"),
    (42, 42, 8, "Mixed Shifted Pungs", "三色三节高"),
    (43, 43, 8, "Chicken Hand", "无番和"),
    (44, 44, 8, "Last Tile Draw", "妙手回春"),
    (45, 45, 8, "Last Tile Claim", "海底捞月"),
    (46, 46, 8, "Out with Replacement Tile", "杠上开花"),
    (47, 47, 8, "Robbing the Kong", "抢杠和"),
    (48, 49, 6, "All Pungs", "碰碰和"),
    (49, 50, 6, "Half Flush", "混一色"),
    (50, 51, 6, "Mixed Shifted Chows", "三色三步高"),
    (51, 52, 6, "All Types", "五门齐"),
    (52, 53, 6, "Melded Hand", "全求人"),
    (53, 48, 6, "Two Concealed Kongs", "双暗杠"),
    (54, 54, 6, "Two Dragon Pungs", "双箭刻"),
    (55, 55, 4, "Outside Hand", "全带幺"),
    (56, 56, 4, "Fully Concealed Hand", "不求人"),
    (57, 57, 4, "Two Melded Kongs", "双明杠"),
    (58, 58, 4, "Last Tile", "和绝张"),
    (59, 59, 2, "Dragon Pung", "箭刻"),
    (60, 60, 2, "Prevalent Wind", "圈风刻"),
    (61, 61, 2, "Seat Wind", "门风刻"),
    (62, 62, 2, "Concealed Hand", "门前清"),
    (63, 63, 2, "All Chows", "平和"),
    (64, 64, 2, "Tile Hog", "四归一"),
    (65, 65, 2, "Double Pung", "双同刻"),
    (66, 66, 2, "Two Concealed Pungs", "双暗刻"),
    (67, 67, 2, "Concealed Kong", "暗杠"),
    (68, 68, 2, "All Simples", "断幺"),
    (69, 69, 1, "Pure Double Chow", "一般高"),
    (70, 70, 1, "Mixed Double Chow", "喜相逢"),
    (71, 71, 1, "Short Straight", "连六"),
    (72, 72, 1, "Two Terminal Chows", "老少副"),
    (73, 73, 1, "Pung of Terminals or Honours", "幺九刻"),
    (74, 74, 1, "Melded Kong", "明杠"),
    (75, 75, 1, "One Voided Suit", "缺一门"),
    (76, 76, 1, "No Honours", "无字"),
    (77, 77, 1, "Edge Wait", "边张"),
    (78, 78, 1, "Closed Wait", "坎张"),
    (79, 79, 1, "Single Wait", "单钓将"),
    (80, 80, 1, "Self-Drawn", "自摸"),
    (81, 81, 1, "Flower Tiles", "花牌"),
    # Not one of the 81: MIL / mahjongsoft / pymahjonggb; replaces Melded + Concealed Kong.
    (82, 82, 5, "Melded Kong and Concealed Kong", "明暗杠"),
)


def fan_id(name: str) -> str:
    """The id of a fan from its English name.

    >>> fan_id("Three-Suited Terminal Chows")
    'three_suited_terminal_chows'
    """
    return name.lower().replace("-", "_").replace(" ", "_")


FANS: Final[dict[str, Fan]] = {
    fan_id(name): Fan(fan_id(name), number, pmn, value, name, zh)
    for number, pmn, value, name, zh in _TABLE
}
BY_PMN: Final[dict[int, Fan]] = {fan.pmn: fan for fan in FANS.values()}
# Rule-book order with 82 placed by value, just before Two Melded Kongs' neighbours; order
# decides which of two fans excludes the other, so the bigger fan always comes first.
ORDER: Final[tuple[str, ...]] = tuple(sorted(FANS, key=lambda i: (-FANS[i].value, FANS[i].number)))
RANK: Final[dict[str, int]] = {fan: index for index, fan in enumerate(ORDER)}

# PMN 83 / 84 are 错数 ("miscount") adjustments of +1 / -1 fan, not fans (§3).
PMN_ADJUSTMENTS: Final[dict[int, int]] = {83: 1, 84: -1}

_LOWER_KONGS: Final = (
    "three_kongs",
    "two_concealed_kongs",
    "melded_kong_and_concealed_kong",
    "two_melded_kongs",
    "concealed_kong",
    "melded_kong",
)

# The "not counted" column of §2 (non-repeat). Exclusions among the set fans (chows and
# pungs combined with each other) are structural, in ``sets.py``, because they concern only
# the sets that make up the bigger fan (§4.1). Pung of Terminals or Honours is reduced per
# pung in the evaluator.
EXCLUDES: Final[dict[str, frozenset[str]]] = {
    key: frozenset(value)
    for key, value in {
        "big_four_winds": (
            "big_three_winds",
            "all_pungs",
            "prevalent_wind",
            "seat_wind",
            "pung_of_terminals_or_honours",
        ),
        "big_three_dragons": ("two_dragon_pungs", "dragon_pung"),
        "all_green": ("half_flush",),
        "nine_gates": ("full_flush", "fully_concealed_hand", "concealed_hand", "no_honours"),
        "four_kongs": ("all_pungs", "single_wait", *_LOWER_KONGS),
        "seven_shifted_pairs": (
            "full_flush",
            "seven_pairs",
            "fully_concealed_hand",
            "concealed_hand",
            "no_honours",
            "single_wait",
        ),
        "thirteen_orphans": (
            "all_types",
            "fully_concealed_hand",
            "concealed_hand",
            "single_wait",
            "all_terminals_and_honours",
        ),
        "all_terminals": (
            "all_pungs",
            "outside_hand",
            "double_pung",
            "pung_of_terminals_or_honours",
            "no_honours",
        ),
        "little_four_winds": ("big_three_winds",),
        "little_three_dragons": ("two_dragon_pungs", "dragon_pung"),
        "all_honours": ("all_pungs", "outside_hand", "pung_of_terminals_or_honours"),
        "four_concealed_pungs": (
            "all_pungs",
            "fully_concealed_hand",
            "concealed_hand",
            "three_concealed_pungs",
            "two_concealed_pungs",
        ),
        "pure_terminal_chows": ("seven_pairs", "full_flush", "all_chows", "no_honours"),
        "quadruple_chow": ("tile_hog",),
        "four_pure_shifted_pungs": ("all_pungs",),
        "three_kongs": _LOWER_KONGS[1:],
        "all_terminals_and_honours": (
            "all_pungs",
            "outside_hand",
            "pung_of_terminals_or_honours",
        ),
        "seven_pairs": ("fully_concealed_hand", "concealed_hand", "single_wait"),
        "greater_honours_and_knitted_tiles": (
            "lesser_honours_and_knitted_tiles",
            "all_types",
            "fully_concealed_hand",
            "concealed_hand",
        ),
        "all_even_pungs": ("all_pungs", "all_simples", "no_honours"),
        "full_flush": ("no_honours",),
        "upper_tiles": ("upper_four", "no_honours"),
        "middle_tiles": ("all_simples", "no_honours"),
        "lower_tiles": ("lower_four", "no_honours"),
        "three_suited_terminal_chows": ("all_chows", "no_honours"),
        "all_fives": ("all_simples", "no_honours"),
        "three_concealed_pungs": ("two_concealed_pungs",),
        "lesser_honours_and_knitted_tiles": (
            "all_types",
            "fully_concealed_hand",
            "concealed_hand",
        ),
        "upper_four": ("no_honours",),
        "lower_four": ("no_honours",),
        "reversible_tiles": ("one_voided_suit",),
        "last_tile_draw": ("self_drawn",),
        "out_with_replacement_tile": ("self_drawn",),
        "robbing_the_kong": ("last_tile",),
        "melded_hand": ("single_wait",),
        "two_concealed_kongs": ("two_concealed_pungs", *_LOWER_KONGS[3:]),
        "two_dragon_pungs": ("dragon_pung",),
        "fully_concealed_hand": ("self_drawn", "concealed_hand"),
        "two_melded_kongs": ("melded_kong",),
        "all_chows": ("no_honours",),
        "all_simples": ("no_honours",),
        "melded_kong_and_concealed_kong": ("melded_kong", "concealed_kong"),
    }.items()
}
