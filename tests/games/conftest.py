"""Fixtures shared by the league's page and browser tests."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Player, Session


@pytest.fixture
def competition_session(club: Club, players: list[Player], alice: User, bob: User) -> Session:
    """A game under competition seating (the default of a new rule set) after five draws."""
    rules = services.rule_set_create(
        club=club, name="MCR competition", family="mcr", params={"seats": "competition"}, by=alice
    )
    season = services.season_save(club=club, name="MCR competition", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
    for _ in range(5):
        services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)
    return session
