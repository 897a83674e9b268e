"""A season's page: standings with date-range and minimum-games filters, and its sessions."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import selectors
from games.access import club_access
from games.forms import StandingsFilterForm
from games.models import Season
from scoring.families import get_family


def season_detail(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug)
    season = get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )
    filters = StandingsFilterForm(request.GET or None)
    criteria = filters.cleaned_data if filters.is_valid() else {}
    # Computed here and shared with the page's charts (Big Two) and its downloads.
    standings = selectors.season_standings_shared(
        season=season,
        date_from=criteria.get("date_from"),
        date_to=criteria.get("date_to"),
        min_games=criteria.get("min_games") or 0,
        refresh=True,
    )
    context = {
        "access": access,
        "club": access.club,
        "season": season,
        "filters": filters,
        "standings": standings,
        "family": get_family(season.rule_set.family),
        "sessions": selectors.session_list(club=access.club, season=season),
    }
    return render(request, "games/season_detail.html", context)
