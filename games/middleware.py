"""Requests no view should see."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse


class RefuseNulMiddleware:
    """An address or query parameter holding NUL: no object is named so, and PostgreSQL
    refuses NUL in any text it is compared with (a 500 where SQLite found nothing)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            raise Http404("No such address.")
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                raise BadRequest(f"The address's parameter {name!r} contains a NUL character.")
        return self.get_response(request)
