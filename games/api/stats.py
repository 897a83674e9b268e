"""A player's statistics per rule family, their head-to-head, and a club's ratings table.

Each answer carries an ETag naming the version of what it reads (the kept totals and
ratings it sums), so a polling tool gets 304 without the figures computed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

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
from games.api.clubs import get_player
from games.api.common import DateRangeQuery, parse
from games.api.fields import PointsField, RatioField
from games.api.permissions import access_to
from games.models import Player, Season
from games.snapshot import consistent_read
from games.stats import ratings
from games.stats.reads import (
    DateRange,
    PlayerStats,
    opponents_version,
    player_head_to_head,
    player_stats,
    player_stats_version,
    rating_history,
    ratings_table,
    ratings_version,
)
from scoring.families import FAMILIES, get_family

FAMILY_CHOICES = [(key, family.label) for key, family in FAMILIES.items()]
NOT_MODIFIED = OpenApiResponse(description="Unchanged since the ETag sent in If-None-Match.")


def opaque_etag(version: str) -> str:
    """An ETag for ``version``, whatever it holds: a version names players (whose names may
    hold commas and quotes, which an If-None-Match list would split on), so it is hashed."""
    return quote_etag(hashlib.sha256(version.encode()).hexdigest()[:32])


def conditional(request: Request, version: str, answer: Callable[[], Any]) -> HttpResponseBase:
    """304 when the caller's If-None-Match names ``version``; else ``answer()`` with its ETag."""
    etag = opaque_etag(f"{version}:{request.accepted_renderer.format}")
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    response = Response(answer())
    response["ETag"] = etag
    return response


class StatsQuery(DateRangeQuery):
    family = serializers.ChoiceField(
        choices=FAMILY_CHOICES, required=False, help_text="Only this rule family."
    )


def _dates(criteria: dict[str, Any]) -> DateRange:
    return DateRange(criteria.get("date_from"), criteria.get("date_to"))


def _families(player: Player, criteria: dict[str, Any]) -> list[str]:
    played = selectors.player_families(player=player)
    wanted = criteria.get("family")
    return [wanted] if wanted else played


# Player statistics


class FiguresSerializer(serializers.Serializer[Any]):
    sessions = serializers.IntegerField()
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    deal_ins = serializers.IntegerField(help_text="Hands lost by discarding the winning tile.")
    self_draws = serializers.IntegerField()
    win_fraction = RatioField(help_text="Wins per hand.")
    deal_in_fraction = RatioField()
    self_draw_fraction = RatioField()
    average_win_value = RatioField(help_text="Average value (faan, fan, points) of the wins.")
    best_win_value = serializers.IntegerField(allow_null=True, help_text="The largest win.")
    net = PointsField()
    net_per_hand = RatioField()


class BarSerializer(serializers.Serializer[Any]):
    low = serializers.IntegerField()
    high = serializers.IntegerField(help_text="Inclusive; equal to low for a single value.")
    count = serializers.IntegerField()


class SessionResultSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session_id")
    played_on = serializers.DateField()
    season = serializers.CharField()
    hands = serializers.IntegerField()
    net = PointsField()


class StreaksSerializer(serializers.Serializer[Any]):
    longest_winning = serializers.IntegerField(help_text="Sessions in a row with net above 0.")
    longest_losing = serializers.IntegerField()
    current = serializers.IntegerField(help_text="Positive: sessions won in a row; negative: lost.")


class SkillSerializer(serializers.Serializer[Any]):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    conservative = serializers.FloatField(help_text="μ − 3σ, what tables rank by.")
    provisional = serializers.BooleanField(
        help_text="σ is still above a regular player's after 10 sessions (about 6.8)."
    )


class RatingPointSerializer(SkillSerializer):
    session = serializers.IntegerField(source="session_id")
    played_on = serializers.DateField()
    sessions = serializers.IntegerField(help_text="Sessions rated so far, this one included.")


class LargestWinSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session_id")
    hand = serializers.IntegerField(source="hand_id")
    played_on = serializers.DateField()
    value = serializers.IntegerField(source="hand_value")
    patterns = serializers.ListField(
        child=serializers.DictField(),
        help_text="The hand's patterns where its tiles were evaluated; else empty.",
    )


class FamilyStatsSerializer(serializers.Serializer[Any]):
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    value_label = serializers.CharField(help_text="The unit of winning values: faan, fan, …")
    figures = FiguresSerializer()
    histogram = BarSerializer(many=True, help_text="Winning values: one bar per value or range.")
    sessions = SessionResultSerializer(many=True, help_text="In play order: net over time.")
    best = SessionResultSerializer(allow_null=True)
    worst = SessionResultSerializer(allow_null=True)
    streaks = StreaksSerializer()
    largest_win = LargestWinSerializer(allow_null=True)
    rating = RatingPointSerializer(allow_null=True, help_text="The latest: every date counts.")
    rating_history = RatingPointSerializer(many=True)


class PlayerFamilyStatsSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    families = FamilyStatsSerializer(many=True, help_text="Most played first.")


def _rating_point(rating: Any) -> dict[str, Any]:
    skill = ratings.Skill(rating.mu, rating.sigma)
    return {
        **vars(skill),
        "conservative": skill.conservative,
        "provisional": skill.provisional,
        "session_id": rating.session_id,
        "played_on": rating.played_on,
        "sessions": rating.sessions,
    }


def _largest(stats: PlayerStats) -> dict[str, Any] | None:
    if stats.largest is None:
        return None
    score = stats.largest
    return {
        "session_id": score.session_id,
        "hand_id": score.hand_id,
        "played_on": score.played_on,
        "hand_value": score.hand_value,
        "patterns": stats.largest_patterns,
    }


@consistent_read
def _family_stats(player: Player, family: str, dates: DateRange) -> dict[str, Any]:
    stats = player_stats(player=player, family=family, dates=dates)
    history = [_rating_point(r) for r in rating_history(player=player, family=family)]
    return {
        "family": family,
        "value_label": get_family(family).value_label,
        "figures": stats.rates,
        "histogram": stats.histogram,
        "sessions": stats.sessions,
        "best": stats.best,
        "worst": stats.worst,
        "streaks": stats.streaks,
        "largest_win": _largest(stats),
        "rating": history[-1] if history else None,
        "rating_history": history,
    }


