"""Sessions with their seats: list, start, read, open or close, delete an empty one."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.access import require_session_starter, signed_in
from games.api.common import client_id_for, parse, represented_page
from games.api.filters import SessionFilter, filter_parameters, filtered
from games.api.pagination import page_of
from games.api.permissions import ORGANISER, access_to
from games.api.session_bodies import SessionDetailSerializer, SessionSerializer
from games.api.session_lookup import get_session
from games.api.session_rules import switch_rules
from games.models import Player, RuleSet, Season, Session
from games.representations import session_data, session_detail_data, sessions_to_represent


class SessionListApi(APIView):
    @extend_schema(
        operation_id="sessions_list",
        tags=["sessions"],
        summary="Sessions, newest first",
        parameters=filter_parameters(SessionFilter),
        responses=page_of(SessionSerializer),
    )
    def get(self, request: Request) -> Response:
        sessions = filtered(SessionFilter, request, sessions_to_represent())
        return represented_page(request, sessions, ("-played_on", "-id"), session_data)


class SessionStartInputSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1, max_value=2**62)
    played_on = serializers.DateField()
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**62),
        min_length=1,
        max_length=4,
        help_text="Player ids in seat order: East, South, West, North.",
    )
    rule_set = serializers.IntegerField(
        min_value=1,
        max_value=2**62,
        required=False,
        help_text="Defaults to the season's rule set; its latest version is pinned.",
    )
    client_id = serializers.UUIDField(
        required=False, help_text="The idempotency key, if not sent as Idempotency-Key."
    )


def _in_club(model: Any, pk: int, season: Season, field: str) -> Any:
    found = model.objects.filter(pk=pk, club_id=season.club_id).first()
    if found is None:
        raise serializers.ValidationError(
            {
                field: [
                    _("No %(replace)s %(pk)s here.")
                    % {"replace": field.replace("_", " "), "pk": pk}
                ]
            }
        )
    return found


class SessionStartApi(APIView):
    @extend_schema(
        operation_id="sessions_create",
        tags=["sessions"],
        summary="Start a session (organisers); a retry with the same key returns the first",
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Any string up to 255 characters (a UUID is best). The same key "
                "with the same body returns the session first started (200); with a "
                "different body it is refused (422). "
                "A key belongs to the session's club: the same key in another club is "
                "another key.",
            )
        ],
        request=SessionStartInputSerializer,
        responses={
            201: OpenApiResponse(SessionDetailSerializer, description="Started now."),
            200: OpenApiResponse(SessionDetailSerializer, description="Started before (a retry)."),
        },
    )
    def post(self, request: Request) -> Response:
        data = parse(SessionStartInputSerializer, request.data)
        client_id = client_id_for(request, data.get("client_id"))
        season = Season.objects.select_related("club").filter(pk=data["season"]).first()
        try:
            if season is None:
                raise Http404
            require_session_starter(access_to(request, season.club))
        except Http404:
            raise serializers.ValidationError({"season": [_("No such season.")]}) from None
        players = [_in_club(Player, pk, season, "players") for pk in data["players"]]
        rule_set = data.get("rule_set")
        session, created = services.session_start_once(
            season=season,
            played_on=data["played_on"],
            players=players,
            by=signed_in(request),
            rule_set=_in_club(RuleSet, rule_set, season, "rule_set") if rule_set else None,
            client_id=client_id,
        )
        body = session_detail_data(get_session(request, session.pk))
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class SessionDetailApi(APIView):
    @extend_schema(
        operation_id="sessions_retrieve", tags=["sessions"], responses=SessionDetailSerializer
    )
    def get(self, request: Request, session_id: int) -> Response:
        return Response(session_detail_data(get_session(request, session_id)))


class SessionStatusInputSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=Session.Status.choices, required=False)
    rule_set_version = serializers.IntegerField(
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        help_text="Switch to this version of the session's rule set from hand `from_hand` on "
        "(organisers, or members where the club allows it).",
    )
    from_hand = serializers.IntegerField(
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        help_text="The place of the session's next hand: rules change from the next hand on.",
    )
    preview = serializers.BooleanField(
        default=False, help_text="Only check and describe the switch; nothing is saved."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "status" not in attrs and "rule_set_version" not in attrs:
            raise serializers.ValidationError(_("Send a status or a rule_set_version."))
        return attrs


class SessionUpdateSerializer(SessionDetailSerializer):
    rules_change = serializers.CharField(
        help_text="The switch as the score sheet marks it ('From hand 9: …'); empty without one."
    )


class SessionUpdateApi(APIView):
    @extend_schema(
        operation_id="sessions_partial_update",
        tags=["sessions"],
        summary="Close or reopen a session (organisers); switch its rules from the next hand",
        request=SessionStatusInputSerializer,
        responses=SessionUpdateSerializer,
    )
    def patch(self, request: Request, session_id: int) -> Response:
        data = parse(SessionStatusInputSerializer, request.data)
        role = ORGANISER if "status" in data else None
        session = get_session(request, session_id, role=role)
        change = ""
        if "rule_set_version" in data:
            change = switch_rules(request, session, data)
        if "status" in data and not data["preview"]:
            services.session_set_status(session=session, status=data["status"])
        body = session_detail_data(get_session(request, session_id))
        return Response({**body, "rules_change": change})


class SessionDeleteApi(APIView):
    @extend_schema(
        operation_id="sessions_destroy",
        tags=["sessions"],
        summary="Delete a session seated by mistake (organisers; only while it has no hands)",
        responses={204: OpenApiResponse(description="Deleted.")},
    )
    def delete(self, request: Request, session_id: int) -> Response:
        session = get_session(request, session_id, role=ORGANISER)
        services.session_delete(session=session)
        return Response(status=status.HTTP_204_NO_CONTENT)
