"""MCR rule-set parameters: the edition points of mcr.md §3 as one frozen object, and presets.

>>> preset("green_book").two_concealed_kongs
8
>>> preset("standard").melded_and_concealed_kong
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from scoring.engine.bounds import Bound
from scoring.engine.errors import RulesError

# What a person may type (mcr.md §8, §9.1): far above any real hand's fan or table penalty.
FAN: Final = Bound("fan", 0, 1000)
PENALTY: Final = Bound("a penalty", -1000, 1000)
FALSE_WIN_PENALTY: Final = Bound("the false-win penalty", 0, 100)
MINIMUM: Final = Bound("the minimum", 0, 88)


@dataclass(frozen=True, slots=True)
class MCRRules:
    """One reading of each edition point (defaults: the bold column of §3).

    - ``two_concealed_kongs``: 6 (1998 rule book) or 8 (Green-Book tables, python-majiang).
    - ``melded_and_concealed_kong``: count the 5-fan Melded Kong and Concealed Kong (MIL,
      pymahjonggb) instead of Melded Kong 1 + Concealed Kong 2.
    - ``nine_gates_drops_all_terminal_pungs``: WMCC ruling; default drops exactly one.
    - ``knitted_wait_fans``: allow Edge/Closed/Single Wait inside the knitted tiles
      (pymahjonggb's build switch); default not allowed.
    - ``minimum``: the fan a win needs, flowers excluded (8).
    - ``false_win_penalty``: what the offender pays each other player (§8).
    - ``flowers``: flowers are in play (the wall then has 144 tiles, else 136).
    """

    preset: str = "standard"
    two_concealed_kongs: int = 6
    melded_and_concealed_kong: bool = True
    nine_gates_drops_all_terminal_pungs: bool = False
    knitted_wait_fans: bool = False
    minimum: int = 8
    false_win_penalty: int = 10
    flowers: bool = True

    def __post_init__(self) -> None:
        if self.two_concealed_kongs not in (6, 8):
            raise RulesError("Two Concealed Kongs is worth 6 or 8 fan", field="two_concealed_kongs")
        MINIMUM.check(self.minimum, field="minimum", error=RulesError)
        FALSE_WIN_PENALTY.check(self.false_win_penalty, field="false_win_penalty", error=RulesError)


STANDARD: Final = MCRRules()
PRESETS: Final[dict[str, MCRRules]] = {
    "standard": STANDARD,
    "green_book": replace(STANDARD, preset="green_book", two_concealed_kongs=8),
    "wmcc": replace(STANDARD, preset="wmcc", nine_gates_drops_all_terminal_pungs=True),
    "pymahjonggb": replace(STANDARD, preset="pymahjonggb", knitted_wait_fans=True),
}


def preset(name: str) -> MCRRules:
    """The rules of a named preset (``standard``, ``green_book``, ``wmcc``, ``pymahjonggb``)."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(
            "MCR has no preset {name!r} (known: {known})", field="rules", name=name, known=known
        ) from None
