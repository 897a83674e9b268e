"""Riichi rule sets as frozen config: the EMA, WRC and club presets (docs/spec/riichi.md §2).

Every choice a preset makes is a field here; the payments, the settlement and the hanchan
read only these fields, never a preset's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from scoring.engine.errors import RulesError

SEATS: Final = 4
RIICHI_STICK: Final = 1000  # 供託 the deposit a riichi declaration puts on the table
HONBA_RON: Final = 300  # 本場 what one counter adds to a win on a discard
HONBA_TSUMO: Final = 100  # ... and to each loser's payment of a self-drawn win
NOTEN_TOTAL: Final = 3000  # 不聴罰符 what the noten players pay the tenpai players in all


class MultipleRon(StrEnum):
    """Two or three players win on one discard: head bump 頭ハネ, or each is paid ダブロン."""

    HEAD_BUMP = "head_bump"
    DOUBLE_RON = "double_ron"


class ChomboPenalty(StrEnum):
    """How a chombo 錯和 is paid: off the final score, or a reverse mangan at the table."""

    FINAL = "final"
    MANGAN = "mangan"


class LeftoverSticks(StrEnum):
    """Riichi sticks still on the table when the game ends: to first place, or lost."""

    FIRST = "first"
    LOST = "lost"


class Ties(StrEnum):
    """Players level on points: share the uma of their places, or rank by starting seat."""

    SHARED = "shared"
    SEAT_ORDER = "seat_order"


@dataclass(frozen=True)
class RiichiRules:
    """A riichi rule set; points are table points (a riichi stick is 1,000)."""

    preset: str
    start: int = 30000  # 配給原点 each player's points at the start
    target: int = 30000  # 返し点 the points the final score is measured from
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)  # ウマ by place
    rounds: int = 2  # wind rounds played: 2 is a hanchan 半荘 (East and South)
    red_fives: bool = False  # 赤ドラ one red five per suit
    open_tanyao: bool = True  # 喰いタン
    kiriage: bool = False  # 切り上げ満貫: 4 han 30 fu and 3 han 60 fu pay a mangan
    kazoe_yakuman: bool = True  # 数え役満: 13 han or more is a yakuman, else a sanbaiman
    multiple_yakuman: bool = False  # two yakuman in one hand pay double
    multiple_ron: MultipleRon = MultipleRon.DOUBLE_RON
    honba_to_all_winners: bool = True  # multiple ron: every winner takes the counters
    chombo: ChomboPenalty = ChomboPenalty.FINAL
    chombo_points: int = 20000  # the final-score penalty when ``chombo`` is FINAL
    leftover_sticks: LeftoverSticks = LeftoverSticks.FIRST
    ties: Ties = Ties.SHARED
    bust: bool = False  # 飛び: a player below zero ends the game
    abortive_draws: bool = False  # 途中流局: kyuushu kyuuhai, suufon renda, suucha riichi, ...
    nagashi_mangan: bool = False  # 流し満貫: all-terminal discards, none called, paid a mangan
    pao: bool = True  # 包: liability for a big three dragons / big four winds (RCR, WRC)

    def __post_init__(self) -> None:
        for name, kind in _CHOICES.items():
            _coerce(self, name, kind)
        if self.start <= 0 or self.start % 100:
            raise RulesError(
                "the starting points must be a positive multiple of 100", field="start"
            )
        if self.target < self.start or self.target % 100:
            raise RulesError(
                "the return points must be a multiple of 100, at least the starting points",
                field="target",
            )
        if len(self.uma) != SEATS or sum(self.uma) != 0:
            raise RulesError("the uma has four values, by place, that sum to zero", field="uma")
        if list(self.uma) != sorted(self.uma, reverse=True):
            raise RulesError("the uma must not grow from first place to fourth", field="uma")
        if self.rounds not in (1, 2):
            raise RulesError("a game is the East round (1) or a hanchan (2)", field="rounds")
        if self.chombo_points < 0:
            raise RulesError("the chombo penalty cannot be negative", field="chombo_points")

    @property
    def oka(self) -> int:
        """オカ: what first place takes for the difference between return and start.

        >>> CLUB.oka, EMA.oka
        (20000, 0)
        """
        return (self.target - self.start) * SEATS


_CHOICES: Final[dict[str, type[StrEnum]]] = {
    "multiple_ron": MultipleRon,
    "chombo": ChomboPenalty,
    "leftover_sticks": LeftoverSticks,
    "ties": Ties,
}


def _coerce(rules: RiichiRules, name: str, kind: type[StrEnum]) -> None:
    value = getattr(rules, name)
    try:
        object.__setattr__(rules, name, kind(value))
    except ValueError:
        known = ", ".join(str(v) for v in kind)
        raise RulesError(
            "{name} must be one of {known}, not {value!r}",
            field=name,
            name=name,
            known=known,
            value=value,
        ) from None


# EMA Riichi Competition Rules, 2016 edition (docs/spec/riichi.md §2, §9): 13 han or more
# without a yakuman is a sanbaiman since 2016 (the 2012 edition counted a yakuman).
EMA: Final = RiichiRules(preset="ema", kazoe_yakuman=False)

# World Riichi Championship rules (docs/spec/riichi.md §2, §9): sticks left at the end go to
# nobody (the EMA names "riichi bets at game end go to the winner" as its difference), and
# 4 han 30 fu and 3 han 60 fu are paid as a mangan (WRC §6.1; the EMA names "4-30 is not
# rounded to mangan payment" as its difference).
WRC: Final = RiichiRules(
    preset="wrc",
    kiriage=True,
    kazoe_yakuman=False,
    multiple_yakuman=True,
    multiple_ron=MultipleRon.HEAD_BUMP,
    leftover_sticks=LeftoverSticks.LOST,
)

# A club's everyday game (docs/spec/riichi.md §2.3).
CLUB: Final = RiichiRules(
    preset="club",
    start=25000,
    target=30000,
    uma=(20000, 10000, -10000, -20000),
    red_fives=True,
    kiriage=True,
    honba_to_all_winners=False,
    chombo=ChomboPenalty.MANGAN,
    chombo_points=0,
    ties=Ties.SEAT_ORDER,
    bust=True,
    abortive_draws=True,
    nagashi_mangan=True,
)

PRESETS: Final = MappingProxyType({rules.preset: rules for rules in (EMA, WRC, CLUB)})


def preset(name: str) -> RiichiRules:
    """The preset called ``name``.

    >>> preset("club").red_fives
    True
    """
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(
            "riichi has no preset {name!r} (known: {known})", field="rules", name=name, known=known
        ) from None
