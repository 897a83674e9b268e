"""The reader's language: a member's choice follows their account from device to device."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest

from games.models import Preferences

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)
# Where a signed-in member's choice is kept for the session ("" when they made none).
SESSION_LANGUAGE = "language"


def language_choose(request: HttpRequest, user: User | None, code: str) -> None:
    """Keep ``code`` as the reader's language: on the account (and in this session) for a
    member; the view sets the cookie for everyone."""
    if code not in LANGUAGE_CODES:
        raise ValueError(code)
    if user is None:
        return
    Preferences.objects.update_or_create(user=user, defaults={"language": code})
    request.session[SESSION_LANGUAGE] = code


def account_language(user: User) -> str:
    """The language the account chose, or "" if it never did."""
    code = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    return code if code in LANGUAGE_CODES else ""
