"""Zung Jung rule sets as frozen config: the seed preset and official v3.3 (zung-jung.md §2, §6).

A preset lists the patterns it plays, in its own order, with their English and Chinese
names and values; everything else (cap, limit threshold, minimum, flowers, which winds
are value honours, how losers pay, the Illegal Call penalty) is a field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from scoring.engine.bounds import Bound
from scoring.engine.errors import RulesError

# What a club may set (zung-jung.md §6): the minimum up to the cap, a penalty up to 480.
MINIMUM = Bound("the minimum", 0, 320)
ILLEGAL_CALL = Bound("the Illegal Call penalty", 0, 480)


class Payoff(StrEnum):
    """How losers pay a win: each loser pays the value, or the discarder pays for all."""

    EACH_LOSER_PAYS = "each_loser_pays"
    DISCARDER_PAYS_ALL = "discarder_pays_all"


@dataclass(frozen=True, slots=True)
class PatternEntry:
    """A pattern as a preset plays it: id, English and Chinese names, points (per set where
    the pattern counts per set)."""

    id: str
    name: str
    name_zh: str
    value: int


@dataclass(frozen=True)
class ZungJungRules:
    """A Zung Jung rule set."""

    preset: str
    patterns: tuple[PatternEntry, ...]
    cap: int = 320
    limit: int = 320  # a pattern worth this much or more is a limit pattern
    minimum: int = 0  # points (without bonus tiles) a hand needs to be a legal win
    flowers: bool = True
    seat_wind_only: bool = False  # official Value Honor: dragons and the seat wind only
    payoff: Payoff = Payoff.EACH_LOSER_PAYS
    illegal_call: int | None = 40  # what an Illegal Call costs per other player
    by_id: Mapping[str, PatternEntry] = field(init=False, repr=False, compare=False)
    order: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        entries = {entry.id: entry for entry in self.patterns}
        object.__setattr__(self, "by_id", MappingProxyType(entries))
        object.__setattr__(
            self, "order", MappingProxyType({key: n for n, key in enumerate(entries)})
        )
        if self.cap < 1 or self.limit < 1:
            raise RulesError("the cap and the limit must be positive")
        MINIMUM.check(self.minimum, field="minimum", error=RulesError)
        if self.illegal_call is not None:
            ILLEGAL_CALL.check(self.illegal_call, field="illegal_call", error=RulesError)

    def with_options(self, **options: Any) -> ZungJungRules:
        """A copy with some fields changed (``minimum``, ``payoff``, ``illegal_call``, ...)."""
        unknown = sorted(set(options) - _OPTIONS)
        if unknown:
            raise RulesError(
                "unknown Zung Jung rule {unknown!r}", field=unknown[0], unknown=unknown[0]
            )
        if "payoff" in options:
            options["payoff"] = _payoff(options["payoff"])
        for key in ("minimum", "cap", "limit"):
            if key in options and not isinstance(options[key], int):
                raise RulesError("'{key}' must be a whole number of points", field=key, key=key)
        return replace(self, **options)


_OPTIONS = frozenset({"minimum", "payoff", "illegal_call", "cap", "limit", "flowers"})


def _payoff(value: object) -> Payoff:
    try:
        return Payoff(str(value))
    except ValueError:
        choices = ", ".join(Payoff)
        raise RulesError(
            "payoff {value!r} is not one of {choices}", field="payoff", value=value, choices=choices
        ) from None


def _entries(*rows: tuple[str, str, str, int]) -> tuple[PatternEntry, ...]:
    return tuple(PatternEntry(*row) for row in rows)


SEED = ZungJungRules(
    preset="seed",
    patterns=_entries(
        ("chicken_hand", "Chicken Hand", "雞和", 1),
        ("all_sequences", "All Sequences", "平和", 5),
        ("concealed_hand", "Concealed Hand", "門前清", 5),
        ("self_drawn", "Self Drawn", "自摸", 5),
        ("all_simples", "All Simples", "斷么九", 5),
        ("all_types", "All Types", "五門齊", 10),
        ("illegal_call", "Illegal Call", "詐和", -40),
        ("all_triplets", "All Triplets", "對對和", 30),
        ("two_concealed_triplets", "Two Concealed Triplets", "兩暗刻", 5),
        ("three_concealed_triplets", "Three Concealed Triplets", "三暗刻", 30),
        ("four_concealed_triplets", "Four Concealed Triplets", "四暗刻", 125),
        ("one_quartet", "One Quartet", "一槓", 5),
        ("two_quartets", "Two Quartets", "兩槓", 20),
        ("three_quartets", "Three Quartets", "三槓", 120),
        ("four_quartets", "Four Quartets", "四槓", 480),
        ("two_identical_sequences", "Two Identical Sequences", "一般高", 10),
        ("two_identical_sequences_twice", "Two Identical Sequences Twice", "兩般高", 60),
        ("three_identical_sequences", "Three Identical Sequences", "一色三同順", 120),
        ("four_identical_sequences", "Four Identical Sequences", "一色四同順", 480),
        ("three_similar_sequences", "Three Similar Sequences", "三色同順", 35),
        ("little_three_similar_triplets", "Little Three Similar Triplets", "三色小同刻", 30),
        ("three_similar_triplets", "Three Similar Triplets", "三色同刻", 120),
        ("three_consecutive_sequences", "Three Consecutive Sequences", "三連順", 30),
        ("nine_tile_straight", "Nine-Tile Straight", "一氣通貫", 40),
        ("three_consecutive_sequences_twice", "Three Consecutive Sequences Twice", "雙三連順", 50),
        ("four_consecutive_sequences", "Four Consecutive Sequences", "四連順", 100),
        ("three_consecutive_triplets", "Three Consecutive Triplets", "三連刻", 100),
        ("four_consecutive_triplets", "Four Consecutive Triplets", "四連刻", 200),
        ("three_mothers", "Three Mothers", "三娘教子", 320),
        ("mixed_one_suit", "Mixed One-Suit", "混一色", 40),
        ("pure_one_suit", "Pure One-Suit", "清一色", 80),
        ("nine_gates", "Nine Gates", "九蓮寶燈", 480),
        ("two_tailed_terminal_sequences", "Two-Tailed Terminal Sequences", "老少順", 5),
        ("two_tailed_terminal_triplets", "Two-Tailed Terminal Triplets", "老少刻", 10),
        ("two_tailed_terminals", "Two-Tailed Terminals", "老少么九", 120),
        ("mixed_lesser_terminals", "Mixed Lesser Terminals", "混全帶么九", 40),
        ("pure_lesser_terminals", "Pure Lesser Terminals", "純全帶么九", 50),
        ("mixed_greater_terminals", "Mixed Greater Terminals", "混么九", 100),
        ("pure_suit_terminals", "Pure Suit Terminals", "一色全帶么九", 320),
        ("pure_greater_terminals", "Pure Greater Terminals", "清么九", 400),
        ("wind_triplet", "Wind Triplet", "風刻", 5),
        ("little_three_winds", "Little Three Winds", "小三風", 30),
        ("big_three_winds", "Big Three Winds", "大三風", 120),
        ("little_four_winds", "Little Four Winds", "小四喜", 320),
        ("big_four_winds", "Big Four Winds", "大四喜", 400),
        ("dragon_triplet", "Dragon Triplet", "箭刻", 10),
        ("little_three_dragons", "Little Three Dragons", "小三元", 40),
        ("big_three_dragons", "Big Three Dragons", "大三元", 130),
        ("all_honours", "All Honor Triplets", "字一色", 320),
        ("all_honour_pairs", "All Honor Pairs", "大七星", 480),
        ("all_green", "All Green", "緑一色", 400),
        ("all_red", "All Red", "紅孔雀", 480),
        ("thirteen_orphans", "Thirteen Orphans", "十三么九", 160),
        ("thirteen_orphans_13_way", "Thirteen Orphans (13-way wait)", "十三么九（十三面）", 320),
        ("seven_pairs", "Seven Pairs", "七對子", 30),
        ("seven_consecutive_pairs", "Seven Consecutive Pairs", "連七對", 320),
        ("final_draw", "Final Draw", "海底撈月", 10),
        ("final_discard", "Final Discard", "河底撈魚", 10),
        ("win_on_quartet", "Win on Quartet", "嶺上開花", 10),
        ("win_on_bonus_tile", "Win on Bonus Tile", "花上自摸", 10),
        ("robbing_quartet", "Robbing a Quartet", "搶槓", 10),
        ("blessing_of_heaven", "Blessing of Heaven", "天和", 155),
        ("blessing_of_earth", "Blessing of Earth", "地和", 155),
        ("bonus_tile", "Bonus Flower / Bonus Season", "花季牌", 2),
        ("four_flowers", "Four Flowers", "齊四花", 20),
        ("four_seasons", "Four Seasons", "齊四季", 20),
        ("all_bonus_tiles", "All Bonus Tiles", "八仙過海", 40),
    ),
)

OFFICIAL = ZungJungRules(
    preset="official",
    patterns=_entries(
        ("all_sequences", "All Sequences", "平和", 5),
        ("concealed_hand", "Concealed Hand", "門前清", 5),
        ("all_simples", "No Terminals", "斷么九", 5),
        ("mixed_one_suit", "Mixed One-Suit", "混一色", 40),
        ("pure_one_suit", "Pure One-Suit", "清一色", 80),
        ("nine_gates", "Nine Gates", "九蓮寶燈", 480),
        ("value_honour", "Value Honor", "番牌", 10),
        ("little_three_dragons", "Small Three Dragons", "小三元", 40),
        ("big_three_dragons", "Big Three Dragons", "大三元", 130),
        ("little_three_winds", "Small Three Winds", "小三風", 30),
        ("big_three_winds", "Big Three Winds", "大三風", 120),
        ("little_four_winds", "Small Four Winds", "小四喜", 320),
        ("big_four_winds", "Big Four Winds", "大四喜", 400),
        ("all_honours", "All Honors", "字一色", 320),
        ("all_triplets", "All Triplets", "對對和", 30),
        ("two_concealed_triplets", "Two Concealed Triplets", "二暗刻", 5),
        ("three_concealed_triplets", "Three Concealed Triplets", "三暗刻", 30),
        ("four_concealed_triplets", "Four Concealed Triplets", "四暗刻", 125),
        ("one_quartet", "One Kong", "一槓", 5),
        ("two_quartets", "Two Kong", "二槓", 20),
        ("three_quartets", "Three Kong", "三槓", 120),
        ("four_quartets", "Four Kong", "四槓", 480),
        ("two_identical_sequences", "Two Identical Sequences", "一般高", 10),
        ("two_identical_sequences_twice", "Two Identical Sequences Twice", "兩般高", 60),
        ("three_identical_sequences", "Three Identical Sequences", "一色三同順", 120),
        ("four_identical_sequences", "Four Identical Sequences", "一色四同順", 480),
        ("three_similar_sequences", "Three Similar Sequences", "三色同順", 35),
        ("little_three_similar_triplets", "Small Three Similar Triplets", "三色小同刻", 30),
        ("three_similar_triplets", "Three Similar Triplets", "三色同刻", 120),
        ("nine_tile_straight", "Nine-Tile Straight", "一氣通貫", 40),
        ("three_consecutive_triplets", "Three Consecutive Triplets", "三連刻", 100),
        ("four_consecutive_triplets", "Four Consecutive Triplets", "四連刻", 200),
        ("mixed_lesser_terminals", "Mixed Lesser Terminals", "混全帶么", 40),
        ("pure_lesser_terminals", "Pure Lesser Terminals", "純全帶么", 50),
        ("mixed_greater_terminals", "Mixed Greater Terminals", "混么九", 100),
        ("pure_greater_terminals", "Pure Greater Terminals", "清么九", 400),
        ("final_draw", "Final Draw", "海底撈月", 10),
        ("final_discard", "Final Discard", "河底撈魚", 10),
        ("win_on_quartet", "Win on Kong", "嶺上開花", 10),
        ("robbing_quartet", "Robbing a Kong", "搶槓", 10),
        ("blessing_of_heaven", "Blessing of Heaven", "天和", 155),
        ("blessing_of_earth", "Blessing of Earth", "地和", 155),
        ("thirteen_orphans", "Thirteen Terminals", "十三么九", 160),
        ("seven_pairs", "Seven Pairs", "七對子", 30),
        # no Chicken Hand pattern, but a hand with no pattern scores 1 (§6.2)
        ("chicken_hand", "Chicken Hand", "雞和", 1),
    ),
    flowers=False,
    seat_wind_only=True,
    illegal_call=None,
)

PRESETS: Mapping[str, ZungJungRules] = MappingProxyType({"seed": SEED, "official": OFFICIAL})


def preset(name: str) -> ZungJungRules:
    """The preset called ``name``.

    >>> preset("official").by_id["all_simples"].name
    'No Terminals'
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            "Zung Jung has no preset {name!r} (known: {value})",
            field="preset",
            name=name,
            value=", ".join(PRESETS),
        ) from None
