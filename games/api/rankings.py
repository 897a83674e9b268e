"""The EMA ranking (MERS) across the clubs the caller may see (``games.events.mers``): each
person's ranking, its two parts and the results it is made of, and the events counted. The
answer carries an ETag of its content (304 on If-None-Match), as the events' reads do."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from django.http.response import HttpResponseBase
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from games.api.common import parse
from games.api.events import conditional_body
from games.api.stats import NOT_MODIFIED
from games.events.mers import PersonRanking, RankedEvent, mers_families, mers_table, ranked_events
from scoring import mers

FORMULA = (
    "MERS (mahjong-europe.org/ranking/Basicsranking.html): base rank ⌊1000(n − p)/(n − 1)⌋; "
    "weight = days (≤ 3) + players (> 40: ½, > 80: 1) + countries (6–9: ½, ≥ 10: 1) "
    "+ qualification (1), × 1 up to a year old, × ½ up to two years; fewer than five results "
    "filled with 0 of weight 1; part A = weighted average of the best ⌈5 + 0.8 max(N − 5, 0)⌉, "
    "part B = of the best four; ranking = (A + B) / 2."
)


def _decimal(value: Fraction, places: int) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


class RankingQuery(serializers.Serializer[Any]):
    family = serializers.ChoiceField(
        choices=[], help_text="A family the EMA ranks (MCR or riichi)."
    )
    on = serializers.DateField(required=False, help_text="The day of reckoning; today if left out.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["family"].choices = mers_families()  # type: ignore[attr-defined]


class RankedEventSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField()
    name = serializers.CharField()
    last_day = serializers.DateField()
    days = serializers.IntegerField()
    players = serializers.IntegerField(help_text="Those in its standings.")
    countries = serializers.IntegerField(help_text="Country codes of its players' EMA numbers.")
    weight = serializers.DecimalField(max_digits=6, decimal_places=2)
    age_factor = serializers.DecimalField(max_digits=3, decimal_places=2)


class ResultSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField(allow_null=True, help_text="Null for a missing result (0).")
    place = serializers.IntegerField(allow_null=True)
    base_rank = serializers.IntegerField()
    weight = serializers.DecimalField(
        max_digits=6, decimal_places=2, help_text="The event's weight times its age factor."
    )
    in_part_a = serializers.BooleanField()
    in_part_b = serializers.BooleanField()


class PersonRankingSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    name = serializers.CharField(help_text="Their account's name, or their player's name.")
    ema_number = serializers.CharField(allow_blank=True)
    club = serializers.SlugField(help_text="The club of their latest counted result.")
    player = serializers.IntegerField(help_text="Their player in that club.")
    ranking = serializers.DecimalField(max_digits=8, decimal_places=4)
    part_a = serializers.DecimalField(max_digits=8, decimal_places=4)
    part_b = serializers.DecimalField(max_digits=8, decimal_places=4)
    results = ResultSerializer(many=True, help_text="Best base rank first.")


class RankingSerializer(serializers.Serializer[Any]):
    family = serializers.CharField()
    on = serializers.DateField()
    formula = serializers.CharField()
    events = RankedEventSerializer(many=True, help_text="The events counted, latest first.")
    rows = PersonRankingSerializer(many=True, help_text="Highest ranking first.")


def _event(entry: RankedEvent) -> dict[str, Any]:
    return {
        "id": entry.event.pk,
        "club": entry.event.club.slug,
        "name": entry.event.name,
        **{key: getattr(entry.tournament, key) for key in ("last_day", "days", "players")},
        "countries": entry.tournament.countries,
        "weight": _decimal(entry.tournament.weight, 2),
        "age_factor": _decimal(entry.age_factor, 2),
    }


def _result(line: mers.Counted) -> dict[str, Any]:
    return {
        "event": line.result.key if line.result else None,
        "place": line.result.place if line.result else None,
        "base_rank": line.base_rank,
        "weight": _decimal(line.weight, 2),
        "in_part_a": line.in_part_a,
        "in_part_b": line.in_part_b,
    }


def _row(rank: int, row: PersonRanking) -> dict[str, Any]:
    ranking = row.ranking
    return {
        "rank": rank,
        "name": row.person.name,
        "ema_number": row.person.ema_number,
        "club": row.person.player.club.slug,
        "player": row.person.player.pk,
        "ranking": _decimal(ranking.total, 4),
        "part_a": _decimal(ranking.part_a, 4),
        "part_b": _decimal(ranking.part_b, 4),
        "results": [_result(line) for line in ranking.counted],
    }


class RankingApi(APIView):
    @extend_schema(
        operation_id="rankings_retrieve",
        tags=["people"],
        summary="The EMA ranking (MERS) from the finished events of the clubs the caller may see",
        parameters=[RankingQuery],
        responses={200: RankingSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request) -> HttpResponseBase:
        criteria = parse(RankingQuery, request.query_params)
        family = criteria["family"]
        on = criteria.get("on") or timezone.localdate()
        rows = mers_table(viewer=request.user, family=family, on=on)
        data = {
            "family": family,
            "on": on,
            "formula": FORMULA,
            "events": [_event(e) for e in ranked_events(viewer=request.user, family=family, on=on)],
            "rows": [_row(rank, row) for rank, row in enumerate(rows, 1)],
        }
        return conditional_body(request, RankingSerializer(data).data)
