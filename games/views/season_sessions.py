"""The whole list of a season's sessions, newest first, 50 to a page by keyset."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import selectors
from games.access import club_access
from games.keyset import Keyset
from games.models import Season, Session

SESSIONS_PER_PAGE = 50
NEWEST_FIRST = Keyset(("-played_on", "-id"))


def season_sessions(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug)
    season = get_object_or_404(Season, club=access.club, pk=season_id)
    newer = "after" in request.GET  # the page before a session (?after=), else after it
    position = _position(request.GET.get("after" if newer else "before"))
    sessions = selectors.session_list(club=access.club, season=season)
    rows, more = NEWEST_FIRST.page(sessions, position, SESSIONS_PER_PAGE, backwards=newer)
    # Coming back from an older page, there is an older one; from a newer page, a newer one.
    has_older, has_newer = (True, more) if newer else (more, position is not None)
    context: dict[str, Any] = {
        "access": access,
        "club": access.club,
        "season": season,
        "sessions": rows,
        "older": _mark(rows[-1]) if rows and has_older else None,
        "newer": _mark(rows[0]) if rows and has_newer else None,
    }
    return render(request, "games/season_sessions.html", context)


def _mark(session: Session) -> str:
    """Where a page starts or ends, for the links: ``2024-05-01.123`` (date and id)."""
    return f"{session.played_on.isoformat()}.{session.pk}"


def _position(mark: str | None) -> tuple[dt.date, int] | None:
    if mark is None:
        return None
    date, _, pk = mark.partition(".")
    try:
        played_on = dt.date.fromisoformat(date)
    except ValueError:
        raise BadRequest("This link's page mark is not one the site gave out.") from None
    if not pk.isascii() or not pk.isdigit() or len(pk) > 18:
        raise BadRequest("This link's page mark is not one the site gave out.")
    return played_on, int(pk)
