"""Requests no view should see."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from rest_framework.views import APIView

from games.access import club_as_seen
from games.languages import (
    LANGUAGE_CODES,
    SCRIPT_COOKIE,
    SESSION_LANGUAGE,
    SESSION_SCRIPT,
    account_choices,
)
from games.models import Club
from scoring.chinese import use_english_script

V = TypeVar("V", bound=Callable[..., object])


class RefuseNulMiddleware:
    """An address holding NUL names nothing, and PostgreSQL refuses NUL in any text it is
    compared with (a 500 where SQLite found nothing). Query parameters need no check here:
    each reaches a view through a form or serializer, which refuses NUL by field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            raise Http404(_("No such address."))
        return self.get_response(request)


class ClubContextMiddleware:
    """A club's pages (those whose address names a club by its slug) show times in the
    club's time zone, and in its default language where the reader chose none; the next
    request on the same worker starts from the site's own again. A club the reader may not
    see sets nothing (its page answers 404); the API keeps UTC and ``Accept-Language``.

    After ``LanguageMiddleware``: a reader's own choice of language stands first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[object, ...],
        view_kwargs: dict[str, object],
    ) -> None:
        slug = view_kwargs.get("slug")
        if not isinstance(slug, str) or is_api_view(view_func):
            return
        if getattr(view_func, "club_context_on_demand", False):
            return  # the view sets it when it draws a page (use_club_context)
        try:
            seen = club_as_seen(request, slug)
        except Http404:
            return  # the view answers it
        if seen.visible:
            use_club_context(request, seen.club)


def use_club_context(request: HttpRequest, club: Club) -> None:
    """The club's time zone, and its default language where the reader chose none."""
    timezone.activate(ZoneInfo(club.time_zone))
    use_club_language(request, club.language)


def club_context_on_demand(view: V) -> V:
    """Marks a view that reads its club only when it must (a poll answered 304 from one
    query, with no page drawn): ``ClubContextMiddleware`` leaves it alone, and the view calls
    ``use_club_context`` before it draws a page."""
    view.club_context_on_demand = True  # type: ignore[attr-defined]
    return view


def is_api_view(view_func: Callable[..., HttpResponse]) -> bool:
    return isinstance(getattr(view_func, "cls", None), type) and issubclass(
        view_func.cls,  # type: ignore[attr-defined]
        APIView,
    )


class LanguageMiddleware:
    """The language a page is written in: the reader's own choice first (a signed-in
    member's is kept in the session from their preferences, a visitor's in a cookie), then
    the browser's; ``access.club_access`` puts a club's default before the browser's. The
    script of the Chinese on English pages is chosen the same way (Traditional unless the
    reader chose Simplified).

    ``request.language_chosen`` tells whether the reader chose; ``Content-Language`` and
    ``Vary`` go out with every answer, as ``LocaleMiddleware`` sends them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = chosen_language(request)
        request.language_chosen = chosen is not None  # type: ignore[attr-defined]
        language = chosen or translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        use_english_script(
            session_choice(request, SESSION_SCRIPT) or request.COOKIES.get(SCRIPT_COOKIE, "")
        )
        # The language stays active after the answer leaves: a streamed export writes its
        # headings then. The next request on this thread activates its own first.
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def chosen_language(request: HttpRequest) -> str | None:
    """The reader's own choice, if they made one and the site still speaks it."""
    for code in (
        session_choice(request, SESSION_LANGUAGE),
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME),
    ):
        if code and translation.check_for_language(code) and code in LANGUAGE_CODES:
            return str(code)
    return None


def session_choice(request: HttpRequest, key: str) -> str:
    """A signed-in member's choice (language or script), read from their account once per
    session."""
    session = getattr(request, "session", None)
    if session is None:
        return ""
    if key not in session:
        user = getattr(request, "user", None)
        if not isinstance(user, User):
            return ""
        session[SESSION_LANGUAGE], session[SESSION_SCRIPT] = account_choices(user)
    return str(session.get(key, ""))


def use_club_language(request: HttpRequest, language: str) -> None:
    """On a club's page, the club's default language stands before the browser's."""
    if language and not getattr(request, "language_chosen", True):
        translation.activate(language)
        request.LANGUAGE_CODE = language
