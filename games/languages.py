"""The reader's language, and the script of the Chinese on English pages: a member's
choices follow their account from device to device; a visitor's are kept in cookies."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest

from games.models import Preferences
from scoring.chinese import SCRIPTS

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)
# Where a signed-in member's choices are kept for the session ("" when they made none).
SESSION_LANGUAGE = "language"
SESSION_SCRIPT = "chinese_script"
SCRIPT_COOKIE = "chinese_script"


def language_choose(request: HttpRequest, user: User | None, code: str) -> None:
    """Keep ``code`` as the reader's language: on the account (and in this session) for a
    member; the view sets the cookie for everyone."""
    if code not in LANGUAGE_CODES:
        raise ValueError(code)
    _keep(request, user, SESSION_LANGUAGE, "language", code)


def script_choose(request: HttpRequest, user: User | None, script: str) -> None:
    """Keep ``script`` ("hant" or "hans") for the Chinese of English pages."""
    if script not in SCRIPTS:
        raise ValueError(script)
    _keep(request, user, SESSION_SCRIPT, "chinese_script", script)


def _keep(request: HttpRequest, user: User | None, key: str, field: str, value: str) -> None:
    if user is None:
        return
    Preferences.objects.update_or_create(user=user, defaults={field: value})
    request.session[key] = value


def account_choices(user: User) -> tuple[str, str]:
    """The language and script the account chose ("" for each it never chose)."""
    found = Preferences.objects.filter(user=user).values_list("language", "chinese_script")
    language, script = found.first() or ("", "")
    return (
        language if language in LANGUAGE_CODES else "",
        script if script in SCRIPTS else "",
    )
