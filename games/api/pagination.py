"""Cursor pagination with a fixed, unique-ending order for every list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Field, Model, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, pagination, serializers
from rest_framework.request import Request
from rest_framework.response import Response

MAX_PAGE_SIZE = 200
BAD_CURSOR = "This cursor is not one the API gave out."


class CursorPage(pagination.CursorPagination):
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def __init__(self, ordering: Sequence[str] = ("id",)) -> None:
        self.ordering = tuple(ordering)
        self.model: type[Model] | None = None

    def paginate(self, queryset: QuerySet[Any], request: Request) -> list[Any]:
        self.model = queryset.model
        try:
            return list(self.paginate_queryset(queryset, request) or [])
        except exceptions.NotFound:
            # DRF answers a cursor it cannot read with 404; it is a bad parameter.
            raise exceptions.ValidationError({"cursor": [BAD_CURSOR]}) from None

    def decode_cursor(self, request: Request) -> pagination.Cursor | None:
        """DRF reads the cursor's position as text and compares the first ordering column
        with it as given: a forged one reached the database (an id of ``x`` raised a
        ValueError, a huge one overflowed). Refuse any the column could not hold."""
        cursor = super().decode_cursor(request)
        if cursor is not None and cursor.position is not None:
            assert self.model is not None
            field = self.model._meta.get_field(self.ordering[0].lstrip("-"))
            if not isinstance(field, Field):
                raise exceptions.NotFound()
            try:
                field.run_validators(field.to_python(cursor.position))
            except DjangoValidationError:
                raise exceptions.NotFound() from None
        return cursor

    def answer(self, results: list[Any]) -> Response:
        return Response(
            {"next": self.get_next_link(), "previous": self.get_previous_link(), "results": results}
        )


_page_serializers: dict[str, type[serializers.Serializer[Any]]] = {}


def page_of(item: type[serializers.Serializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The schema of one page of ``item``: ``{next, previous, results}``."""
    name = "Paginated" + item.__name__.removesuffix("Serializer").removesuffix("Output") + "List"
    if name not in _page_serializers:
        _page_serializers[name] = type(
            name,
            (serializers.Serializer,),
            {
                "next": serializers.URLField(allow_null=True),
                "previous": serializers.URLField(allow_null=True),
                "results": item(many=True),
            },
        )
    return _page_serializers[name]


def list_parameters() -> list[Any]:
    return [
        OpenApiParameter("cursor", OpenApiTypes.STR, description="From a page's next/previous."),
        OpenApiParameter(
            "page_size", OpenApiTypes.INT, description=f"1 to {MAX_PAGE_SIZE} (default 50)."
        ),
    ]
