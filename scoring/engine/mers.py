"""The European Mahjong Association's ranking (MERS, Mahjong European Ranking System), with
exact arithmetic and no database: a player's tournaments in, their ranking out.

The formula, as the EMA publishes it (mahjong-europe.org/ranking/Basicsranking.html, the
rules in force since 1 January 2018) and as the ranking's own programs compute it:

- **Base rank** of a result: ``⌊1000 × (n − p) / (n − 1)⌋`` for place ``p`` of ``n``
  players (the winner 1000, the last 0; the EMA's example: 75th of 100 is 252).
- **Tournament weight** (``TOTAL_MERS``): its days (1, 2 or 3 and more: 1, 2, 3), plus ½ for
  more than 40 players or 1 for more than 80, plus ½ for 6 to 9 countries or 1 for 10 and
  more, plus 1 when players had to qualify.
- **Age**: a result at most one year old counts its full weight, one between one and two
  years old half of it; an older one (or one after the day of reckoning) does not count.
- **Missing results**: a player with fewer than five counted results is given a result of
  0 with weight 1 for each one missing; a player needs two counted results to be ranked.
- **Part A**: the weighted average of the best ``⌈5 + 0.8 × max(N − 5, 0)⌉`` results (N of
  the player's own), by base rank: from ten results on, the worst one in five is left out.
- **Part B**: the weighted average of the best four results, by base rank.
- **Ranking** = (Part A + Part B) / 2.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

MINIMUM_RESULTS = 5  # fewer are filled up with zeros of weight 1
RANKED_FROM = 2  # counted results a player needs to be ranked at all
PART_B_RESULTS = 4
FULL_WEIGHT_YEARS = 1
COUNTED_YEARS = 2


@dataclass(frozen=True)
class Tournament:
    """What a tournament's weight is made of, and its last day (its age is counted from it)."""

    last_day: dt.date
    days: int
    players: int
    countries: int
    qualification: bool = False

    @property
    def weight(self) -> Fraction:
        """``TOTAL_MERS``: duration, players, countries and qualification."""
        return (
            Fraction(min(max(self.days, 1), 3))
            + _step(self.players, half_above=40, whole_above=80)
            + _step(self.countries, half_above=5, whole_above=9)
            + (1 if self.qualification else 0)
        )


def _step(count: int, *, half_above: int, whole_above: int) -> Fraction:
    if count > whole_above:
        return Fraction(1)
    return Fraction(1, 2) if count > half_above else Fraction(0)


def base_rank(place: int, players: int) -> int:
    """1000 for the winner, 0 for the last, evenly spaced between, rounded down."""
    if not 1 <= place <= players:
        raise ValueError(f"place {place} is not among {players} players")
    if players == 1:
        return 1000
    return 1000 * (players - place) // (players - 1)


def years_before(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` earlier (29 February becomes the 28th; none before year 1)."""
    if day.year - years < dt.MINYEAR:
        return dt.date.min
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def age_factor(last_day: dt.date, on: dt.date) -> Fraction:
    """1 up to a year old on ``on``, ½ up to two years, else (or in the future) 0."""
    if last_day > on or last_day < years_before(on, COUNTED_YEARS):
        return Fraction(0)
    if last_day >= years_before(on, FULL_WEIGHT_YEARS):
        return Fraction(1)
    return Fraction(1, 2)


@dataclass(frozen=True)
class Result:
    """One player's place in one tournament; ``key`` names the tournament to the caller."""

    key: int
    tournament: Tournament
    place: int

    @property
    def base_rank(self) -> int:
        return base_rank(self.place, self.tournament.players)


@dataclass(frozen=True)
class Counted:
    """A result as the ranking counts it (``result`` is None for a missing one, a zero)."""

    result: Result | None
    base_rank: int
    weight: Fraction  # the tournament's weight times its age factor
    age_factor: Fraction
    in_part_a: bool
    in_part_b: bool


@dataclass(frozen=True)
class Ranking:
    """A player's ranking on a day and what it is made of (best base rank first)."""

    counted: list[Counted]
    part_a: Fraction
    part_b: Fraction

    @property
    def total(self) -> Fraction:
        return (self.part_a + self.part_b) / 2

    @property
    def results(self) -> int:
        return sum(1 for line in self.counted if line.result is not None)


def part_a_size(results: int) -> int:
    """How many of the best results Part A averages: ⌈5 + 0.8 × max(N − 5, 0)⌉."""
    return math.ceil(MINIMUM_RESULTS + Fraction(4, 5) * max(results - MINIMUM_RESULTS, 0))


def _average(lines: Sequence[tuple[int, Fraction]]) -> Fraction:
    weights = sum((weight for _, weight in lines), Fraction(0))
    total = sum((rank * weight for rank, weight in lines), Fraction(0))
    return total / weights if weights else Fraction(0)


def ranking(results: Sequence[Result], *, on: dt.date) -> Ranking | None:
    """The player's MERS ranking on ``on``; None when fewer than two results count."""
    aged = [(result, age_factor(result.tournament.last_day, on)) for result in results]
    aged = [(result, factor) for result, factor in aged if factor]
    if len(aged) < RANKED_FROM:
        return None
    # Best base rank first; equal ones by the heavier, then the more recent, result.
    aged.sort(
        key=lambda pair: (
            -pair[0].base_rank,
            -(pair[0].tournament.weight * pair[1]),
            -pair[0].tournament.last_day.toordinal(),
        )
    )
    lines: list[tuple[Result | None, int, Fraction, Fraction]] = [
        (result, result.base_rank, result.tournament.weight * factor, factor)
        for result, factor in aged
    ]
    missing = MINIMUM_RESULTS - len(lines)
    lines += [(None, 0, Fraction(1), Fraction(1))] * max(missing, 0)
    in_a = part_a_size(len(aged))
    counted = [
        Counted(result, rank, weight, factor, index < in_a, index < PART_B_RESULTS)
        for index, (result, rank, weight, factor) in enumerate(lines)
    ]
    part_a = _average([(line.base_rank, line.weight) for line in counted if line.in_part_a])
    part_b = _average([(line.base_rank, line.weight) for line in counted if line.in_part_b])
    return Ranking(counted, part_a, part_b)
