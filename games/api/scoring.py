"""Scoring without recording: evaluate a hand from its tiles, or preview a settlement."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.fields import JSONObjectField, PointsField
from games.api.permissions import access_to
from games.models import RuleSet
from scoring.evaluation import evaluate_hand, evaluation_families
from scoring.families import FAMILIES, EngineError, Family, get_family

SEAT_NAMES = ["East", "South", "West", "North"]


def engine_fields(error: EngineError, prefix: str) -> serializers.ValidationError:
    """An engine error as a field error under ``prefix`` (``hand.winning_tile``)."""
    field = error.field
    if field in {"family", "preset", "rules"}:
        return serializers.ValidationError(
            {"family" if field == "rules" else field: [error.message]}
        )
    return serializers.ValidationError({f"{prefix}.{field}" if field else prefix: [error.message]})


class EvaluateInputSerializer(serializers.Serializer[Any]):
    family = serializers.CharField(
        max_length=40,
        help_text="A family that scores hands from tiles: "
        + ", ".join(
            f"{name} (presets: {', '.join(presets)})"
            for name, presets in evaluation_families().items()
        )
        + ".",
    )
    preset = serializers.CharField(
        required=False, max_length=40, help_text="The family's variant; its default if left out."
    )
    hand = JSONObjectField(help_text="A hand object as in docs/hand-format.md.")


class CountedPatternSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    name_zh = serializers.CharField()
    value = serializers.IntegerField()
    count = serializers.IntegerField()


class EvaluationSerializer(serializers.Serializer[Any]):
    """docs/hand-format.md's result object. A family may add figures of its own beyond these (a
    han-counting family: han, fu, yakuman, limit_name, fu_details, payments)."""

    ok = serializers.BooleanField()
    family = serializers.CharField()
    preset = serializers.CharField()
    total = serializers.JSONField(
        help_text="In the family's unit, bonus tiles included: a whole number, or an exact "
        'fraction as text ("333/2") where classical rules halve a score.'
    )
    total_without_bonus = serializers.JSONField()
    unit = serializers.CharField(help_text='What the total counts: "points", "fan", "han".')
    meets_minimum = serializers.BooleanField()
    limit = serializers.BooleanField()
    patterns = CountedPatternSerializer(many=True)
    arrangement = serializers.ListField(child=serializers.CharField())

    def to_representation(self, instance: Any) -> Any:
        """The engine's result object: these fields, then any figures of the family's own
        beyond hand-json's (for han-counting rules: han, fu, limit_name, payments…), as
        ``mahjong-score evaluate`` prints them."""
        data = super().to_representation(instance)
        data.update((key, value) for key, value in instance.items() if key not in data)
        return data


class EvaluateApi(APIView):
    writes = False  # computes only: anyone may call it, read-only tokens too

    @extend_schema(
        operation_id="evaluate",
        tags=["scoring"],
        summary="Evaluate a winning hand from its tiles (docs/hand-format.md)",
        request=EvaluateInputSerializer,
        responses=EvaluationSerializer,
    )
    def post(self, request: Request) -> Response:
        serializer = EvaluateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            result = evaluate_hand(data["hand"], data["family"], data.get("preset"))
        except EngineError as error:
            raise engine_fields(error, "hand") from error
        return Response(EvaluationSerializer(result).data)


class SettleInputSerializer(serializers.Serializer[Any]):
    rule_set = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=2**62,
        help_text="Settle under this rule set's latest version (instead of family and params).",
    )
    family = serializers.ChoiceField(
        choices=[(key, family.label) for key, family in FAMILIES.items()], required=False
    )
    params = JSONObjectField(
        required=False, help_text="The family's parameters; its defaults if left out."
    )
    hand = JSONObjectField(help_text="The hand in the family's own fields, as recorded.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("rule_set" in attrs) == ("family" in attrs):
            raise serializers.ValidationError(
                _("Give either a rule_set or a family (with params).")
            )
        return attrs


class SettlementSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    wind = serializers.CharField()
    points = PointsField()
    won = serializers.BooleanField()
    blamed = serializers.BooleanField()
    self_drawn = serializers.BooleanField()
    false_win = serializers.BooleanField()
    fried = serializers.BooleanField()
    hand_value = serializers.IntegerField(allow_null=True)


class SettlementSerializer(serializers.Serializer[Any]):
    family = serializers.CharField()
    params = JSONObjectField(help_text="The parameters used, as the family cleans them.")
    hand = JSONObjectField(help_text="The hand, as the family cleans it.")
    description = serializers.CharField()
    seats = SettlementSeatSerializer(
        many=True,
        help_text=(
            "Each seat's result. The point changes sum to zero, except for MCR penalties "
            "(deducted, paid to no one) and several duplicate MCR winners."
        ),
    )


def _rule_set_params(request: Request, rule_set_id: int) -> tuple[str, dict[str, Any]]:
    rule_set = RuleSet.objects.select_related("club").filter(pk=rule_set_id).first()
    try:
        if rule_set is None:
            raise Http404
        access_to(request, rule_set.club)
    except Http404:
        raise serializers.ValidationError({"rule_set": [_("No such rule set.")]}) from None
    return rule_set.family, rule_set.current_version().params


def _check_uploads(request: Request, family: Family, params: dict[str, Any] | None) -> None:
    """Anonymous callers may name a preset but not send text for the engine to interpret."""
    uploaded = sorted(family.uploaded_params & set(params or ()))
    if uploaded and not request.user.is_authenticated:
        raise serializers.ValidationError(
            {
                f"params.{uploaded[0]}": [
                    _(
                        "Sign in or use an API token to settle under your own rules file; "
                        "anonymous callers may only name a preset or a rule set."
                    )
                ]
            }
        )


class SettleApi(APIView):
    writes = False  # computes only: anyone may call it, read-only tokens too

    @extend_schema(
        operation_id="settle",
        tags=["scoring"],
        summary="Preview the payments of a hand under a rule set, without recording it",
        request=SettleInputSerializer,
        responses=SettlementSerializer,
    )
    def post(self, request: Request) -> Response:
        serializer = SettleInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "rule_set" in data:
            key, params = _rule_set_params(request, data["rule_set"])
            family = get_family(key)
        else:
            key, params = data["family"], data.get("params")
            family = get_family(key)
            _check_uploads(request, family, params)
        try:
            params = family.clean_params(family.default_params() if params is None else params)
        except EngineError as error:
            raise engine_fields(error, "params") from error
        try:
            hand = family.clean_hand(data["hand"], params)
            results = family.score_hand(hand, params)
        except EngineError as error:
            raise engine_fields(error, "hand") from error
        seats = [
            {"seat": seat, "wind": SEAT_NAMES[seat].lower(), **vars(result)}
            for seat, result in enumerate(results)
        ]
        body = {
            "family": key,
            "params": params,
            "hand": hand,
            "description": family.describe_hand(hand, SEAT_NAMES[: len(results)], params=params),
            "seats": seats,
        }
        return Response(SettlementSerializer(body).data)
