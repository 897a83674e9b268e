"""Hands: list, read, record (idempotent), amend (If-Match) and delete, through the services."""

from __future__ import annotations

import re
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.access import signed_in
from games.api.common import client_id_for, parse, represented_page
from games.api.errors import PreconditionFailed, PreconditionRequired
from games.api.fields import JSONObjectField
from games.api.filters import HandFilter, filter_parameters, filtered
from games.api.hand_bodies import HandDetailSerializer, HandSerializer
from games.api.pagination import page_of
from games.api.permissions import MEMBER, access_to
from games.models import Hand, Session
from games.representations import (
    hand_data,
    hand_detail_data,
    hand_representation,
    hands_to_represent,
    hands_to_represent_in_full,
)
from games.selectors import unique_or_none

HK_EXAMPLE = {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}


def with_etag(response: Response, version: int) -> Response:
    response["ETag"] = f'"{version}"'
    return response


def get_hand(request: Request, hand_id: int) -> Hand:
    hand = get_object_or_404(hands_to_represent_in_full(), pk=hand_id)
    access_to(request, hand.session.club)
    return hand


def hand_to_change(request: Request, hand_id: int) -> Hand:
    """The hand an amendment or deletion names, read only as far as the members' check needs
    (the service reads it again, locked, and the answer reads it as changed)."""
    hand = get_object_or_404(Hand.objects.select_related("session__club"), pk=hand_id)
    access_to(request, hand.session.club, role=MEMBER)
    return hand


ETAG_HEADER = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=True,
    description='The hand\'s version, quoted: "3".',
)


class HandListApi(APIView):
    @extend_schema(
        operation_id="hands_list",
        tags=["hands"],
        summary="Hands in the scores (not deleted ones), session by session, each in play order",
        parameters=filter_parameters(HandFilter),
        responses=page_of(HandSerializer),
    )
    def get(self, request: Request) -> Response:
        hands = filtered(HandFilter, request, hands_to_represent().filter(deleted_at=None))
        return represented_page(request, hands, ("session_id", "number"), hand_data)


class HandDetailApi(APIView):
    @extend_schema(
        operation_id="hands_retrieve",
        tags=["hands"],
        summary="A hand with its scores and history (deleted hands too)",
        responses={200: OpenApiResponse(HandDetailSerializer, description="The hand.")},
        parameters=[ETAG_HEADER],
    )
    def get(self, request: Request, hand_id: int) -> Response:
        hand = get_hand(request, hand_id)
        return with_etag(Response(hand_detail_data(hand)), hand.version)


class HandRecordInputSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(min_value=1, max_value=2**62)
    input = JSONObjectField(help_text="The hand in the session's rule family's fields.")
    client_id = serializers.UUIDField(
        required=False, help_text="The idempotency key, if not sent as Idempotency-Key."
    )


def _session_for_recording(request: Request, session_id: int) -> Session:
    sessions = Session.objects.select_related("club", "rule_set_version__rule_set")
    found = unique_or_none(sessions, pk=session_id)
    try:
        if found is None:
            raise Http404
        access_to(request, found.club, role=MEMBER)
    except Http404:
        raise serializers.ValidationError({"session": [_("No such session.")]}) from None
    return found


