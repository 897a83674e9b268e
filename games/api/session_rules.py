"""A session's rules over the API: switching to another version from the next hand on (part
of ``PATCH sessions/{id}/``) and re-scoring every hand under another version (a preview and
a confirm)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.access import signed_in
from games.api.common import parse
from games.api.fields import PointsField
from games.api.session_lookup import get_session
from games.models import RuleSetVersion, Session
from games.services.session_rules import (
    RescorePlan,
    session_rescore,
    session_rescore_preview,
    session_switch_rules,
)

VERSION_HELP = "A version number of the session's rule set."


def version_of(session: Session, number: int) -> RuleSetVersion:
    """Version ``number`` of the session's rule set (400 naming the field if there is none)."""
    rule_set = session.rule_set_version.rule_set
    found = rule_set.versions.filter(number=number).select_related("rule_set").first()
    if found is None:
        raise serializers.ValidationError(
            {
                "rule_set_version": [
                    _("%(name)s has no version %(number)s.")
                    % {"name": rule_set.name, "number": number}
                ]
            }
        )
    return found


def switch_rules(request: Request, session: Session, data: dict[str, Any]) -> str:
    """Switch (or with ``preview`` only check) the session's rules from ``from_hand`` on;
    the change as the score sheet marks it."""
    if "from_hand" not in data:
        raise serializers.ValidationError(
            {"from_hand": [_("Say from which hand (the next one) the new rules apply.")]}
        )
    switch = session_switch_rules(
        session=session,
        version=version_of(session, data["rule_set_version"]),
        from_hand=data["from_hand"],
        by=signed_in(request),
        confirm=not data.get("preview", False),
    )
    return switch.text


class RescorePreviewInputSerializer(serializers.Serializer[Any]):
    rule_set_version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text=VERSION_HELP
    )


class RescoreInputSerializer(RescorePreviewInputSerializer):
    token = serializers.CharField(
        max_length=64, help_text="The preview's token: the re-score of exactly what it showed."
    )
    reason = serializers.CharField(
        max_length=150,
        required=False,
        default="",
        allow_blank=True,
        help_text="Why, kept in each changed hand's history after 'Re-scored under …'.",
    )


class RescoredHandSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="hand.pk")
    place = serializers.IntegerField(help_text="The hand's place among the live hands.")
    changed = serializers.BooleanField()
    old_points = serializers.ListField(child=PointsField())
    new_points = serializers.ListField(child=PointsField())
    old_values = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    new_values = serializers.ListField(child=serializers.IntegerField(allow_null=True))


class RescoreSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session.pk")
    rule_set_version = serializers.IntegerField(source="version.number")
    token = serializers.CharField(help_text="Send it back to confirm this re-score.")
    done = serializers.BooleanField(help_text="Whether the hands were re-scored.")
    already = serializers.BooleanField(help_text="Confirmed before: nothing changed now.")
    changed_count = serializers.SerializerMethodField()
    hands = RescoredHandSerializer(many=True)

    def get_changed_count(self, plan: RescorePlan) -> int:
        return len(plan.changed)


class SessionRescorePreviewApi(APIView):
    @extend_schema(
        operation_id="sessions_rescore_preview",
        tags=["sessions"],
        summary="Preview re-scoring every hand under another version (nothing is saved)",
        request=RescorePreviewInputSerializer,
        responses=RescoreSerializer,
    )
    def post(self, request: Request, session_id: int) -> Response:
        session = get_session(request, session_id)
        data = parse(RescorePreviewInputSerializer, request.data)
        plan = session_rescore_preview(
            session=session,
            version=version_of(session, data["rule_set_version"]),
            by=signed_in(request),
        )
        return Response(RescoreSerializer(plan).data)


class SessionRescoreApi(APIView):
    @extend_schema(
        operation_id="sessions_rescore",
        tags=["sessions"],
        summary="Re-score every hand under another version, as previewed (idempotent)",
        request=RescoreInputSerializer,
        responses=RescoreSerializer,
    )
    def post(self, request: Request, session_id: int) -> Response:
        session = get_session(request, session_id)
        data = parse(RescoreInputSerializer, request.data)
        plan = session_rescore(
            session=session,
            version=version_of(session, data["rule_set_version"]),
            token=data["token"],
            reason=data["reason"],
            by=signed_in(request),
        )
        return Response(RescoreSerializer(plan).data)
