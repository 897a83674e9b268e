"""Requests no view should see."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone


class RefuseNulMiddleware:
    """An address holding NUL names nothing, and PostgreSQL refuses NUL in any text it is
    compared with (a 500 where SQLite found nothing). Query parameters need no check here:
    each reaches a view through a form or serializer, which refuses NUL by field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            raise Http404("No such address.")
        return self.get_response(request)


class ClubTimeZoneMiddleware:
    """A club's page shows times in the club's time zone (``access.club_access`` sets it);
    the next request on the same worker starts from the site's own again."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
