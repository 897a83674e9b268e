"""Penalties: list, read, record (idempotent), amend (If-Match) and delete, through the
penalty services; members write (as on the session page), whoever reads a club's hands
reads its penalties."""

from __future__ import annotations

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

from games import selectors, services
from games.access import signed_in
from games.api.common import client_id_for, parse, represented_page
from games.api.errors import PreconditionFailed
from games.api.filters import LARGEST_ID, PenaltyFilter, filter_parameters, filtered
from games.api.hands import expected_version, with_etag
from games.api.pagination import page_of
from games.api.permissions import MEMBER, access_to
from games.models import Penalty, PenaltyRevision, Player, Session
from games.representations import (
    penalties_to_represent,
    penalties_to_represent_in_full,
    penalty_data,
    penalty_detail_data,
    penalty_representation,
)
from games.selectors import unique_or_none
from games.services.penalties import NOTE_LENGTH
from scoring.penalties import MAX_AMOUNT

TAGS = ["penalties"]
WHY = "Why, for the table's history (up to 200 characters)."


class PenaltyFieldsSerializer(serializers.Serializer[Any]):
    """What the penalty says, as fields: the schema of ``previous`` in its history."""

    player = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=Penalty.Reason.choices)
    note = serializers.CharField(allow_blank=True)
    amount = serializers.IntegerField()
    zero_sum = serializers.BooleanField()


class PenaltySerializer(serializers.Serializer[Any]):
    """A penalty as the API documents it: the schema of ``games.representations.penalty_data``
    (the data comes from there, and webhooks send the same)."""

    id = serializers.IntegerField()
    club = serializers.SlugField()
    session = serializers.IntegerField()
    season = serializers.IntegerField()
    played_on = serializers.DateField()
    player = serializers.IntegerField(help_text="The penalised player (id).")
    name = serializers.CharField(help_text="The penalised player's name.")
    reason = serializers.ChoiceField(choices=Penalty.Reason.choices)
    note = serializers.CharField(
        allow_blank=True, help_text="What happened, in the organiser's words."
    )
    amount = serializers.IntegerField(help_text="In the family's unit, taken from the player.")
    zero_sum = serializers.BooleanField(
        help_text="Paid to the other players equally (true), or only taken away (false)."
    )
    changes = serializers.ListField(
        child=serializers.CharField(),
        help_text="Each seat's change from it, in seat order, exact (the units a zero-sum "
        "penalty does not share equally go one each to the seats after the player's); "
        "empty once deleted.",
    )
    client_id = serializers.UUIDField(help_text="The idempotency key it was recorded with.")
    version = serializers.IntegerField(help_text="Send it back in If-Match to change it.")
    recorded_by = serializers.CharField(allow_null=True)
    recorded_at = serializers.DateTimeField()
    updated_by = serializers.CharField(allow_null=True)
    updated_at = serializers.DateTimeField()
    deleted_at = serializers.DateTimeField(allow_null=True)


class PenaltyRevisionSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=PenaltyRevision.Action.choices)
    previous = PenaltyFieldsSerializer(help_text="What the penalty said before.")
    previous_version = serializers.IntegerField()
    why = serializers.CharField()
    by = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()


class PenaltyDetailSerializer(PenaltySerializer):
    revisions = PenaltyRevisionSerializer(
        many=True, help_text="Every amendment and deletion, oldest first."
    )


ETAG_HEADER = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=True,
    description='The penalty\'s version, quoted: "2".',
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    description='The ETag of the penalty as last read, e.g. "2".',
)


CHANGE_ERRORS = {
    412: OpenApiResponse(description="Stale If-Match; `current` holds the penalty as it is now."),
    428: OpenApiResponse(description="If-Match is missing."),
}


def _version(request: Request) -> int:
    return expected_version(
        request,
        missing=_("Send If-Match with the penalty's ETag (its version) to change it."),
        malformed=_('Give the ETag the penalty was read with, e.g. "2".'),
    )


def _stale(error: services.StalePenalty) -> PreconditionFailed:
    current = penalty_representation(penalty_id=error.current.pk)
    return PreconditionFailed(error.messages[0], current=current)


