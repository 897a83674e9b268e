"""A riichi event of sixteen players for the events tests, built through the services."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import services as core
from games.events import services
from games.events.models import Event
from games.models import Club, Player, Season

EMA = {"preset": "ema"}
NAMES = [f"Player {letter}" for letter in "ABCDEFGHIJKLMNOP"]


def family_season(club: Club, alice: User, family: str, params: dict[str, Any]) -> Season:
    rules = core.rule_set_create(
        club=club, name=f"{family} rules", family=family, params=params, by=alice
    )
    return core.season_save(club=club, name=f"{family} season", rule_set=rules)


def event_with_players(
    club: Club, season: Season, count: int = 16, **settings: Any
) -> tuple[Event, list[Player]]:
    event = services.event_create(
        club=club,
        season=season,
        rule_set=season.rule_set,
        settings=services.EventSettings(name="Autumn open", **settings),
    )
    players = [core.player_create(club=club, name=name) for name in NAMES[:count]]
    services.event_players_add(event=event, players=players)
    return event, players
