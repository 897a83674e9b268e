"""One person's page across the clubs they play in: what each club lets the viewer see."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.stats.profile import profile
from scoring.families import get_family


def person(request: HttpRequest, username: str) -> HttpResponse:
    """404 when the viewer may see none of the person's clubs: their existence stays hidden."""
    account = get_object_or_404(User, username=username, is_active=True)
    parts = profile(person=account, viewer=request.user)
    if not parts:
        raise Http404(_("No such person."))
    shown = [(part, [(get_family(line.family), line) for line in part.lines]) for part in parts]
    return render(request, "games/person.html", {"person": account, "parts": shown})