def _penalty_to_change(request: Request, penalty_id: int) -> Penalty:
    """The live penalty an amendment or deletion names, for the club's members (as on the
    session page, where the table records its penalties)."""
    queryset = Penalty.objects.select_related("club", "session", "player")
    penalty = get_object_or_404(queryset, pk=penalty_id)
    access_to(request, penalty.club, role=MEMBER)
    return penalty


def _session_for_penalty(request: Request, session_id: int) -> Session:
    """The session named in the body: a 400 naming ``session`` when the caller cannot see
    it (as a hand's), 403 when they see it but are not a member of its club."""
    sessions = Session.objects.select_related("club", "rule_set_version__rule_set")
    found = unique_or_none(sessions, pk=session_id)
    try:
        if found is None:
            raise Http404
        access_to(request, found.club, role=MEMBER)
    except Http404:
        raise serializers.ValidationError({"session": [_("No such session.")]}) from None
    return found


def _player(club_id: int, player_id: int) -> Player:
    player = unique_or_none(Player.objects.all(), pk=player_id, club_id=club_id)
    if player is None:
        raise serializers.ValidationError(
            {"player": [_("No player %(pk)s in this club.") % {"pk": player_id}]}
        )
    return player


class PenaltyListApi(APIView):
    @extend_schema(
        operation_id="penalties_list",
        tags=TAGS,
        summary="Penalties in the totals (not deleted ones), session by session",
        parameters=filter_parameters(PenaltyFilter),
        responses=page_of(PenaltySerializer),
    )
    def get(self, request: Request) -> Response:
        live = penalties_to_represent().filter(deleted_at=None)
        penalties = filtered(PenaltyFilter, request, live)
        return represented_page(request, penalties, ("session_id", "id"), penalty_data)


class PenaltyDetailApi(APIView):
    @extend_schema(
        operation_id="penalties_retrieve",
        tags=TAGS,
        summary="A penalty with its history (deleted penalties too)",
        responses={200: OpenApiResponse(PenaltyDetailSerializer, description="The penalty.")},
        parameters=[ETAG_HEADER],
    )
    def get(self, request: Request, penalty_id: int) -> Response:
        penalty = get_object_or_404(penalties_to_represent_in_full(), pk=penalty_id)
        access_to(request, penalty.club)
        return with_etag(Response(penalty_detail_data(penalty)), penalty.version)


class PenaltyRecordInput(serializers.Serializer[Any]):
    session = serializers.IntegerField(min_value=1, max_value=LARGEST_ID)
    player = serializers.IntegerField(
        min_value=1, max_value=LARGEST_ID, help_text="A player at the session's table (id)."
    )
    reason = serializers.ChoiceField(choices=Penalty.Reason.choices)
    note = serializers.CharField(
        max_length=NOTE_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text="What happened; required when the reason is other.",
    )
    amount = serializers.IntegerField(
        min_value=1,
        max_value=MAX_AMOUNT,
        required=False,
        help_text="In the family's unit. Left out for a chombo: what the session's rules say "
        "a chombo costs; required for any other reason.",
    )
    zero_sum = serializers.BooleanField(
        required=False,
        help_text="Paid to the others equally (true) or only taken away (false). Left out: "
        "what the session's rules say of a chombo.",
    )
    client_id = serializers.UUIDField(
        required=False, help_text="The idempotency key, if not sent as Idempotency-Key."
    )


def _recorded_input(session: Session, data: dict[str, Any]) -> services.PenaltyInput:
    """The body as the service takes it, what it leaves out filled from the family's preset."""
    preset = selectors.session_penalty_preset(session=session)
    amount = data.get("amount")
    if amount is None:
        if data["reason"] != Penalty.Reason.CHOMBO:
            raise serializers.ValidationError(
                {"amount": [_("Give the amount: only a chombo's comes from the rules.")]}
            )
        amount = preset.chombo
    return services.PenaltyInput(
        player=_player(session.club_id, data["player"]),
        reason=data["reason"],
        amount=amount,
        zero_sum=data.get("zero_sum", preset.zero_sum),
        note=data["note"],
    )


