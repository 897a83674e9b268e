"""An event's penalty list, as a page and as CSV, for the organisers and a federation's audit."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify

from games.access import ClubAccess, club_access
from games.events import selectors
from games.events.models import Event
from games.exporting import penalties_csv
from games.models import Penalty


def _event(access: ClubAccess, event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), club=access.club, pk=event_id)


def event_penalties(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Every live penalty of the event's tables, round by round."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    context = {
        "access": access,
        "club": access.club,
        "scope": event,
        "back_url": reverse("events:event", args=[slug, event.pk]),
        "csv_url": reverse("events:penalties_csv", args=[slug, event.pk]),
        "penalties": selectors.event_penalties(event=event),
        "by_table": True,
    }
    return render(request, "games/penalty_list.html", context)


def _round(penalty: Penalty) -> int:
    return int(penalty.session.event_table.round.number)


def _table(penalty: Penalty) -> int:
    return int(penalty.session.event_table.number)


def event_penalties_csv(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The event's penalties as CSV: the season's columns, with the round and the table."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(event.name) or "event"
    response["Content-Disposition"] = f'attachment; filename="{name}-penalties.csv"'
    columns = [("round", _round), ("table", _table)]
    penalties_csv(response, selectors.event_penalties(event=event), columns=columns)
    return response
