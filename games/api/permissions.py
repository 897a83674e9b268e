"""Who may do what over the API: the pages' club rules (games.access) plus the token's scope."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework import permissions
from rest_framework.request import Request

from games import selectors
from games.access import ClubAccess, club_access, club_access_to
from games.models import ApiToken, Club, Membership

MEMBER = Membership.Role.MEMBER
ORGANISER = Membership.Role.ORGANISER


class WritesNeedWriteAccess(permissions.BasePermission):
    """Reads are open (each club decides who sees it); writes need a signed-in user and a
    read-write token. A view that only computes (``writes = False``) counts as a read."""

    message = "This token is read only; make a read-write token to change anything."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not getattr(view, "writes", request.method not in permissions.SAFE_METHODS):
            return True
        if not (request.user and request.user.is_authenticated):
            return False
        token = request.auth
        return not (isinstance(token, ApiToken) and token.read_only)


def access_to(request: Request, club: Club | str, *, role: str | None = None) -> ClubAccess:
    """The same check as the pages: 404 for a members-only club to outsiders, 403 below role."""
    if isinstance(club, str):
        access = club_access(request, club, role=role)
    else:
        access = club_access_to(request, club, role=role)
    return access


def readable_clubs(request: Request) -> QuerySet[Club]:
    """Every club the caller may read, as the front page lists them."""
    return selectors.club_list_for_user(user=request.user)
