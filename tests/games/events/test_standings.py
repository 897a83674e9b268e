"""Event standings in each family's own terms, from the kept totals of the event's tables."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services as core
from games.events import selectors, services
from games.events.models import Event, Round
from games.models import Club, Season, SessionSeatTotal
from games.selectors import StandingRow
from scoring.families import get_family
from tests.conftest import HK_HALF
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.riichi_hanchan import HANDS, PLACEMENT_POINTS

T0 = dt.datetime(2026, 11, 28, 19, 0, tzinfo=dt.UTC)
# HK, half rules: seat 1 wins 2 faan off seat 2's discard.
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
DRAW = {"outcome": "draw"}


def first_round(event: Event, alice: User) -> Round:
    return services.round_publish(
        event=event, method="fewest_meetings", seed="s", byes=False, by=alice
    )


def record(round_: Round, table: int, hands: list[dict[str, object]], alice: User) -> list[str]:
    """Record ``hands`` at one table; the names of its seats in wind order."""
    at = selectors.round_tables(round=round_)[table]
    for hand in hands:
        core.hand_record(session=at.session, hand_input=hand, by=alice)
    return [seat.name for seat in at.seats]


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    return family_season(club, alice, "riichi", EMA)


def test_riichi_standings_rank_by_placement_points(club: Club, riichi: Season, alice: User) -> None:
    event, _ = event_with_players(club, riichi)
    names = record(first_round(event, alice), 0, HANDS, alice)
    rows = {row.name: row for row in selectors.event_standings(event=event)}
    assert {name: rows[name].placement_points for name in names} == dict(
        zip(names, PLACEMENT_POINTS, strict=True)
    )
    ranked = [row.name for row in selectors.event_standings(event=event)]
    by_points = sorted(names, key=lambda name: -PLACEMENT_POINTS[names.index(name)])
    assert ranked == by_points


def test_a_net_family_ranks_by_net_and_counts_only_the_events_tables(
    club: Club, alice: User, players: list[object]
) -> None:
    hk = family_season(club, alice, "hk", HK_HALF)
    event, _ = event_with_players(club, hk, count=8)
    names = record(first_round(event, alice), 0, [DISCARD], alice)
    # A session of the same season outside the event does not count.
    outside = core.session_start(
        season=hk,
        played_on=dt.date(2026, 11, 1),
        players=players,
        by=alice,  # type: ignore[arg-type]
    )
    core.hand_record(session=outside, hand_input=DISCARD, by=alice)
    rows = selectors.event_standings(event=event)
    assert [(row.name, row.net) for row in rows][:1] == [(names[1], Decimal(16))]
    assert {row.name for row in rows} == set(names)


def test_withheld_results_wait_for_every_table_of_the_round(
    club: Club, riichi: Season, alice: User
) -> None:
    event, _ = event_with_players(club, riichi, withhold_results=True)
    round_ = first_round(event, alice)
    record(round_, 0, HANDS, alice)
    core.session_set_status(
        session=selectors.round_tables(round=round_)[0].session, status="closed"
    )
    assert selectors.event_standings(event=event) == []
    services.round_finish(round=round_, now=T0)
    assert len(selectors.event_standings(event=event)) == 4


def row(player_id: int, name: str, net: int) -> StandingRow:
    return StandingRow(
        player_id=player_id,
        name=name,
        games=4,
        wins=1,
        blames=1,
        self_draws=0,
        false_wins=0,
        fries=0,
        real_losses=0,
        net=Decimal(net),
    )


def test_the_best_game_breaks_a_tie_on_net_before_the_name() -> None:
    family = get_family("hk")
    rows = [row(1, "Ann", 16), row(2, "Bea", 16), row(3, "Cy", 20)]
    by_name = selectors.standings_ordered(rows=rows, family=family, best={})
    assert [r.name for r in by_name] == ["Cy", "Ann", "Bea"]
    best = {1: Decimal(8), 2: Decimal(16), 3: Decimal(4)}
    by_best = selectors.standings_ordered(rows=rows, family=family, best=best)
    assert [r.name for r in by_best] == ["Cy", "Bea", "Ann"]


def test_an_event_of_a_net_family_ranks_by_net_not_net_per_hand() -> None:
    """A table that gets through more hands does not dilute its players' results."""
    family = get_family("hk")
    busy = StandingRow(
        player_id=1,
        name="Ann",
        games=10,
        wins=3,
        blames=1,
        self_draws=0,
        false_wins=0,
        fries=0,
        real_losses=0,
        net=Decimal(30),
    )
    ordered = selectors.standings_ordered(rows=[busy, row(2, "Bea", 20)], family=family, best={})
    assert [r.name for r in ordered] == ["Ann", "Bea"]


def test_the_standings_cost_the_same_queries_after_more_rounds(
    club: Club, riichi: Season, alice: User
) -> None:
    event, _ = event_with_players(club, riichi, tie_break=Event.TieBreak.BEST_SESSION)
    round_ = first_round(event, alice)
    record(round_, 0, HANDS, alice)
    counted = queries(Event.objects.get(pk=event.pk))
    services.round_finish(round=round_, now=T0)
    record(first_round(Event.objects.get(pk=event.pk), alice), 1, HANDS, alice)
    assert queries(Event.objects.get(pk=event.pk)) == counted == 4


def queries(event: Event) -> int:
    with CaptureQueriesContext(connection) as captured:
        selectors.event_standings(event=event)
    return len(captured)


@pytest.mark.parametrize(
    ("tie_break", "expected"),
    [
        # Game 1: B wins 16 off C; game 2: A wins 16 off B; game 3: a draw, all at 0.
        (Event.TieBreak.BEST_SESSION, {"A": 16, "B": 16, "C": 0, "D": 0}),
        (Event.TieBreak.BEST_WORST, {"A": -4, "B": -8, "C": -8, "D": -4}),
        (Event.TieBreak.MOST_FIRSTS, {"A": 2, "B": 2, "C": 1, "D": 1}),
        (Event.TieBreak.FAMILY, {}),
    ],
)
def test_each_tie_break_compares_its_own_value_of_the_games(
    club: Club, alice: User, players: list[Any], tie_break: str, expected: dict[str, int]
) -> None:
    season = family_season(club, alice, "hk", HK_HALF)
    a, b, c, d = players
    for seated, hand in (([a, b, c, d], DISCARD), ([c, a, b, d], DISCARD), ([a, b, c, d], DRAW)):
        session = core.session_start(
            season=season, played_on=dt.date(2026, 11, 1), players=seated, by=alice
        )
        core.hand_record(session=session, hand_input=hand, by=alice)
    totals = SessionSeatTotal.objects.filter(season=season)
    values = selectors.tie_break_values(Event(tie_break=tie_break), totals)
    names = {player.pk: player.name for player in players}
    assert {names[pk]: value for pk, value in values.items()} == expected
