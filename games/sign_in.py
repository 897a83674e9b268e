"""What the sign-in limiter (django-axes) records of an attempt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
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
