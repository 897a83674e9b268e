"""The language switcher every page carries."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from games.access import signed_in_or_none
from games.languages import LANGUAGE_CODES, SCRIPT_COOKIE, language_choose, script_choose
from scoring.chinese import SCRIPTS


@require_POST
def choose(request: HttpRequest) -> HttpResponse:
    """Read the site in the language chosen (``language``), or the Chinese of English pages
    in the script chosen (``chinese_script``), from now on; ``next`` names the page to go
    back to (Django's ``set_language`` checks that it is this site's)."""
    if "chinese_script" in request.POST:
        return _choose_script(request, request.POST["chinese_script"])
    code = request.POST.get("language", "")
    if code not in LANGUAGE_CODES:
        names = ", ".join(f"{name} ({key})" for key, name in settings.LANGUAGES)
        return _refused(
            _("%(code)r is not one of the site's languages: choose %(names)s.")
            % {"code": code[:20], "names": names}
        )
    language_choose(request, signed_in_or_none(request), code)
    return set_language(request)


def _choose_script(request: HttpRequest, script: str) -> HttpResponse:
    if script not in SCRIPTS:
        return _refused(
            _("%(script)r is not a script of Chinese names: choose hant or hans.")
            % {"script": script[:20]}
        )
    script_choose(request, signed_in_or_none(request), script)
    # set_language redirects to ``next`` (checked); with no language it sets no cookie.
    response = set_language(request)
    # The same flags as the language's cookie: https-only in production, no script reads it.
    response.set_cookie(
        SCRIPT_COOKIE,
        script,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )
    return response


def _refused(message: str) -> HttpResponse:
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
