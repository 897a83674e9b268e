"""What every API area shares: parsing input, the dates of a report, and answering one page."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.pagination import CursorPage

# Keys that are not UUIDs are mapped to one per caller, so two tools never collide.
IDEMPOTENCY_NAMESPACE = uuid.UUID("5b0f3f4e-9d55-4c43-a3c5-2a1f1d6f6a57")
MAX_KEY_LENGTH = 255


def parse(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    """Validate request data with a small input serializer (400 with field errors)."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class DateRangeQuery(serializers.Serializer[Any]):
    """The dates a report (standings, statistics) may be narrowed to; ``extend_schema`` takes
    the class as its query parameters."""

    date_from = serializers.DateField(required=False, help_text="Played on or after this day.")
    date_to = serializers.DateField(required=False, help_text="Played on or before this day.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs.get("date_from"), attrs.get("date_to")
        if start and end and end < start:
            raise serializers.ValidationError({"date_to": [_("The range ends before it starts.")]})
        return attrs


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


def represented_page(
    request: Request,
    queryset: QuerySet[Any],
    ordering: tuple[str, ...],
    represent: Callable[[Any], dict[str, Any]],
) -> Response:
    """One page of rows each given as ``represent`` writes it (``games.representations``)."""
    paginator = CursorPage(ordering)
    return paginator.answer([represent(row) for row in paginator.paginate(queryset, request)])


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
