"""Finding a session for an API request: by id, with its seats, if the caller may see it."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from rest_framework.request import Request

from games.api.permissions import access_to
from games.models import Seat, Session
from games.selectors import live_hand_count


def sessions_with_seats() -> QuerySet[Session]:
    seats = Seat.objects.select_related("player").order_by("position")
    return (
        Session.objects.select_related("club", "rule_set_version__rule_set")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(hand_count=live_hand_count())
    )


def get_session(request: Request, session_id: int, role: str | None = None) -> Session:
    session = get_object_or_404(sessions_with_seats(), pk=session_id)
    access_to(request, session.club, role=role)
    return session
