"""The sign-in limiter (django-axes): what it records of an attempt, and when it locks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest

# Django's sign-in form does not bound the user name, and axes stores it as given in a
# column this long: PostgreSQL refused a longer one with a 500. No account's name is that
# long (150 at most), so a cut one is still a failed attempt, counted for the limits.
USERNAME_COLUMN = AccessAttempt._meta.get_field("username").max_length or 255


def attempted_username(request: HttpRequest, credentials: Mapping[str, Any] | None) -> str | None:
    """The user name of a sign-in attempt, as axes may store it (every sign-in path)."""
    field = str(getattr(settings, "AXES_USERNAME_FORM_FIELD", "username"))
    source = credentials if credentials else getattr(request, "data", request.POST)
    username = source.get(field)
    if not isinstance(username, str):
        return None
    # A text column cannot hold NUL on PostgreSQL either.
    return username.replace("\x00", "\ufffd")[:USERNAME_COLUMN]


class AccountAndAddressHandler(AxesDatabaseHandler):  # type: ignore[misc]
    """Counts failures for a username at an address (AXES_FAILURE_LIMIT) and for the
    address whatever the username (SIGN_IN_ADDRESS_FAILURE_LIMIT). axes compares one count
    with one limit, so the address's count is lowered by the difference of the limits: it
    reaches AXES_FAILURE_LIMIT exactly when the address reaches its own."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        pair, address = self._pair_and_address(request, credentials)
        headroom = settings.SIGN_IN_ADDRESS_FAILURE_LIMIT - settings.AXES_FAILURE_LIMIT
        return max(_failures(pair), _failures(address) - headroom)

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        # A success clears that account's failures only: signing in to one's own account
        # must not wipe the count of the other names tried from the address.
        pair, _address = self._pair_and_address(request, credentials, recent_only=False)
        deleted, _ = pair.delete()
        return int(deleted)

    def _pair_and_address(
        self, request: HttpRequest, credentials: dict[str, Any] | None, *, recent_only: bool = True
    ) -> tuple[QuerySet[AccessAttempt], QuerySet[AccessAttempt]]:
        find = self.get_user_attempts if recent_only else self.filter_user_attempts
        pair, address = find(request, credentials)  # AXES_LOCKOUT_PARAMETERS' two entries
        return pair, address


def _failures(attempts: QuerySet[AccessAttempt]) -> int:
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)
