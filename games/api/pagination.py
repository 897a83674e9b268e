"""Cursor pagination by keyset, in a fixed, unique-ending order for every list."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Field, Model, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, pagination, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.keyset import Keyset

MAX_PAGE_SIZE = 200
BAD_CURSOR = "This cursor is not one the API gave out."


class CursorPage(pagination.CursorPagination):
    """Pages by keyset: a cursor holds the values of every ordering column of the row it
    starts after, so a page is one index range, however deep (see ``games.keyset``)."""

    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def __init__(self, ordering: Sequence[str] = ("id",)) -> None:
        self.ordering = tuple(ordering)
        self.keyset = Keyset(self.ordering)
        self.links: dict[str, str | None] = {"next": None, "previous": None}

    def paginate(self, queryset: QuerySet[Any], request: Request) -> list[Any]:
        self.base_url = request.build_absolute_uri()
        try:
            cursor = self.decode_cursor(request)
            position = None if cursor is None else self._position(queryset.model, cursor)
        except exceptions.NotFound:
            # DRF answers a cursor it cannot read with 404; it is a bad parameter.
            raise exceptions.ValidationError({"cursor": [BAD_CURSOR]}) from None
        backwards = bool(cursor and cursor.reverse)
        size = self.get_page_size(request) or MAX_PAGE_SIZE
        rows, more = self.keyset.page(queryset, position, size, backwards)
        self._link_pages(rows, position, more, backwards)
        return rows

    def _position(self, model: type[Model], cursor: pagination.Cursor) -> tuple[Any, ...]:
        """The cursor's values, each as its column holds it. A forged one is refused here
        (an id of ``x`` raised a ValueError, a huge one overflowed the column)."""
        try:
            values = json.loads(str(cursor.position or ""))
        except ValueError:
            raise exceptions.NotFound() from None
        if not isinstance(values, list) or len(values) != len(self.keyset.names):
            raise exceptions.NotFound()
        return tuple(
            _column_value(model._meta.get_field(name), value)
            for name, value in zip(self.keyset.names, values, strict=True)
        )

    def _link_pages(
        self, rows: list[Any], position: tuple[Any, ...] | None, more: bool, backwards: bool
    ) -> None:
        first = self.keyset.position(rows[0]) if rows else position
        last = self.keyset.position(rows[-1]) if rows else position
        has_next = more or (backwards and last is not None)
        has_previous = (more and backwards) or (not backwards and position is not None)
        self.links = {
            "next": self._link(last, reverse=False) if has_next else None,
            "previous": self._link(first, reverse=True) if has_previous else None,
        }

    def _link(self, position: tuple[Any, ...] | None, *, reverse: bool) -> str:
        text: Any = json.dumps([_text(value) for value in position or ()])  # stubs say int
        return self.encode_cursor(pagination.Cursor(offset=0, reverse=reverse, position=text))

    def answer(self, results: list[Any]) -> Response:
        return Response({**self.links, "results": results})


def _column_value(field: Any, value: Any) -> Any:
    if not isinstance(field, Field) or not isinstance(value, str):
        raise exceptions.NotFound()
    try:
        python_value = field.to_python(value)
        field.run_validators(python_value)
    except DjangoValidationError:
        raise exceptions.NotFound() from None
    return python_value


def _text(value: Any) -> str:
    return value.isoformat() if isinstance(value, dt.date) else str(value)


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
