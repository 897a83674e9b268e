"""The rule families the league knows, by key; the one place the league reaches the engines."""

from __future__ import annotations

from scoring.engine.errors import EngineError
from scoring.families.base import Family, GameFile, GameLog, Placing, SeatResult, SessionSeat
from scoring.families.big_two import BigTwoFamily
from scoring.families.classical import ClassicalFamily
from scoring.families.hk import HongKongFamily
from scoring.families.mcr import MCRFamily
from scoring.families.riichi import RiichiFamily
from scoring.families.zung_jung import ZungJungFamily

FAMILIES: dict[str, Family] = {
    family.key: family
    for family in (
        HongKongFamily(),
        ZungJungFamily(),
        MCRFamily(),
        BigTwoFamily(),
        ClassicalFamily(),
        RiichiFamily(),
    )
}

__all__ = [
    "FAMILIES",
    "EngineError",
    "Family",
    "GameFile",
    "GameLog",
    "Placing",
    "SeatResult",
    "SessionSeat",
    "family_choices",
    "get_family",
    "pmn_family_keys",
    "tenhou_family_keys",
]


def family_choices() -> list[tuple[str, str]]:
    return [(family.key, family.label) for family in FAMILIES.values()]


def pmn_family_keys() -> list[str]:
    """The families whose games come as PMN game records."""
    return [family.key for family in FAMILIES.values() if family.pmn_records]


def tenhou_family_keys() -> list[str]:
    """The families whose games come as Tenhou JSON game logs."""
    return [family.key for family in FAMILIES.values() if family.tenhou_logs]


def get_family(key: str) -> Family:
    try:
        return FAMILIES[key]
    except KeyError:
        raise EngineError(f"unknown rule family {key!r}", field="family") from None
