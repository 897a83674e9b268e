"""One person's page across the clubs they play in (what each club lets the viewer see),
and the people of every visible club ranked together, for a federation."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.forms import DateRangeForm, StandingsFilterForm
from games.models import Club, Rating
from games.stats.federation import federation_table, visible_clubs
from games.stats.profile import profile
from games.stats.reads import EVERY_DAY, DateRange
from scoring.families import FAMILIES, get_family


def person(request: HttpRequest, username: str) -> HttpResponse:
    """404 when the viewer may see none of the person's clubs: their existence stays hidden."""
    account = get_object_or_404(User, username=username, is_active=True)
    filters = DateRangeForm(request.GET or None)
    dates = EVERY_DAY
    if filters.is_valid():
        dates = DateRange(filters.cleaned_data["date_from"], filters.cleaned_data["date_to"])
    parts = profile(person=account, viewer=request.user, dates=dates)
    if not parts:
        raise Http404(_("No such person."))
    shown = [(part, [(get_family(line.family), line) for line in part.lines]) for part in parts]
    context = {"person": account, "parts": shown, "filters": filters, "dates": dates}
    return render(request, "games/person.html", context)


def people(request: HttpRequest) -> HttpResponse:
    """Everyone with an account rated in a club the viewer may see, in one family, best
    rating first; a minimum of rated sessions filters out the barely known."""
    families = _rated_families(request)
    key = request.GET.get("family")
    key = key if key in families else (families[0] if families else None)
    filters = StandingsFilterForm(request.GET or None)
    min_games = (filters.cleaned_data.get("min_games") if filters.is_valid() else None) or 0
    rows = (
        []
        if key is None
        else federation_table(viewer=request.user, family=key, min_games=min_games)
    )
    context = {
        "families": [get_family(f) for f in families],
        "family": get_family(key) if key else None,
        "min_games": min_games,
        "rows": rows,
    }
    return render(request, "games/people.html", context)


def _rated_families(request: HttpRequest) -> list[str]:
    """The families with ratings in a visible club, the most rated first."""
    clubs = Club.objects.filter(visible_clubs(request.user)).values("pk")
    counts = (
        Rating.objects.filter(club_id__in=clubs, player__user__isnull=False)
        .values("family")
        .annotate(n=Count("id"))
        .order_by("-n", "family")
    )
    return [row["family"] for row in counts if row["family"] in FAMILIES]
