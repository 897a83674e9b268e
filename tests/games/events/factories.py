"""A riichi event of sixteen players for the events tests, built through the services."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import services as core
from games.events import selectors, services
from games.events.models import Event
from games.models import Club, Player, Season
from tests.conftest import HK_HALF
from tests.games.riichi_hanchan import HANDS

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


def hk_event(club: Club, alice: User) -> Event:
    """An event of a family EMA does not rank (HK faan), with no players."""
    season = family_season(club, alice, "hk", HK_HALF)
    settings = services.EventSettings(name="HK night")
    return services.event_create(
        club=club, season=season, rule_set=season.rule_set, settings=settings
    )


def played_riichi_event(club: Club, alice: User) -> tuple[Event, list[str]]:
    """A riichi event whose first table played the spec's hanchan (the names of its seats in
    wind order); the winner (North) and the third (West) have EMA numbers."""
    event, _ = event_with_players(club, family_season(club, alice, "riichi", EMA))
    round_ = services.round_publish(event=event, method="random", seed="s", byes=False, by=alice)
    table = selectors.round_tables(round=round_)[0]
    for hand in HANDS:
        core.hand_record(session=table.session, hand_input=hand, by=alice)
    names = [seat.name for seat in table.seats]
    for name, number in ((names[3], "04120002"), (names[2], "08000117")):
        player = Player.objects.get(club=club, name=name)
        core.player_update(player=player, name=name, ema_number=number)
    return event, names
