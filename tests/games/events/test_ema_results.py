"""The EMA results export: rank, name, EMA number, points and score, for MCR and riichi
events only, on the event page and over the API."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.events import selectors
from games.events.models import Event
from games.models import Club
from tests.games.events.factories import hk_event, played_riichi_event
from tests.games.riichi_hanchan import PLACEMENT_POINTS


@pytest.fixture
def played(club: Club, alice: User) -> tuple[Event, list[str]]:
    return played_riichi_event(club, alice)


def test_the_csv_ranks_by_placement_points_with_the_ema_numbers(
    client: Client, played: tuple[Event, list[str]]
) -> None:
    event, names = played
    answer = client.get(f"/c/dragons/events/{event.pk}/ema-results.csv")
    assert answer.status_code == 200
    assert "ema-results.csv" in answer["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == ["Rank", "Name", "EMA number", "Points", "Score"]
    by_points = sorted(range(4), key=lambda seat: -PLACEMENT_POINTS[seat])
    numbers = {names[3]: "04120002", names[2]: "08000117"}
    assert [row[:4] for row in rows[1:5]] == [
        [str(rank), names[seat], numbers.get(names[seat], ""), str(PLACEMENT_POINTS[seat])]
        for rank, seat in enumerate(by_points, 1)
    ]
    # The score is the points won at the table, as the standings count them.
    standings = {row.name: row.net for row in selectors.event_standings(event=event)}
    assert {row[1]: row[4] for row in rows[1:5]} == {
        name: format(standings[name].normalize(), "f") for name in names
    }
    # Like the standings, the ranking holds those who have played.
    assert len(rows) == 5


def test_the_event_page_links_it_only_for_mcr_and_riichi(
    client: Client, played: tuple[Event, list[str]], club: Club, alice: User
) -> None:
    event, _ = played
    assert "ema-results.csv" in client.get(f"/c/dragons/events/{event.pk}/").content.decode()
    hk = hk_event(club, alice)
    assert "ema-results.csv" not in client.get(f"/c/dragons/events/{hk.pk}/").content.decode()
    assert client.get(f"/c/dragons/events/{hk.pk}/ema-results.csv").status_code == 404
