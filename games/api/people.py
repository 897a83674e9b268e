"""People across clubs: one person's profile as the caller may see it, and everyone rated
in the visible clubs ranked together (``games.stats.federation``). Both carry an ETag."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import Http404
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from games.api.common import DateRangeQuery, parse
from games.api.stats import (
    FAMILY_CHOICES,
    MODEL_PARAMETERS,
    NOT_MODIFIED,
    FiguresSerializer,
    SkillSerializer,
    conditional,
)
from games.stats.federation import PersonRank, federation_table, federation_version
from games.stats.profile import (
    ClubPart,
    FamilyLine,
    profile,
    profile_version,
    visible_players,
)
from games.stats.ratings import Skill
from games.stats.reads import DateRange
from scoring.families import FAMILIES

# A person's profile


class PersonFamilySerializer(serializers.Serializer[Any]):
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    figures = FiguresSerializer(source="rates", help_text="Within the date range.")
    rating = SkillSerializer(allow_null=True, help_text="As it stands: every date counts.")
    rated_sessions = serializers.IntegerField()


class PersonClubSerializer(serializers.Serializer[Any]):
    club = serializers.SlugField()
    club_name = serializers.CharField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    families = PersonFamilySerializer(many=True, help_text="Most played first.")


class PersonSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    clubs = PersonClubSerializer(
        many=True, help_text="Each club that links the account and that the caller may see."
    )


def _skill(skill: Skill | None) -> dict[str, Any] | None:
    if skill is None:
        return None
    return {**vars(skill), "conservative": skill.conservative, "provisional": skill.provisional}


def _line(line: FamilyLine) -> dict[str, Any]:
    return {**vars(line), "rating": _skill(line.rating)}


def _club(part: ClubPart) -> dict[str, Any]:
    player = part.player
    return {
        "club": player.club.slug,
        "club_name": player.club.name,
        "player": player.pk,
        "player_name": player.name,
        "families": [_line(line) for line in part.lines],
    }


class PersonApi(APIView):
    @extend_schema(
        operation_id="people_retrieve",
        tags=["people"],
        summary="One person across the clubs the caller may see, within a date range",
        parameters=[DateRangeQuery],
        responses={200: PersonSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, username: str) -> HttpResponseBase:
        account = get_object_or_404(User, username=username, is_active=True)
        criteria = parse(DateRangeQuery, request.query_params)
        dates = DateRange(criteria.get("date_from"), criteria.get("date_to"))
        if not visible_players(person=account, viewer=request.user):
            raise Http404(_("No such person."))  # their existence stays hidden
        seen = profile_version(person=account, viewer=request.user)
        version = f"{seen}:{dates.date_from}.{dates.date_to}"

        def answer() -> Any:
            parts = profile(person=account, viewer=request.user, dates=dates)
            data = {
                "username": account.username,
                "date_from": dates.date_from,
                "date_to": dates.date_to,
                "clubs": [_club(part) for part in parts],
            }
            return PersonSerializer(data).data

        return conditional(request, version, answer)


# Everyone across clubs


class PeopleFilters(serializers.Serializer[Any]):
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    min_games = serializers.IntegerField(required=False, min_value=0, max_value=1_000_000)


class PersonRankSerializer(SkillSerializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    club = serializers.SlugField(help_text="The club of the person's best rating.")
    player = serializers.IntegerField(help_text="Their player in that club.")
    sessions = serializers.IntegerField(help_text="Sessions rated in every visible club.")
    clubs = serializers.IntegerField(help_text="Visible clubs the person is rated in.")


class PeopleSerializer(serializers.Serializer[Any]):
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    min_games = serializers.IntegerField()
    model = serializers.DictField(
        child=serializers.FloatField(), help_text="openskill Plackett–Luce parameters."
    )
    rows = PersonRankSerializer(many=True, help_text="Highest best μ − 3σ first.")


def _rank(rank: int, row: PersonRank) -> dict[str, Any]:
    return {
        **(_skill(row.skill) or {}),
        "rank": rank,
        "username": row.username,
        "club": row.club.slug,
        "player": row.player_id,
        "sessions": row.sessions,
        "clubs": row.clubs,
    }


class PeopleApi(APIView):
    @extend_schema(
        operation_id="people_list",
        tags=["people"],
        summary="Everyone rated in the clubs the caller may see, ranked by their best rating",
        parameters=[
            OpenApiParameter("family", OpenApiTypes.STR, required=True, enum=list(FAMILIES)),
            OpenApiParameter(
                "min_games", OpenApiTypes.INT, description="Leave out fewer sessions rated."
            ),
        ],
        responses={200: PeopleSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request) -> HttpResponseBase:
        criteria = parse(PeopleFilters, request.query_params)
        family, min_games = criteria["family"], criteria.get("min_games", 0)
        version = f"{federation_version(viewer=request.user, family=family)}:{min_games}"

        def answer() -> Any:
            rows = federation_table(viewer=request.user, family=family, min_games=min_games)
            data = {
                "family": family,
                "min_games": min_games,
                "model": MODEL_PARAMETERS,
                "rows": [_rank(rank, row) for rank, row in enumerate(rows, start=1)],
            }
            return PeopleSerializer(data).data

        return conditional(request, version, answer)
