"""The statistics pages: a player's figures (a part of their page), a club's ratings
table, one person across the clubs they play in (what each club lets the viewer see), and
the people of every visible club ranked together, for a federation."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.access import club_access
from games.forms import DateRangeForm, StandingsFilterForm
from games.models import Club, Player, Season
from games.snapshot import consistent_read
from games.stats import svg
from games.stats.federation import federation_table, visible_clubs
from games.stats.figures import thinned
from games.stats.models import Rating
from games.stats.profile import profile
from games.stats.ratings import REGULAR_SESSIONS, SETTLED_SIGMA, Skill
from games.stats.reads import (
    EVERY_DAY,
    DateRange,
    PlayerStats,
    player_stats,
    rating_families,
    rating_history,
    ratings_table,
)
from scoring.families import FAMILIES, get_family


def date_range(request: HttpRequest) -> tuple[DateRangeForm, DateRange]:
    """The page's date-range form and the range it asks for (every day when invalid)."""
    form = DateRangeForm(request.GET or None)
    if not form.is_valid():
        return form, DateRange()
    return form, DateRange(form.cleaned_data["date_from"], form.cleaned_data["date_to"])


@consistent_read
def player_figures(request: HttpRequest, player: Player, family: str) -> dict[str, Any]:
    """What the player's page shows of their statistics and rating in ``family``."""
    form, dates = date_range(request)
    stats = player_stats(player=player, family=family, dates=dates)
    history = rating_history(player=player, family=family)
    latest = history[-1] if history else None
    charted = thinned(history)
    return {
        "filters": form,
        "stats": stats,
        "opponents": stats.opponents[:FREQUENT_OPPONENTS],
        "net_chart": _net_chart(stats),
        "values_chart": svg.histogram_chart(_("Winning values"), stats.histogram),
        "rating": Skill(latest.mu, latest.sigma) if latest else None,
        "rated_sessions": latest.sessions if latest else 0,
        "rating_chart": svg.rating_chart(
            _("Rating (μ − 3σ) after each session, within μ ± 3σ"),
            [str(r.played_on) for r in charted],
            [r.mu for r in charted],
            [r.sigma for r in charted],
        ),
    }


FREQUENT_OPPONENTS = 8


def _net_chart(stats: PlayerStats) -> Any:
    points = thinned(stats.net_over_time)
    return svg.line_chart(
        _("Net score over time, after each session"),
        [str(day) for day, _ in points],
        [float(net) for _, net in points],
    )


def club_ratings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's ratings in one family, for every season or one, with a minimum of games."""
    access = club_access(request, slug)
    families = rating_families(club=access.club)
    key = request.GET.get("family")
    key = key if key in families else (families[0] if families else None)
    seasons = access.club.seasons.select_related("rule_set").order_by("-id")
    in_family = [season for season in seasons if season.rule_set.family == key]
    season = _chosen_season(request, in_family)
    filters = StandingsFilterForm(request.GET or None)
    min_games = (filters.cleaned_data.get("min_games") if filters.is_valid() else None) or 0
    rows = (
        []
        if key is None
        else ratings_table(club=access.club, family=key, season=season, min_games=min_games)
    )
    context = {
        "access": access,
        "club": access.club,
        "families": [get_family(f) for f in families],
        "family": get_family(key) if key else None,
        "seasons": in_family,
        "season": season,
        "min_games": min_games,
        "rows": rows,
        "regular_sessions": REGULAR_SESSIONS,
        "settled_sigma": SETTLED_SIGMA,
    }
    return render(request, "stats/ratings.html", context)


def _chosen_season(request: HttpRequest, seasons: list[Season]) -> Season | None:
    wanted = request.GET.get("season", "")
    return next((season for season in seasons if str(season.pk) == wanted), None)


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
    return render(request, "stats/person.html", context)


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
    return render(request, "stats/people.html", context)


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
