"""The EMA ranking (MERS) against hand computations from the published formula
(scoring/engine/mers.py states it, with its source)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from scoring.engine import mers

ON = dt.date(2026, 11, 28)  # the day of reckoning


def test_base_rank_is_the_share_of_the_field_beaten_rounded_down() -> None:
    assert mers.base_rank(1, 100) == 1000
    assert mers.base_rank(100, 100) == 0
    assert mers.base_rank(75, 100) == 252  # the EMA's own example: 1000 × 25 / 99 = 252.5…
    assert mers.base_rank(3, 16) == 866  # 1000 × 13 / 15 = 866.6…
    with pytest.raises(ValueError, match="place 5 is not among 4 players"):
        mers.base_rank(5, 4)


@pytest.mark.parametrize(
    ("days", "players", "countries", "qualification", "weight"),
    [
        (1, 40, 5, False, Fraction(1)),  # the least: one day, nothing more
        (2, 41, 6, False, Fraction(3)),  # 2 + ½ + ½
        (3, 80, 9, False, Fraction(4)),  # 3 + ½ + ½
        (3, 81, 10, True, Fraction(6)),  # 3 + 1 + 1 + 1
        (5, 12, 1, False, Fraction(3)),  # five days count as three
    ],
)
def test_a_tournament_weighs_its_days_players_countries_and_qualification(
    days: int, players: int, countries: int, qualification: bool, weight: Fraction
) -> None:
    tournament = mers.Tournament(ON, days, players, countries, qualification)
    assert tournament.weight == weight


def test_a_result_counts_in_full_for_a_year_half_for_the_next_and_not_after() -> None:
    assert mers.age_factor(ON, ON) == 1
    assert mers.age_factor(dt.date(2025, 11, 28), ON) == 1  # exactly a year old
    assert mers.age_factor(dt.date(2025, 11, 27), ON) == Fraction(1, 2)
    assert mers.age_factor(dt.date(2024, 11, 28), ON) == Fraction(1, 2)  # exactly two years
    assert mers.age_factor(dt.date(2024, 11, 27), ON) == 0
    assert mers.age_factor(dt.date(2026, 11, 29), ON) == 0  # after the day of reckoning
    assert mers.years_before(dt.date(2028, 2, 29), 1) == dt.date(2027, 2, 28)
    # The calendar's first days: nothing before them (no error).
    assert mers.years_before(dt.date(2, 3, 1), 2) == dt.date.min
    assert mers.age_factor(dt.date(1, 1, 1), dt.date(1, 6, 1)) == 1


def result(key: int, last_day: dt.date, days: int, players: int, countries: int, place: int,
           qualification: bool = False) -> mers.Result:  # fmt: skip
    tournament = mers.Tournament(last_day, days, players, countries, qualification)
    return mers.Result(key, tournament, place)


def test_the_worked_example_equals_the_hand_computation() -> None:
    """Five tournaments of different sizes and ages, on 28 November 2026."""
    results = [
        # 1: 10 October 2026 (full weight), 2 days, 48 players, 4 countries:
        #    weight 2 + ½ = 5/2; 3rd of 48: ⌊1000 × 45/47⌋ = ⌊957.4⌋ = 957.
        result(1, dt.date(2026, 10, 10), 2, 48, 4, place=3),
        # 2: 1 March 2026 (full weight), 1 day, 24 players, 1 country:
        #    weight 1; 12th of 24: ⌊1000 × 12/23⌋ = ⌊521.7⌋ = 521.
        result(2, dt.date(2026, 3, 1), 1, 24, 1, place=12),
        # 3: 15 June 2025 (over a year: half), 3 days, 90 players, 12 countries, qualified:
        #    weight 3 + 1 + 1 + 1 = 6, halved: 3; 30th of 90: ⌊1000 × 60/89⌋ = ⌊674.2⌋ = 674.
        result(3, dt.date(2025, 6, 15), 3, 90, 12, place=30, qualification=True),
        # 4: 10 January 2025 (half), 2 days, 60 players, 7 countries:
        #    weight 2 + ½ + ½ = 3, halved: 3/2; 40th of 60: ⌊1000 × 20/59⌋ = ⌊338.98⌋ = 338.
        result(4, dt.date(2025, 1, 10), 2, 60, 7, place=40),
        # 5: 1 June 2024, over two years old: not counted (its win would have been 1000).
        result(5, dt.date(2024, 6, 1), 1, 16, 1, place=1),
    ]
    ranking = mers.ranking(results, on=ON)
    assert ranking is not None
    # Four results count, so one missing result is a 0 of weight 1; best first:
    # 957 (5/2), 674 (3), 521 (1), 338 (3/2), 0 (1).
    assert [(line.base_rank, line.weight) for line in ranking.counted] == [
        (957, Fraction(5, 2)),
        (674, Fraction(3)),
        (521, Fraction(1)),
        (338, Fraction(3, 2)),
        (0, Fraction(1)),
    ]
    assert [line.result.key if line.result else None for line in ranking.counted] == [
        1, 3, 2, 4, None,
    ]  # fmt: skip
    # Part A, all five (⌈5 + 0.8 × 0⌉ = 5):
    #   (957 × 2.5 + 674 × 3 + 521 × 1 + 338 × 1.5 + 0 × 1) / (2.5 + 3 + 1 + 1.5 + 1)
    #   = (2392.5 + 2022 + 521 + 507 + 0) / 9 = 5442.5 / 9 = 604.7222…
    assert ranking.part_a == Fraction(54425, 90)
    # Part B, the best four: 5442.5 / (2.5 + 3 + 1 + 1.5) = 5442.5 / 8 = 680.3125
    assert ranking.part_b == Fraction(6803125, 10000)
    # The ranking: (604.7222… + 680.3125) / 2 = 642.5173611…
    assert ranking.total == (Fraction(54425, 90) + Fraction(6803125, 10000)) / 2
    assert round(float(ranking.total), 4) == 642.5174
    assert ranking.results == 4


def test_from_ten_results_part_a_leaves_out_the_worst_of_each_five() -> None:
    # Eleven one-day tournaments of 10 players a month apart, all within the year: weight 1.
    # Places 1 to 10, then 10th again: base ranks 1000, 888, 777, 666, 555, 444, 333, 222,
    # 111, 0, 0 (⌊1000 × (10 − p) / 9⌋).
    places = [*range(1, 11), 10]
    results = [
        result(n, ON - dt.timedelta(days=30 * n), 1, 10, 1, place=p)
        for n, p in enumerate(places, 1)
    ]
    ranking = mers.ranking(results, on=ON)
    assert ranking is not None
    # Part A averages the best ⌈5 + 0.8 × 6⌉ = ⌈9.8⌉ = 10: 4996 / 10 = 499.6.
    assert mers.part_a_size(11) == 10
    assert sum(line.in_part_a for line in ranking.counted) == 10
    assert ranking.part_a == Fraction(4996, 10)
    # Part B: (1000 + 888 + 777 + 666) / 4 = 832.75; the ranking (499.6 + 832.75) / 2.
    assert ranking.part_b == Fraction(83275, 100)
    assert ranking.total == Fraction(666175, 1000)


def test_a_player_needs_two_counted_results_to_be_ranked() -> None:
    one = [result(1, ON, 1, 8, 1, place=1)]
    assert mers.ranking(one, on=ON) is None
    # A second result too old to count does not help.
    assert mers.ranking([*one, result(2, dt.date(2020, 1, 1), 1, 8, 1, 1)], on=ON) is None
    two = mers.ranking([*one, result(2, ON, 1, 8, 1, place=8)], on=ON)
    assert two is not None
    # 1000 and 0 of weight 1, three missing zeros: A = 1000 / 5 = 200, B = 1000 / 4 = 250.
    assert (two.part_a, two.part_b, two.total) == (200, 250, 225)