class PenaltyRecordApi(APIView):
    @extend_schema(
        operation_id="penalties_create",
        tags=TAGS,
        summary="Record a penalty (members); a retry with the same key returns the first",
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Any string up to 255 characters (a UUID is best). The same key "
                "with the same body returns the penalty first recorded (200); with a "
                "different body it is refused (422). A key belongs to the session's club.",
            )
        ],
        request=PenaltyRecordInput,
        examples=[
            OpenApiExample(
                "A chombo at the rules' price",
                value={"session": 1, "player": 2, "reason": "chombo"},
                request_only=True,
            ),
            OpenApiExample(
                "Lateness, 10 points taken away",
                value={
                    "session": 1,
                    "player": 2,
                    "reason": "lateness",
                    "amount": 10,
                    "zero_sum": False,
                    "note": "20 minutes late",
                },
                request_only=True,
            ),
        ],
        responses={
            201: OpenApiResponse(PenaltyDetailSerializer, description="Recorded now."),
            200: OpenApiResponse(PenaltyDetailSerializer, description="Recorded before (a retry)."),
        },
    )
    def post(self, request: Request) -> Response:
        data = parse(PenaltyRecordInput, request.data)
        client_id = client_id_for(request, data.get("client_id"))
        session = _session_for_penalty(request, data["session"])
        penalty, created = services.penalty_record(
            session=session,
            penalty=_recorded_input(session, data),
            by=signed_in(request),
            client_id=client_id,
            same_input_on_retry=True,
        )
        response = Response(
            penalty_representation(penalty_id=penalty.pk),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
        response["Location"] = f"/api/v1/penalties/{penalty.pk}/"
        return with_etag(response, penalty.version)


class PenaltyAmendInput(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, required=False)
    reason = serializers.ChoiceField(choices=Penalty.Reason.choices, required=False)
    note = serializers.CharField(max_length=NOTE_LENGTH, required=False, allow_blank=True)
    amount = serializers.IntegerField(min_value=1, max_value=MAX_AMOUNT, required=False)
    zero_sum = serializers.BooleanField(required=False)
    why = serializers.CharField(max_length=200, help_text=WHY)


class PenaltyAmendApi(APIView):
    @extend_schema(
        operation_id="penalties_partial_update",
        tags=TAGS,
        summary="Amend a penalty (members): the fields sent change, the rest stay; the "
        "old ones are kept in its history",
        parameters=[IF_MATCH, ETAG_HEADER],
        request=PenaltyAmendInput,
        examples=[
            OpenApiExample(
                "Halve it",
                value={"amount": 150, "why": "The referee halved it."},
                request_only=True,
            )
        ],
        responses={200: PenaltyDetailSerializer, **CHANGE_ERRORS},
    )
    def patch(self, request: Request, penalty_id: int) -> Response:
        penalty = _penalty_to_change(request, penalty_id)
        version = _version(request)
        data = parse(PenaltyAmendInput, request.data)
        player = penalty.player
        if "player" in data:
            player = _player(penalty.club_id, data["player"])
        changed = services.PenaltyInput(
            player=player,
            reason=data.get("reason", penalty.reason),
            amount=data.get("amount", penalty.amount),
            zero_sum=data.get("zero_sum", penalty.zero_sum),
            note=data.get("note", penalty.note),
        )
        try:
            amended = services.penalty_amend(
                penalty=penalty,
                changed=changed,
                expected_version=version,
                why=data["why"],
                by=signed_in(request),
            )
        except services.StalePenalty as error:
            raise _stale(error) from error
        body = penalty_representation(penalty_id=amended.pk)
        return with_etag(Response(body), amended.version)


class PenaltyDeleteInput(serializers.Serializer[Any]):
    why = serializers.CharField(max_length=200)


class PenaltyDeleteApi(APIView):
    @extend_schema(
        operation_id="penalties_destroy",
        tags=TAGS,
        summary="Delete a penalty (members); it stays in the history, out of the totals",
        parameters=[
            IF_MATCH,
            OpenApiParameter("why", OpenApiTypes.STR, required=True, description=WHY),
        ],
        responses={204: OpenApiResponse(description="Deleted."), **CHANGE_ERRORS},
    )
    def delete(self, request: Request, penalty_id: int) -> Response:
        penalty = _penalty_to_change(request, penalty_id)
        version = _version(request)
        data = parse(PenaltyDeleteInput, request.query_params)
        try:
            services.penalty_delete(
                penalty=penalty, expected_version=version, why=data["why"], by=signed_in(request)
            )
        except services.StalePenalty as error:
            raise _stale(error) from error
        return Response(status=status.HTTP_204_NO_CONTENT)
