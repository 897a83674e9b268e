"""Who may see and do what in a club: strangers get 404 for members-only clubs, 403 below role."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework.request import Request

from games.models import ROLE_RANK, Club, Membership
from games.selectors import membership_by_slug, membership_for

ROLE_REFUSED = "Your role in this club does not allow this."


@dataclass(frozen=True)
class ClubAccess:
    """A club as one request sees it."""

    club: Club
    membership: Membership | None

    @property
    def role(self) -> str | None:
        return self.membership.role if self.membership else None

    def has(self, role: str) -> bool:
        if self.membership is None:
            return False
        return ROLE_RANK[Membership.Role(self.membership.role)] >= ROLE_RANK[Membership.Role(role)]

    @property
    def visible(self) -> bool:
        return visible(self.club, member=self.membership is not None)

    @property
    def can_record(self) -> bool:
        return self.has(Membership.Role.MEMBER)

    @property
    def can_manage(self) -> bool:
        return self.has(Membership.Role.ORGANISER)

    @property
    def can_start_sessions(self) -> bool:
        """Organisers seat tables; members too where the club lets them."""
        if self.club.members_start_sessions:
            return self.can_record
        return self.can_manage


def club_access(request: HttpRequest, slug: str, *, role: str | None = None) -> ClubAccess:
    """The club for this request; 404 if the visitor may not know it exists, 403 below ``role``.

    A member's club comes with their membership, in one query; anyone else's in one more.
    ``ClubContextMiddleware`` has usually read them already, for the club's time zone and
    language; it is read once."""
    return _checked(club_as_seen(request, slug), role)


def club_as_seen(request: HttpRequest, slug: str) -> ClubAccess:
    """The club a slug names and the caller's membership of it, read once per request (no
    check: 404 when there is no such club at all)."""
    seen: ClubAccess | None = getattr(request, "club_seen", None)
    if seen is None or seen.club.slug != slug:
        membership = membership_by_slug(slug=slug, user=request.user)
        club = membership.club if membership else get_object_or_404(Club, slug=slug)
        seen = ClubAccess(club, membership)
        request.club_seen = seen  # type: ignore[attr-defined]
    return seen


def club_access_to(request: HttpRequest, club: Club, *, role: str | None = None) -> ClubAccess:
    """``club_access`` for a club already read (the API reads it with the object asked for)."""
    access = ClubAccess(club, membership_for(club=club, user=request.user))
    return _checked(access, role)


def _checked(access: ClubAccess, role: str | None) -> ClubAccess:
    if not access.visible:
        raise Http404(_("No such club."))
    if role is not None and not access.has(role):
        raise PermissionDenied(ROLE_REFUSED)
    return access


def visible(club: Club, *, member: bool) -> bool:
    """Whether a visitor may see the club at all: anyone a public one, only its members a
    members-only one."""
    return member or club.visibility != Club.Visibility.MEMBERS


def require_session_starter(access: ClubAccess) -> None:
    """Refuse (403) whoever may not seat a table in the club."""
    if not access.can_start_sessions:
        raise PermissionDenied(ROLE_REFUSED)


def signed_in_or_none(request: HttpRequest | Request) -> User | None:
    """The signed-in account, or None for a visitor."""
    user = request.user
    return user if isinstance(user, User) else None


def signed_in(request: HttpRequest | Request) -> User:
    """The account making this request: every write names who made it. The views that
    write already require a sign-in, so a visitor reaching one is refused (403)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied(_("Sign in first."))
    return user
