"""A hand-built Hong Kong season whose every figure is worked out by hand in the tests.

Half rules, base 2. Nets per session (the engine's payments):

- 1 June, seats A B C D: A self-draws 3 faan, B wins 4 off C, a draw, A wins 5 off D
  → A +128, B +24, C −72, D −80
- 8 June, seats E A C B: E wins 3 off A, B self-draws 6 → E −32, A −80, C −72, B +184
- 15 June, seats A B C D: A wins 4 off B, A's false win → A −512, B +160, C +176, D +176
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Player, Season, Session
from tests.conftest import HK_HALF

DAYS = (dt.date(2026, 6, 1), dt.date(2026, 6, 8), dt.date(2026, 6, 15))
SESSIONS: list[tuple[dt.date, str, list[dict[str, Any]]]] = [
    (
        DAYS[0],
        "ABCD",
        [
            {"outcome": "self_drawn", "winner": 0, "faan": 3},
            {"outcome": "discard", "winner": 1, "faan": 4, "blamed": 2},
            {"outcome": "draw"},
            {"outcome": "discard", "winner": 0, "faan": 5, "blamed": 3},
        ],
    ),
    (
        DAYS[1],
        "EACB",
        [
            {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 1},
            {"outcome": "self_drawn", "winner": 3, "faan": 6},
        ],
    ),
    (
        DAYS[2],
        "ABCD",
        [
            {"outcome": "discard", "winner": 0, "faan": 4, "blamed": 1},
            {"outcome": "false_win", "blamed": 0},
        ],
    ),
]


@dataclass
class League:
    club: Club
    season: Season
    players: dict[str, Player]
    sessions: list[Session]
    family: str = "hk"


@pytest.fixture
def league(club: Club, alice: User) -> League:
    return build_league(club, alice)


def build_league(club: Club, alice: User) -> League:
    rules = services.rule_set_create(
        club=club, name="Half rules", family="hk", params=HK_HALF, by=alice
    )
    season = services.season_save(club=club, name="Summer", rule_set=rules)
    players = {name: services.player_create(club=club, name=name) for name in "ABCDE"}
    sessions = []
    for day, seating, hands in SESSIONS:
        session = services.session_start(
            season=season, played_on=day, players=[players[n] for n in seating], by=alice
        )
        for hand in hands:
            services.hand_record(session=session, hand_input=hand, by=alice)
        sessions.append(session)
    return League(club, season, players, sessions)
