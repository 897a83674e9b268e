"""Each figure of a player's statistics, fixed on the hand-built season (see conftest)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest

from games.stats import figures
from games.stats.figures import Bar, SessionRow
from games.stats.reads import DateRange, player_stats
from tests.games.stats.conftest import DAYS, League

pytestmark = pytest.mark.django_db


def test_rates_count_hands_across_the_players_sessions(league: League) -> None:
    rates = player_stats(player=league.players["A"], family=league.family).rates
    assert (rates.sessions, rates.hands, rates.wins) == (3, 8, 3)
    # The false win is blamed but is not a deal-in; the discard to E is.
    assert (rates.deal_ins, rates.self_draws) == (1, 1)
    assert rates.win_fraction == Fraction(3, 8)
    assert rates.deal_in_fraction == Fraction(1, 8)
    assert rates.self_draw_fraction == Fraction(1, 8)
    assert rates.net == Decimal(128 - 80 - 512)
    assert rates.net_per_hand == Fraction(-464, 8)


def test_winning_values_average_largest_and_histogram(league: League) -> None:
    stats = player_stats(player=league.players["A"], family=league.family)
    assert stats.rates.average_win_value == Fraction(3 + 5 + 4, 3)
    assert stats.rates.best_win_value == 5
    assert stats.histogram == [Bar(3, 3, 1), Bar(4, 4, 1), Bar(5, 5, 1)]
    b = player_stats(player=league.players["B"], family=league.family)
    assert (b.rates.average_win_value, b.rates.best_win_value) == (5, 6)


def test_net_over_time_best_worst_and_streaks(league: League) -> None:
    stats = player_stats(player=league.players["A"], family=league.family)
    assert stats.net_over_time == [(DAYS[0], 128), (DAYS[1], 48), (DAYS[2], -464)]
    assert stats.best is not None and stats.worst is not None
    assert (stats.best.played_on, stats.best.net) == (DAYS[0], 128)
    assert (stats.worst.played_on, stats.worst.net) == (DAYS[2], -512)
    assert stats.streaks == figures.Streaks(longest_winning=1, longest_losing=2, current=-2)
    b = player_stats(player=league.players["B"], family=league.family)
    assert b.streaks == figures.Streaks(longest_winning=3, longest_losing=0, current=3)


def test_head_to_head_exchanges_sum_to_the_players_net(league: League) -> None:
    opponents = player_stats(player=league.players["A"], family=league.family).opponents
    # (A's net − their net) / 4 in each session played together.
    found = [(o.name, o.sessions, o.net) for o in opponents]
    assert found == [
        ("C", 3, Fraction(50 - 2 - 172)),
        ("B", 3, Fraction(26 - 66 - 168)),
        ("D", 2, Fraction(52 - 172)),
        ("E", 1, Fraction(-12)),
    ]
    assert sum(o.net for o in opponents) == -464


def test_every_pair_nets_to_zero(league: League) -> None:
    exchanged = {
        (me, o.name): o.net
        for me, player in league.players.items()
        for o in player_stats(player=player, family=league.family).opponents
    }
    assert len(exchanged) == 2 * 9  # every pair that met, from both sides
    for (me, other), net in exchanged.items():
        assert net == -exchanged[(other, me)]


def test_the_date_range_narrows_every_figure(league: League) -> None:
    dates = DateRange(date_from=DAYS[1], date_to=DAYS[1])
    stats = player_stats(player=league.players["A"], family=league.family, dates=dates)
    assert (stats.rates.sessions, stats.rates.hands, stats.rates.wins) == (1, 2, 0)
    assert stats.histogram == [] and stats.rates.average_win_value is None
    assert [(o.name, o.net) for o in stats.opponents] == [
        ("C", Fraction(-2)),
        ("E", Fraction(-12)),
        ("B", Fraction(-66)),
    ]


def test_a_family_not_played_has_no_figures(league: League) -> None:
    stats = player_stats(player=league.players["A"], family="mcr")
    assert stats.rates.hands == 0 and stats.rates.win_fraction is None
    assert stats.best is None and stats.opponents == []


def row(day: int, net: int) -> SessionRow:
    return SessionRow(day, dt.date(2026, 1, day), "S", 4, 0, 0, 0, Decimal(net))


def test_a_session_that_breaks_even_ends_a_streak() -> None:
    nets = [5, 3, 0, 2, -1, -4, -2, 7]
    found = figures.streaks([row(day, net) for day, net in enumerate(nets, 1)])
    assert found == figures.Streaks(longest_winning=2, longest_losing=3, current=1)


def test_many_values_fall_into_at_most_twelve_equal_ranges() -> None:
    counts = {8: 3, 9: 1, 24: 2, 88: 1, 64: 1}
    bars = figures.histogram(counts)
    assert len(bars) <= figures.MAX_BARS
    assert {bar.high - bar.low for bar in bars} == {6}  # 81 values, ceil(81 / 12) = 7 each
    assert sum(bar.count for bar in bars) == 8
    assert (bars[0].label, bars[0].count) == ("8–14", 4)
    assert (bars[-1].label, bars[-1].count) == ("85–91", 1)


def test_a_chart_series_is_thinned_evenly_keeping_both_ends() -> None:
    assert figures.thinned(list(range(5)), limit=10) == [0, 1, 2, 3, 4]
    assert figures.thinned(list(range(1001)), limit=11) == list(range(0, 1001, 100))
    long = figures.thinned(list(range(100_000)))
    assert len(long) == figures.CHART_POINTS and long[0] == 0 and long[-1] == 99_999
    assert long == sorted(set(long))
    assert figures.thinned([1, 2, 3], limit=1) == [3] and figures.thinned([1], limit=0) == []
