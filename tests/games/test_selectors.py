"""Selectors: reads in a fixed number of queries, in the order pages show them."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from games import selectors, services
from games.models import Club, Player, Season


def test_sessions_are_listed_newest_first_with_their_hand_counts(
    club: Club, season: Season, players: list[Player], alice: User
) -> None:
    days = [dt.date(2026, 3, 9), dt.date(2026, 3, 16), dt.date(2026, 3, 11)]
    for day in days:
        session = services.session_start(season=season, played_on=day, players=players, by=alice)
        services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
    listed = list(selectors.session_list(club=club))
    assert [s.played_on for s in listed] == sorted(days, reverse=True)
    assert [s.hand_count for s in listed] == [1, 1, 1]