class PlayerFamilyStatsApi(APIView):
    @extend_schema(
        operation_id="players_family_stats",
        tags=["players"],
        summary="A player's figures in each rule family played, within a date range",
        parameters=[StatsQuery],
        responses={200: PlayerFamilyStatsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, player_id: int) -> HttpResponseBase:
        player = get_player(request, player_id)
        criteria = parse(StatsQuery, request.query_params)
        version = f"{player_stats_version(player=player)}:{sorted(criteria.items())}"
        return conditional(request, version, lambda: self._data(player, criteria))

    def _data(self, player: Player, criteria: dict[str, Any]) -> Any:
        dates = _dates(criteria)
        data = {
            "player": player.pk,
            "date_from": dates.date_from,
            "date_to": dates.date_to,
            "families": [_family_stats(player, f, dates) for f in _families(player, criteria)],
        }
        return PlayerFamilyStatsSerializer(data).data


# Head to head


class OpponentSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    sessions = serializers.IntegerField(help_text="Sessions played together.")
    net = RatioField(help_text="Net exchanged: Σ (player's net − opponent's net) / seats.")


class FamilyHeadToHeadSerializer(serializers.Serializer[Any]):
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    opponents = OpponentSerializer(many=True, help_text="Most sessions together first.")


class HeadToHeadSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    families = FamilyHeadToHeadSerializer(many=True)


class PlayerHeadToHeadApi(APIView):
    @extend_schema(
        operation_id="players_head_to_head",
        tags=["players"],
        summary="What a player exchanged with each opponent (each pair nets to zero)",
        parameters=[StatsQuery],
        responses={200: HeadToHeadSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, player_id: int) -> HttpResponseBase:
        player = get_player(request, player_id)
        criteria = parse(StatsQuery, request.query_params)
        figures = player_stats_version(player=player)
        mates = opponents_version(player=player)
        version = f"h2h:{figures}:{mates}:{sorted(criteria.items())}"
        return conditional(request, version, lambda: self._data(player, criteria))

    def _data(self, player: Player, criteria: dict[str, Any]) -> Any:
        dates = _dates(criteria)
        families = [
            {"family": f, "opponents": player_head_to_head(player=player, family=f, dates=dates)}
            for f in _families(player, criteria)
        ]
        data = {**vars(dates), "player": player.pk, "families": families}
        return HeadToHeadSerializer(data).data


# Ratings


class RatingsFilters(serializers.Serializer[Any]):
    club = serializers.SlugField(help_text="The club's slug.")
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    season = serializers.IntegerField(required=False, min_value=1, max_value=2**62)
    min_games = serializers.IntegerField(required=False, min_value=0, max_value=1_000_000)


class RatingRowSerializer(SkillSerializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    sessions = serializers.IntegerField(help_text="Sessions rated in the season (or club).")
    played_on = serializers.DateField(help_text="The day of the session last rated.")


class RatingsSerializer(serializers.Serializer[Any]):
    club = serializers.SlugField()
    family = serializers.ChoiceField(choices=FAMILY_CHOICES)
    season = serializers.IntegerField(allow_null=True)
    min_games = serializers.IntegerField()
    model = serializers.DictField(
        child=serializers.FloatField(), help_text="openskill Plackett–Luce parameters."
    )
    rows = RatingRowSerializer(many=True, help_text="Highest μ − 3σ first.")


MODEL_PARAMETERS = {
    "mu": ratings.MODEL.mu,
    "sigma": ratings.MODEL.sigma,
    "beta": ratings.MODEL.beta,
    "tau": ratings.MODEL.tau,
    "kappa": ratings.MODEL.kappa,
}


def _rating_row(rank: int, row: Any) -> dict[str, Any]:
    skill = row.skill
    extra = {"conservative": skill.conservative, "provisional": skill.provisional}
    return {**vars(row), **vars(skill), **extra, "rank": rank}


class RatingsApi(APIView):
    @extend_schema(
        operation_id="ratings_list",
        tags=["ratings"],
        summary="A club's ratings in one rule family, for every season or one",
        parameters=[
            OpenApiParameter("club", OpenApiTypes.STR, required=True, description="The club."),
            OpenApiParameter("family", OpenApiTypes.STR, required=True, enum=list(FAMILIES)),
            OpenApiParameter("season", OpenApiTypes.INT, description="As after this season."),
            OpenApiParameter(
                "min_games", OpenApiTypes.INT, description="Leave out fewer sessions rated."
            ),
        ],
        responses={200: RatingsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request) -> HttpResponseBase:
        criteria = parse(RatingsFilters, request.query_params)
        club = access_to(request, criteria["club"]).club
        season = None
        if "season" in criteria:
            season = get_object_or_404(Season, club=club, pk=criteria["season"])
        family, min_games = criteria["family"], criteria.get("min_games", 0)
        version = f"{ratings_version(club=club, family=family)}:{season and season.pk}:{min_games}"

        def answer() -> Any:
            rows = ratings_table(club=club, family=family, season=season, min_games=min_games)
            data = {
                "club": club.slug,
                "family": family,
                "season": season.pk if season else None,
                "min_games": min_games,
                "model": MODEL_PARAMETERS,
                "rows": [_rating_row(rank, row) for rank, row in enumerate(rows, start=1)],
            }
            return RatingsSerializer(data).data

        return conditional(request, version, answer)
