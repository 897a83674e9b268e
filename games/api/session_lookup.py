"""Finding a session for an API request: by id, with its seats, if the caller may see it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework.request import Request

from games.api.permissions import access_to
from games.models import Session
from games.representations import sessions_to_represent


def get_session(request: Request, session_id: int, role: str | None = None) -> Session:
    session = get_object_or_404(sessions_to_represent(), pk=session_id)
    access_to(request, session.club, role=role)
    return session
