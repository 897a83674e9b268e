"""Teams over the API: a season's or an event's teams with their rosters and their team
standings (a season's over a date range, as its standings take one; reads carry an ETag),
and the organiser's writes through the teams services (``games.events.team_services``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.common import DateRangeQuery, parse
from games.api.events import LARGEST_ID, conditional_body, get_event
from games.api.fields import PointsField, RatioField
from games.api.permissions import ORGANISER, access_to
from games.api.rules import get_season
from games.api.stats import NOT_MODIFIED
from games.events import team_selectors as selectors
from games.events import team_services as services
from games.events.models import Event, Team
from games.events.team_services import MAX_TEAM_PLAYERS
from games.models import Player, Season
from scoring.families import get_family

TAGS = ["teams"]


class TeamMemberSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")


class TeamSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    season = serializers.IntegerField(source="season_id")
    event = serializers.IntegerField(
        source="event_id", allow_null=True, help_text="Null for a team of the whole season."
    )
    name = serializers.CharField()
    best_of = serializers.IntegerField(
        allow_null=True, help_text="The team counts its best this many players; null: all."
    )
    players = TeamMemberSerializer(
        source="members.all", many=True, help_text="The roster, by name."
    )


def _teams(season: Season, event: Event | None) -> Any:
    return TeamSerializer(
        selectors.team_list(season=season, event=event).select_related("club"), many=True
    ).data


def _team(request: Request, team_id: int, *, role: str | None = None) -> Team:
    """A team of a club the caller may read (404 otherwise), at ``role`` or above (403)."""
    team = get_object_or_404(Team.objects.select_related("club", "season", "event"), pk=team_id)
    access_to(request, team.club, role=role)
    return team


class TeamInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=60)
    best_of = serializers.IntegerField(
        min_value=1,
        max_value=MAX_TEAM_PLAYERS,
        allow_null=True,
        default=None,
        help_text="Count the team's best this many players only; null: all of them.",
    )
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID),
        max_length=MAX_TEAM_PLAYERS,
        default=list,
        help_text="Ids of the club's players (an event's team: its registered players).",
    )


class TeamPatchInput(TeamInput):
    name = serializers.CharField(max_length=60, required=False)
    best_of = serializers.IntegerField(
        min_value=1, max_value=MAX_TEAM_PLAYERS, allow_null=True, required=False
    )
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID),
        max_length=MAX_TEAM_PLAYERS,
        required=False,
        help_text="The whole new roster: players left out leave the team.",
    )


def _players(club_id: int, wanted: list[int]) -> list[Player]:
    found = Player.objects.filter(club_id=club_id).in_bulk(wanted)
    missing = [pk for pk in wanted if pk not in found]
    if missing:
        raise serializers.ValidationError(
            {"players": [_("No player %(pk)s in this club.") % {"pk": missing[0]}]}
        )
    return [found[pk] for pk in wanted]


def _create(request: Request, season: Season, event: Event | None) -> Response:
    access_to(request, season.club, role=ORGANISER)
    data = parse(TeamInput, request.data)
    settings = services.TeamSettings(
        name=data["name"],
        best_of=data["best_of"],
        players=_players(season.club_id, data["players"]),
    )
    team = services.team_create(season=season, event=event, settings=settings)
    return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class SeasonTeamListApi(APIView):
    @extend_schema(
        operation_id="seasons_teams_list",
        tags=TAGS,
        summary="The season's own teams with their rosters (not an event's teams)",
        responses={200: TeamSerializer(many=True), 304: NOT_MODIFIED},
    )
    def get(self, request: Request, season_id: int) -> HttpResponseBase:
        return conditional_body(request, _teams(get_season(request, season_id), None))


class SeasonTeamCreateApi(APIView):
    @extend_schema(
        operation_id="seasons_teams_create",
        tags=TAGS,
        summary="Add a team to the season (organisers)",
        request=TeamInput,
        responses={201: TeamSerializer},
    )
    def post(self, request: Request, season_id: int) -> Response:
        return _create(request, get_season(request, season_id), None)


class EventTeamListApi(APIView):
    @extend_schema(
        operation_id="events_teams_list",
        tags=TAGS,
        summary="The event's teams with their rosters",
        responses={200: TeamSerializer(many=True), 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        event = get_event(request, event_id)
        return conditional_body(request, _teams(event.season, event))


class EventTeamCreateApi(APIView):
    @extend_schema(
        operation_id="events_teams_create",
        tags=TAGS,
        summary="Add a team to the event, of its registered players (organisers)",
        request=TeamInput,
        responses={201: TeamSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_event(request, event_id, role=ORGANISER)
        return _create(request, event.season, event)


class TeamDetailApi(APIView):
    @extend_schema(
        operation_id="teams_retrieve",
        tags=TAGS,
        summary="A team and its roster",
        responses={200: TeamSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, team_id: int) -> HttpResponseBase:
        return conditional_body(request, TeamSerializer(_team(request, team_id)).data)


class TeamUpdateApi(APIView):
    @extend_schema(
        operation_id="teams_partial_update",
        tags=TAGS,
        summary="Rename a team, change its best-of or its roster (organisers)",
        request=TeamPatchInput,
        responses={200: TeamSerializer},
    )
    def patch(self, request: Request, team_id: int) -> Response:
        team = _team(request, team_id, role=ORGANISER)
        data = parse(TeamPatchInput, request.data)
        players = (
            _players(team.club_id, data["players"])
            if "players" in data
            else [member.player for member in team.members.select_related("player")]
        )
        settings = services.TeamSettings(
            name=data.get("name", team.name),
            best_of=data.get("best_of", team.best_of),
            players=players,
        )
        team = services.team_update(team=team, settings=settings)
        return Response(TeamSerializer(team).data)


class TeamDeleteApi(APIView):
    @extend_schema(
        operation_id="teams_destroy",
        tags=TAGS,
        summary="Delete a team; its players are free to join another (organisers)",
        responses={204: None},
    )
    def delete(self, request: Request, team_id: int) -> Response:
        services.team_delete(team=_team(request, team_id, role=ORGANISER))
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamPlayerRowSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.CharField(allow_null=True, help_text="The player's points, exact.")
    games = serializers.IntegerField(help_text="Sessions played (an event: its tables only).")
    counted = serializers.BooleanField(help_text="Whether the team counts them (best-of).")


class TeamRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(help_text="Ties share a rank.")
    team = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.CharField(allow_null=True, help_text="The sum of the counted points.")
    players = TeamPlayerRowSerializer(many=True)


class TeamStandingsSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    event = serializers.IntegerField(allow_null=True)
    family = serializers.CharField()
    summed = serializers.CharField(
        help_text="The standings column summed: placement_points (riichi), table_points "
        "(MCR), net (the others)."
    )
    rows = TeamRowSerializer(many=True, help_text="Best first.")


class SeasonTeamStandingsSerializer(TeamStandingsSerializer):
    date_from = serializers.DateField(allow_null=True, help_text="Null: from the first session.")
    date_to = serializers.DateField(allow_null=True, help_text="Null: to the last session.")


def _standings_body(
    season: Season, event: Event | None, dates: dict[str, dt.date | None] | None = None
) -> Any:
    """The team standings of ``event``, else of ``season`` over ``dates`` (``date_from``,
    ``date_to``, inclusive; each None for no bound), which the body repeats."""
    family = get_family((event or season).rule_set.family)
    if event is not None:
        standings = selectors.event_team_standings(event=event)
    else:
        standings = selectors.season_team_standings(season=season, **(dates or {}))
    column = selectors.team_column(family)
    text: Any = PointsField() if column.kind in ("points", "signed") else RatioField()
    rows = [
        {
            "rank": entry.rank,
            "team": entry.team.pk,
            "name": entry.team.name,
            "points": text.to_representation(entry.points),
            "players": [
                {
                    "player": player.player_id,
                    "name": player.name,
                    "points": text.to_representation(player.points),
                    "games": player.games,
                    "counted": player.counted,
                }
                for player in entry.players
            ],
        }
        for entry in standings
    ]
    summed = selectors.team_field(family)
    data = {
        "season": season.pk,
        "event": event.pk if event else None,
        "family": family.key,
        "summed": summed,
        "rows": rows,
    }
    if dates is None:
        return TeamStandingsSerializer(data).data
    return SeasonTeamStandingsSerializer(data | dates).data


class SeasonTeamStandingsApi(APIView):
    @extend_schema(
        operation_id="seasons_team_standings",
        tags=TAGS,
        summary="The season's teams ranked by their players' points (or their best N), "
        "over a date range when given",
        parameters=[DateRangeQuery],
        responses={200: SeasonTeamStandingsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, season_id: int) -> HttpResponseBase:
        season = get_season(request, season_id)
        criteria = parse(DateRangeQuery, request.query_params)
        dates = {key: criteria.get(key) for key in ("date_from", "date_to")}
        return conditional_body(request, _standings_body(season, None, dates))


class EventTeamStandingsApi(APIView):
    @extend_schema(
        operation_id="events_team_standings",
        tags=TAGS,
        summary="The event's teams ranked by their players' points in the event",
        responses={200: TeamStandingsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        event = get_event(request, event_id)
        return conditional_body(request, _standings_body(event.season, event))
