"""Rule sets with their versions, seasons, and a season's standings."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.api.common import DateRangeQuery, page_response, parse
from games.api.fields import JSONObjectField
from games.api.filters import ClubListFilter, filter_parameters, filtered
from games.api.pagination import page_of
from games.api.permissions import access_to
from games.api.standings import standings_row, standings_schema, standings_serializer
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
        parameters=filter_parameters(ClubListFilter),
        responses=page_of(RuleSetSerializer),
    )
    def get(self, request: Request) -> Response:
        rule_sets = filtered(ClubListFilter, request, _rule_sets())
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
        parameters=filter_parameters(ClubListFilter),
        responses=page_of(SeasonSerializer),
    )
    def get(self, request: Request) -> Response:
        seasons = filtered(ClubListFilter, request, _seasons())
        return page_response(request, seasons, ("id",), SeasonSerializer)


class SeasonDetailApi(APIView):
    @extend_schema(operation_id="seasons_retrieve", tags=["seasons"], responses=SeasonSerializer)
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonSerializer(get_season(request, season_id)).data)


class StandingsQuery(DateRangeQuery):
    min_games = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=1_000_000,
        help_text="Leave out players with fewer games.",
    )


class SeasonStandingsApi(APIView):
    @extend_schema(
        operation_id="seasons_standings",
        tags=["seasons"],
        summary="A season's standings (one report, not paginated: one row per player)",
        parameters=[StandingsQuery],
        responses={
            200: standings_schema(),
            304: OpenApiResponse(description="Unchanged since the ETag sent in If-None-Match."),
        },
    )
    def get(self, request: Request, season_id: int) -> HttpResponseBase:
        season = get_season(request, season_id)
        criteria = parse(StandingsQuery, request.query_params)
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
            "rows": [standings_row(rank, row, family) for rank, row in enumerate(rows, start=1)],
        }
        return standings_serializer(family.key)(data).data
