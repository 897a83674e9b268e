"""The language switcher every page carries."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from games.access import signed_in_or_none
from games.languages import LANGUAGE_CODES, language_choose


@require_POST
def choose(request: HttpRequest) -> HttpResponse:
    """Read the site in the language chosen, from now on (``next`` names the page to go
    back to; Django's ``set_language`` checks that it is this site's)."""
    code = request.POST.get("language", "")
    if code not in LANGUAGE_CODES:
        names = ", ".join(f"{name} ({key})" for key, name in settings.LANGUAGES)
        return HttpResponseBadRequest(
            _("%(code)r is not one of the site's languages: choose %(names)s.")
            % {"code": code[:20], "names": names},
            content_type="text/plain; charset=utf-8",
        )
    language_choose(request, signed_in_or_none(request), code)
    return set_language(request)
