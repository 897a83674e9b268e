"""Every read of teams: a season's or an event's teams with their rosters, and the team
standings, in the family's own terms: each player's points as the family ranks players
(riichi placement points, MCR table points, the others' net points), summed over the team's
players, or over its best ``best_of`` of them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch, QuerySet

from games.events.models import Event, Team, TeamMember
from games.events.selectors import event_standings
from games.models import Season
from games.selectors import StandingRow, season_standings
from scoring.families import Family, get_family
from scoring.families.base import Column

Points = Decimal | Fraction


def team_list(*, season: Season, event: Event | None = None) -> QuerySet[Team]:
    """The season's own teams (``event`` None) or the event's, each with its players: two
    queries."""
    teams = Team.objects.filter(season=season)
    teams = teams.filter(event=event) if event is not None else teams.filter(event__isnull=True)
    members = TeamMember.objects.select_related("player").order_by("player__name")
    return teams.prefetch_related(Prefetch("members", queryset=members))


def team_groups(*, season: Season, event: Event | None = None) -> list[list[int]]:
    """Each team's player ids, for seating teammates apart."""
    teams = team_list(season=season, event=event)
    return [[member.player_id for member in team.members.all()] for team in teams]


def team_field(family: Family) -> str:
    """The standings row field a team sums: the one the family ranks an event by first."""
    return family.ema_columns[0] if family.ema_columns else "net"


def team_column(family: Family) -> Column:
    """How the team's sum is headed and written: as the family's column it sums."""
    field = team_field(family)
    found = next(column for column in family.standings_columns if column.field == field)
    return Column("points", found.label, found.kind)


@dataclass(frozen=True)
class TeamPlayer:
    """One player of a team in the team standings: their points and whether they count."""

    player_id: int
    name: str
    points: Points
    games: int
    counted: bool


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    team: Team
    points: Points
    players: tuple[TeamPlayer, ...]


def season_team_standings(
    *, season: Season, date_from: dt.date | None = None, date_to: dt.date | None = None
) -> list[TeamStanding]:
    """The season's teams ranked by their players' season results (between ``date_from``
    and ``date_to``, inclusive, when given)."""
    rows = season_standings(season=season, date_from=date_from, date_to=date_to)
    return _standings(team_list(season=season), rows, get_family(season.rule_set.family))


def event_team_standings(*, event: Event) -> list[TeamStanding]:
    """The event's teams ranked by their players' results in the event."""
    rows = event_standings(event=event)
    teams = team_list(season=event.season, event=event)
    return _standings(teams, rows, get_family(event.rule_set.family))


def _standings(teams: Any, rows: list[StandingRow], family: Family) -> list[TeamStanding]:
    source = team_field(family)
    by_player = {row.player_id: row for row in rows}
    unranked = [_team(team, by_player, source) for team in teams]
    unranked.sort(key=lambda entry: (-entry[1], entry[0].name.casefold()))
    ranked: list[TeamStanding] = []
    for index, (team, points, players) in enumerate(unranked):
        tied = ranked and ranked[-1].points == points
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(TeamStanding(rank, team, points, players))
    return ranked


def _team(
    team: Team, by_player: dict[int, StandingRow], source: str
) -> tuple[Team, Points, tuple[TeamPlayer, ...]]:
    results = []
    for member in team.members.all():
        row = by_player.get(member.player_id)
        points: Points = getattr(row, source) if row is not None else Decimal(0)
        results.append((member.player, points, row.sessions if row is not None else 0))
    results.sort(key=lambda result: (-result[1], result[0].name.casefold()))
    counted = len(results) if team.best_of is None else team.best_of
    players = tuple(
        TeamPlayer(player.pk, player.name, points, games, index < counted)
        for index, (player, points, games) in enumerate(results)
    )
    counted_points = [player.points for player in players if player.counted]
    if source == "net":  # net points are decimals; table and placement points fractions
        return team, sum((Decimal(str(points)) for points in counted_points), Decimal(0)), players
    return team, sum((Fraction(points) for points in counted_points), Fraction(0)), players
