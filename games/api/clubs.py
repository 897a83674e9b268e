"""Clubs and their players, with each player's statistics."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import (
    CharField,
    Max,
    OuterRef,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.api.common import DateRangeQuery, page_response, parse
from games.api.fields import PointsField, RatioField
from games.api.filters import PlayerFilter, filter_parameters, filtered
from games.api.pagination import list_parameters, page_of
from games.api.permissions import ORGANISER, access_to, readable_clubs
from games.models import Club, Membership, Player, SessionSeatTotal
from games.names import name_key


class ClubSerializer(serializers.Serializer[Any]):
    slug = serializers.SlugField()
    name = serializers.CharField()
    visibility = serializers.ChoiceField(choices=Club.Visibility.choices)
    your_role = serializers.ChoiceField(
        choices=Membership.Role.choices, allow_null=True, help_text="Null when not a member."
    )
    created_at = serializers.DateTimeField()


def _with_role(clubs: QuerySet[Club], request: Request) -> QuerySet[Club]:
    user = request.user
    if not user.is_authenticated:
        return clubs.annotate(your_role=Value(None, output_field=CharField()))
    role = Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
    return clubs.annotate(your_role=Subquery(role))


class ClubListApi(APIView):
    @extend_schema(
        operation_id="clubs_list",
        tags=["clubs"],
        summary="Clubs you may read",
        parameters=list_parameters(),
        responses=page_of(ClubSerializer),
    )
    def get(self, request: Request) -> Response:
        clubs = _with_role(readable_clubs(request), request)
        return page_response(request, clubs, ("id",), ClubSerializer)


class ClubDetailApi(APIView):
    @extend_schema(operation_id="clubs_retrieve", tags=["clubs"], responses=ClubSerializer)
    def get(self, request: Request, slug: str) -> Response:
        access = access_to(request, slug)
        access.club.your_role = access.role  # type: ignore[attr-defined]
        return Response(ClubSerializer(access.club).data)


class PlayerSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    name = serializers.CharField()
    ema_number = serializers.CharField(
        help_text="The player's EMA number (8 digits); empty when the player has none."
    )
    has_account = serializers.SerializerMethodField()
    aliases = serializers.SerializerMethodField(
        help_text="The player's other names, which imports and the name filter match too."
    )
    created_at = serializers.DateTimeField()

    def get_has_account(self, player: Player) -> bool:
        return player.user_id is not None

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_aliases(self, player: Player) -> list[str]:
        return [alias.name for alias in player.aliases.all()]


def get_player(request: Request, player_id: int, *, role: str | None = None) -> Player:
    """A player of a club the caller may read, checked as the club's pages check it (at
    ``role`` or above: 403 otherwise)."""
    players = Player.objects.select_related("club").prefetch_related("aliases")
    player = get_object_or_404(players, pk=player_id)
    access_to(request, player.club, role=role)
    return player


class PlayerListApi(APIView):
    @extend_schema(
        operation_id="players_list",
        tags=["players"],
        parameters=filter_parameters(PlayerFilter),
        responses=page_of(PlayerSerializer),
    )
    def get(self, request: Request) -> Response:
        players = Player.objects.select_related("club").prefetch_related("aliases")
        players = filtered(PlayerFilter, request, players)
        return page_response(request, players, ("id",), PlayerSerializer)


class PlayerDetailApi(APIView):
    @extend_schema(operation_id="players_retrieve", tags=["players"], responses=PlayerSerializer)
    def get(self, request: Request, player_id: int) -> Response:
        return Response(PlayerSerializer(get_player(request, player_id)).data)


class AliasInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=Player.NAME_LENGTH)


def _player_body(player_id: int) -> Any:
    players = Player.objects.select_related("club").prefetch_related("aliases")
    return PlayerSerializer(players.get(pk=player_id)).data


class PlayerAliasAddApi(APIView):
    @extend_schema(
        operation_id="players_alias_add",
        tags=["players"],
        summary="Give a player another name (organisers)",
        description="Refused when the name is already the player's, or a name or alias of "
        "another player of the club (names compare case- and width-insensitively).",
        request=AliasInput,
        responses={201: PlayerSerializer},
    )
    def post(self, request: Request, player_id: int) -> Response:
        player = get_player(request, player_id, role=ORGANISER)
        services.player_alias_add(player=player, name=parse(AliasInput, request.data)["name"])
        return Response(_player_body(player.pk), status=status.HTTP_201_CREATED)


class PlayerAliasRemoveApi(APIView):
    @extend_schema(
        operation_id="players_alias_remove",
        tags=["players"],
        summary="Take one of a player's other names away (organisers)",
        parameters=[
            OpenApiParameter("name", str, required=True, description="The alias, as names compare.")
        ],
        responses={200: PlayerSerializer},
    )
    def delete(self, request: Request, player_id: int) -> Response:
        player = get_player(request, player_id, role=ORGANISER)
        name = parse(AliasInput, {"name": request.query_params.get("name", "")})["name"]
        alias = player.aliases.filter(key=name_key(name)).first()
        if alias is None:
            message = _("%(player)s has no other name %(name)s.")
            raise NotFound(message % {"player": player.name, "name": repr(name)})
        services.player_alias_remove(alias=alias)
        return Response(_player_body(player.pk))


class StatsFiguresSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField(help_text="Hands played.")
    wins = serializers.IntegerField()
    win_fraction = RatioField()
    blames = serializers.IntegerField(help_text="Hands dealt in, paid for or falsely won.")
    blame_fraction = RatioField()
    self_draws = serializers.IntegerField()
    false_wins = serializers.IntegerField()
    fried = serializers.IntegerField(help_text="Big Two hands with the most cards left.")
    best_hand = serializers.IntegerField(allow_null=True, help_text="Highest winning value.")
    net = PointsField()
    net_per_game = RatioField()


class SeasonStatsSerializer(StatsFiguresSerializer):
    season = serializers.IntegerField()
    season_name = serializers.CharField()


class PlayerStatsSerializer(serializers.Serializer[Any]):
    player = PlayerSerializer()
    totals = StatsFiguresSerializer()
    seasons = SeasonStatsSerializer(many=True)


class ClubStatsQuery(DateRangeQuery):
    season = serializers.IntegerField(
        required=False, min_value=1, max_value=2**62, help_text="Only this season (id)."
    )


def _kept(figure: str) -> Coalesce:
    return Coalesce(Sum(figure), 0)


# Sums of the kept per-seat session totals (games.totals): one row per session played.
FIGURES: dict[str, Any] = {
    "games": _kept("hands"),
    "wins": _kept("wins"),
    "blames": _kept("blames"),
    "self_draws": _kept("self_draws"),
    "false_wins": _kept("false_wins"),
    "fried": _kept("fries"),
    "best_hand": Max("best_win_value"),
    "net": Sum("net"),
}


def _with_fractions(row: dict[str, Any]) -> dict[str, Any]:
    games = row["games"]
    row["net"] = row["net"] if row["net"] is not None else Decimal(0)
    row["win_fraction"] = Fraction(row["wins"], games) if games else None
    row["blame_fraction"] = Fraction(row["blames"], games) if games else None
    row["net_per_game"] = Fraction(row["net"]) / games if games else None
    return row


class PlayerStatsApi(APIView):
    @extend_schema(
        operation_id="players_stats",
        tags=["players"],
        summary="A player's statistics, in total and per season",
        parameters=[ClubStatsQuery],
        responses=PlayerStatsSerializer,
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = get_player(request, player_id)
        criteria = parse(ClubStatsQuery, request.query_params)
        scores = SessionSeatTotal.objects.filter(player=player)
        if "season" in criteria:
            scores = scores.filter(season_id=criteria["season"])
        if "date_from" in criteria:
            scores = scores.filter(played_on__gte=criteria["date_from"])
        if "date_to" in criteria:
            scores = scores.filter(played_on__lte=criteria["date_to"])
        totals = _with_fractions(scores.aggregate(**FIGURES))
        seasons = [
            _with_fractions({**row, "season": row["season_id"], "season_name": row["season__name"]})
            for row in scores.values("season_id", "season__name")
            .annotate(**FIGURES)
            .order_by("season_id")
        ]
        data = {"player": player, "totals": totals, "seasons": seasons}
        return Response(PlayerStatsSerializer(data).data)
