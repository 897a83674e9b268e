"""Fixtures shared by the league's page and browser tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Player, Session
from tests.games.sqlite_site import sqlite_site_env


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


@pytest.fixture
def sqlite_env(tmp_path: Path, migrated_sqlite: Callable[[Path], Path]) -> dict[str, str]:
    """The environment of the site's processes on a migrated SQLite file of the test's own."""
    return sqlite_site_env(migrated_sqlite(tmp_path / "league.sqlite3"))