class HandRecordApi(APIView):
    @extend_schema(
        operation_id="hands_create",
        tags=["hands"],
        summary="Record a hand (members); a retry with the same key returns the first result",
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Any string up to 255 characters (a UUID is best). The same key "
                "with the same body returns the hand first recorded (200); with a different "
                "body it is refused (422). "
                "A key belongs to the session's club: the same key in another club is "
                "another key.",
            )
        ],
        request=HandRecordInputSerializer,
        examples=[
            OpenApiExample(
                "Hong Kong: South wins 3 faan off West",
                value={"session": 1, "input": HK_EXAMPLE},
                request_only=True,
            )
        ],
        responses={
            201: OpenApiResponse(HandDetailSerializer, description="Recorded now."),
            200: OpenApiResponse(HandDetailSerializer, description="Recorded before (a retry)."),
        },
    )
    def post(self, request: Request) -> Response:
        data = parse(HandRecordInputSerializer, request.data)
        client_id = client_id_for(request, data.get("client_id"))
        session = _session_for_recording(request, data["session"])
        hand, created = services.hand_record(
            session=session,
            hand_input=data["input"],
            by=signed_in(request),
            client_id=client_id,
            same_input_on_retry=True,
        )
        response = Response(
            hand_representation(hand_id=hand.pk, new=created),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
        response["Location"] = f"/api/v1/hands/{hand.pk}/"
        return with_etag(response, hand.version)


IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    description='The ETag of the hand as last read, e.g. "3".',
)
ETAG = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')


def expected_version(
    request: Request, *, missing: str | None = None, malformed: str | None = None
) -> int:
    """The version If-Match names; ``missing`` and ``malformed`` say what to send when it
    is not there or not an ETag (a hand's, unless told)."""
    header = request.headers.get("If-Match")
    if header is None:
        raise PreconditionRequired(missing)
    match = ETAG.match(header)
    if match is None:
        message = malformed or _('Give the ETag the hand was read with, e.g. "3".')
        raise serializers.ValidationError({"If-Match": [message]})
    return int(match.group(1))


def stale(error: services.StaleHand) -> PreconditionFailed:
    return PreconditionFailed(
        error.messages[0], current=hand_representation(hand_id=error.current.pk)
    )


class HandAmendInputSerializer(serializers.Serializer[Any]):
    input = JSONObjectField(help_text="The corrected hand, in full.")
    reason = serializers.CharField(max_length=200, help_text="Why, for the table's history.")


CHANGE_ERRORS = {
    412: OpenApiResponse(description="Stale If-Match; `current` holds the hand as it is now."),
    428: OpenApiResponse(description="If-Match is missing."),
}


class HandAmendApi(APIView):
    @extend_schema(
        operation_id="hands_partial_update",
        tags=["hands"],
        summary="Amend a hand (members), keeping the old input in its history",
        parameters=[IF_MATCH, ETAG_HEADER],
        request=HandAmendInputSerializer,
        examples=[
            OpenApiExample(
                "Correct the faan",
                value={"input": {**HK_EXAMPLE, "faan": 4}, "reason": "It was 4 faan."},
                request_only=True,
            )
        ],
        responses={200: HandDetailSerializer, **CHANGE_ERRORS},
    )
    def patch(self, request: Request, hand_id: int) -> Response:
        hand = hand_to_change(request, hand_id)
        version = expected_version(request)
        data = parse(HandAmendInputSerializer, request.data)
        try:
            amended = services.hand_amend(
                hand=hand,
                hand_input=data["input"],
                expected_version=version,
                reason=data["reason"],
                by=signed_in(request),
            )
        except services.StaleHand as error:
            raise stale(error) from error
        return with_etag(Response(hand_representation(hand_id=amended.pk)), amended.version)


class HandDeleteApi(APIView):
    @extend_schema(
        operation_id="hands_destroy",
        tags=["hands"],
        summary="Delete a hand (members); it stays in the history",
        parameters=[
            IF_MATCH,
            OpenApiParameter(
                "reason", OpenApiTypes.STR, required=True, description="Why, for the history."
            ),
        ],
        responses={204: OpenApiResponse(description="Deleted."), **CHANGE_ERRORS},
    )
    def delete(self, request: Request, hand_id: int) -> Response:
        hand = hand_to_change(request, hand_id)
        version = expected_version(request)
        data = parse(HandDeleteInputSerializer, request.query_params)
        try:
            services.hand_delete(
                hand=hand, expected_version=version, reason=data["reason"], by=signed_in(request)
            )
        except services.StaleHand as error:
            raise stale(error) from error
        return Response(status=status.HTTP_204_NO_CONTENT)


class HandDeleteInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=200)
