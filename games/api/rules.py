"""Rule sets with their versions, seasons, and a season's standings."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.api.common import ListFilters, filter_parameters, filtered, page_response, parse
from games.api.fields import JSONObjectField, PointsField, RatioField
from games.api.pagination import page_of
from games.api.permissions import access_to
from games.models import RuleSet, RuleSetVersion, Season
from scoring.families import FAMILIES, EngineError, get_family


def describe_params(family: str, params: dict[str, Any]) -> str:
    try:
        return get_family(family).describe_params(params)
    except (EngineError, KeyError, TypeError, ValueError):
        return "unreadable parameters"


class RuleSetVersionSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    params = JSONObjectField(help_text="The family's parameters, exactly as stored.")
    description = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_description(self, version: RuleSetVersion) -> str:
        return describe_params(version.rule_set.family, version.params)


class RuleSetSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    name = serializers.CharField()
    family = serializers.ChoiceField(choices=[(key, f.label) for key, f in FAMILIES.items()])
    family_label = serializers.SerializerMethodField()
    versions = RuleSetVersionSerializer(many=True, help_text="Newest first.")
    created_at = serializers.DateTimeField()

    def get_family_label(self, rule_set: RuleSet) -> str:
        return FAMILIES[rule_set.family].label


def _rule_sets() -> QuerySet[RuleSet]:
    versions = RuleSetVersion.objects.select_related("rule_set").order_by("-number")
    return RuleSet.objects.select_related("club").prefetch_related(
        Prefetch("versions", queryset=versions)
    )


class RuleSetListApi(APIView):
    @extend_schema(
        operation_id="rule_sets_list",
        tags=["rule sets"],
        parameters=filter_parameters("club"),
        responses=page_of(RuleSetSerializer),
    )
    def get(self, request: Request) -> Response:
        rule_sets = filtered(request, _rule_sets(), {}, "club")
        return page_response(request, rule_sets, ("id",), RuleSetSerializer)


class RuleSetDetailApi(APIView):
    @extend_schema(
        operation_id="rule_sets_retrieve", tags=["rule sets"], responses=RuleSetSerializer
    )
    def get(self, request: Request, rule_set_id: int) -> Response:
        rule_set = get_object_or_404(_rule_sets(), pk=rule_set_id)
        access_to(request, rule_set.club)
        return Response(RuleSetSerializer(rule_set).data)


class SeasonSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    name = serializers.CharField()
    rule_set = serializers.IntegerField(source="rule_set_id", help_text="The default rule set.")
    family = serializers.CharField(source="rule_set.family")
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)
    created_at = serializers.DateTimeField()


def _seasons() -> QuerySet[Season]:
    return Season.objects.select_related("club", "rule_set")


def get_season(request: Request, season_id: int) -> Season:
    season = get_object_or_404(_seasons(), pk=season_id)
    access_to(request, season.club)
    return season


class SeasonListApi(APIView):
    @extend_schema(
        operation_id="seasons_list",
        tags=["seasons"],
        parameters=filter_parameters("club"),
        responses=page_of(SeasonSerializer),
    )
    def get(self, request: Request) -> Response:
        seasons = filtered(request, _seasons(), {}, "club")
        return page_response(request, seasons, ("id",), SeasonSerializer)


class SeasonDetailApi(APIView):
    @extend_schema(operation_id="seasons_retrieve", tags=["seasons"], responses=SeasonSerializer)
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonSerializer(get_season(request, season_id)).data)


class StandingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_fraction = RatioField()
    blames = serializers.IntegerField()
    blame_fraction = RatioField()
    self_draws = serializers.IntegerField()
    false_wins = serializers.IntegerField()
    net = PointsField()
    net_per_game = RatioField()
    sessions = serializers.IntegerField(help_text="Sessions (games of MCR, evenings) played.")
    deal_ins = serializers.IntegerField(help_text="Hands lost by discarding the winning tile.")
    deal_in_fraction = RatioField()
    self_draw_fraction = RatioField()
    average_winning_value = RatioField(help_text="Average value (fan, points) of the wins.")
    table_points = RatioField(help_text="MCR: 4/2/1/0 per session, ties shared.")
    fries = serializers.IntegerField(help_text="Big Two: games fried (炒).")
    fry_fraction = RatioField()
    real_losses = serializers.IntegerField(help_text="Big Two: losses after frying.")
    real_losses_per_game = RatioField()
    is_regular = serializers.BooleanField(help_text="Played at least a quarter of the games.")
    east_hands = serializers.IntegerField(help_text="Classical: hands played as East.")
    best_east_run = serializers.IntegerField(allow_null=True, help_text="Classical: longest run.")
    declarations = serializers.IntegerField(
        help_text="Hands in which the player declared a ready hand with a stake."
    )
    declaration_fraction = RatioField()
    placement_points = RatioField(
        help_text="Families that place each session as a game: the placement points summed."
    )
    average_place = RatioField(help_text="The player's mean place (1 best) over those games.")


class StandingsSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    family = serializers.CharField()
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    min_games = serializers.IntegerField()
    columns = serializers.ListField(
        child=serializers.CharField(),
        help_text="The row fields this family's standings show, in the order to show them.",
    )
    rows = StandingRowSerializer(many=True, help_text="Highest net per game first, then by name.")


class StandingsFilters(ListFilters):
    min_games = serializers.IntegerField(required=False, min_value=0, max_value=1_000_000)


MIN_GAMES = OpenApiParameter(
    "min_games", OpenApiTypes.INT, description="Leave out players with fewer games."
)


RATIOS = (
    "win_fraction",
    "blame_fraction",
    "net_per_game",
    "deal_in_fraction",
    "self_draw_fraction",
    "average_winning_value",
    "fry_fraction",
    "real_losses_per_game",
    "declaration_fraction",
    "average_place",
)


def _row(rank: int, row: selectors.StandingRow) -> dict[str, Any]:
    return {"rank": rank, **vars(row), **{name: getattr(row, name) for name in RATIOS}}


class SeasonStandingsApi(APIView):
    @extend_schema(
        operation_id="seasons_standings",
        tags=["seasons"],
        summary="A season's standings (one report, not paginated: one row per player)",
        parameters=[*filter_parameters("date_from", "date_to", paged=False), MIN_GAMES],
        responses={
            200: StandingsSerializer,
            304: OpenApiResponse(description="Unchanged since the ETag sent in If-None-Match."),
        },
    )
    def get(self, request: Request, season_id: int) -> HttpResponseBase:
        season = get_season(request, season_id)
        criteria = parse(StandingsFilters, request.query_params)
        filters = {
            "date_from": criteria.get("date_from"),
            "date_to": criteria.get("date_to"),
            "min_games": criteria.get("min_games", 0),
        }
        # A polling tool that has this version gets 304 without the standings computed.
        version = selectors.season_standings_version(season=season, **filters)
        etag = quote_etag(f"{version}:{season.rule_set.family}:{request.accepted_renderer.format}")
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return not_modified
        response = Response(self._data(season, criteria))
        response["ETag"] = etag
        return response

    def _data(self, season: Season, criteria: dict[str, Any]) -> Any:
        rows = selectors.season_standings(
            season=season,
            date_from=criteria.get("date_from"),
            date_to=criteria.get("date_to"),
            min_games=criteria.get("min_games", 0),
        )
        family = get_family(season.rule_set.family)
        data = {
            "season": season.pk,
            "family": family.key,
            "date_from": criteria.get("date_from"),
            "date_to": criteria.get("date_to"),
            "min_games": criteria.get("min_games", 0),
            "columns": [column.field for column in family.standings_columns],
            "rows": [_row(rank, row) for rank, row in enumerate(rows, start=1)],
        }
        return StandingsSerializer(data).data
