"""Riichi standings as a statistics table (the standings CSV/TSV): placement points, average
place, hanchan and hands, and the win, deal-in and riichi counts with their rates; then the
``*`` row of everyone (each column summed, the averages over the sums)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from scoring.engine.exact import format_ratio
from scoring.score_format import StandingLike, StatsTable, column_sums

RIICHI_HEADER: Final = (
    "Player",
    "Placement points",
    "Average place",
    "Hanchan",
    "Hands",
    "Wins",
    "Win rate",
    "Deal-ins",
    "Deal-in rate",
    "Riichi",
    "Riichi rate",
)


def _rate(count: int | Fraction, total: int) -> str:
    """A count over a total as the reference scorers print it; empty over nothing."""
    return format_ratio(Fraction(count) / total) if total else ""


@dataclass(frozen=True)
class RiichiPlayerStats:
    """One player's riichi figures (or everyone's, ``*``)."""

    name: str
    placement_points: Fraction
    places: Fraction
    placed: int
    hanchan: int
    hands: int
    wins: int
    deal_ins: int
    declarations: int

    def cells(self) -> list[object]:
        """The row's cells, in ``RIICHI_HEADER``'s order.

        >>> RiichiPlayerStats("A", Fraction(-61000, 3), Fraction(7), 2, 2, 20, 3, 2, 5).cells()
        ['A', '-20333.3333', '3.5', 2, 20, 3, '0.15', 2, '0.1', 5, '0.25']
        """
        return [
            self.name,
            format_ratio(self.placement_points),
            _rate(self.places, self.placed),
            self.hanchan,
            self.hands,
            self.wins,
            _rate(self.wins, self.hands),
            self.deal_ins,
            _rate(self.deal_ins, self.hands),
            self.declarations,
            _rate(self.declarations, self.hands),
        ]


def _row(row: StandingLike) -> RiichiPlayerStats:
    return RiichiPlayerStats(
        row.name,
        row.placement_points,
        row.places,
        row.placed,
        row.sessions,
        row.games,
        row.wins,
        row.deal_ins,
        row.declarations,
    )


def riichi_rows(standings: Sequence[StandingLike]) -> list[RiichiPlayerStats]:
    """The standings as statistics rows, then the ``*`` row of everyone."""
    rows = [_row(row) for row in standings]
    points = sum((row.placement_points for row in rows), Fraction(0))
    places = sum((row.places for row in rows), Fraction(0))
    counts = column_sums(rows, "placed", "hanchan", "hands", "wins", "deal_ins", "declarations")
    return [*rows, RiichiPlayerStats("*", points, places, *counts)]


RIICHI_STATS: Final = StatsTable(RIICHI_HEADER, riichi_rows)
