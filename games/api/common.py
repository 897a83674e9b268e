"""What every API area shares: parsing input, the list filters, and answering one page."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.pagination import CursorPage, list_parameters
from games.api.permissions import access_to, readable_clubs

# Keys that are not UUIDs are mapped to one per caller, so two tools never collide.
IDEMPOTENCY_NAMESPACE = uuid.UUID("5b0f3f4e-9d55-4c43-a3c5-2a1f1d6f6a57")
MAX_KEY_LENGTH = 255


def parse(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    """Validate request data with a small input serializer (400 with field errors)."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class ListFilters(serializers.Serializer[Any]):
    club = serializers.SlugField(required=False, help_text="The club's slug.")
    season = serializers.IntegerField(required=False, min_value=1, max_value=2**62)
    session = serializers.IntegerField(required=False, min_value=1, max_value=2**62)
    player = serializers.IntegerField(required=False, min_value=1, max_value=2**62)
    date_from = serializers.DateField(required=False, help_text="First day, inclusive.")
    date_to = serializers.DateField(required=False, help_text="Last day, inclusive.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs.get("date_from"), attrs.get("date_to")
        if start and end and end < start:
            raise serializers.ValidationError({"date_to": [_("The range ends before it starts.")]})
        return attrs


FILTER_HELP = {
    "club": "Only this club (its slug).",
    "season": "Only this season (id).",
    "session": "Only this session (id).",
    "player": "Only what this player took part in (id).",
    "date_from": "Played on or after this day.",
    "date_to": "Played on or before this day.",
}
FILTER_TYPES = {
    "club": OpenApiTypes.STR,
    "season": OpenApiTypes.INT,
    "session": OpenApiTypes.INT,
    "player": OpenApiTypes.INT,
    "date_from": OpenApiTypes.DATE,
    "date_to": OpenApiTypes.DATE,
}


def filter_parameters(*names: str, paged: bool = True) -> list[OpenApiParameter]:
    """The schema's query parameters for the filters a list takes, then the page ones."""
    filters = [
        OpenApiParameter(name, FILTER_TYPES[name], description=FILTER_HELP[name]) for name in names
    ]
    return filters + (list_parameters() if paged else [])


def filtered(
    request: Request, queryset: QuerySet[Any], paths: Mapping[str, str], club_path: str
) -> QuerySet[Any]:
    """Only rows of readable clubs, narrowed by the filters this list knows (``paths``).

    Filtering by a club the caller may not see answers 404, exactly as its pages do.
    """
    criteria = parse(ListFilters, request.query_params)
    if "club" in criteria:
        club = access_to(request, criteria.pop("club")).club
        queryset = queryset.filter(**{club_path: club})
    else:
        queryset = queryset.filter(**{f"{club_path}__in": readable_clubs(request).values("pk")})
    condition = Q()
    for name, value in criteria.items():
        if name not in paths:
            continue
        lookup = {"date_from": "__gte", "date_to": "__lte"}.get(name, "")
        condition &= Q(**{paths[name] + lookup: value})
    return queryset.filter(condition)


def page_response(
    request: Request,
    queryset: QuerySet[Any],
    ordering: tuple[str, ...],
    serializer_class: type[serializers.Serializer[Any]],
    context: dict[str, Any] | None = None,
) -> Response:
    paginator = CursorPage(ordering)
    rows = paginator.paginate(queryset, request)
    data = serializer_class(rows, many=True, context=context or {}).data
    return paginator.answer(list(data))


def client_id_for(request: Request, body_id: uuid.UUID | None) -> uuid.UUID | None:
    """The idempotency key from the header or the body (they must agree when both are sent)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return body_id
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH:
        raise serializers.ValidationError(
            {
                "Idempotency-Key": [
                    _("Give 1 to %(max_key_length)s characters, ideally a UUID.")
                    % {"max_key_length": MAX_KEY_LENGTH}
                ]
            }
        )
    try:
        from_header = uuid.UUID(key)
    except ValueError:
        from_header = uuid.uuid5(IDEMPOTENCY_NAMESPACE, f"{request.user.pk}:{key}")
    if body_id is not None and body_id != from_header:
        raise serializers.ValidationError(
            {"client_id": [_("It differs from the Idempotency-Key header; send one of them.")]}
        )
    return from_header
