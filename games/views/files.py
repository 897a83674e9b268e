"""A season's files: its score file and standings to download, its charts."""

from __future__ import annotations

from collections.abc import Iterable

from csp.constants import NONE, UNSAFE_INLINE
from csp.decorators import csp_replace
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games import charts, exporting, selectors
from games.access import ClubAccess, club_access
from games.forms import StandingsFilterForm
from games.models import Membership, Season, Session
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER
SESSIONS_SHOWN = 100


def _season(access: ClubAccess, season_id: int) -> Season:
    queryset = Season.objects.select_related("rule_set", "club")
    return get_object_or_404(queryset, club=access.club, pk=season_id)


# --- exports ------------------------------------------------------------------------------


def _attachment(lines: Iterable[str], content_type: str, name: str) -> StreamingHttpResponse:
    """A download that streams out as its lines are made (the view returns before the
    first row is read), so a worker's memory does not grow with the season."""
    encoded = (line.encode() for line in lines)
    response = StreamingHttpResponse(encoded, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def season_score_file(request: HttpRequest, slug: str, season_id: int) -> StreamingHttpResponse:
    access = club_access(request, slug)
    season = _season(access, season_id)
    score_format = exporting.season_format(season)
    if score_format is None:
        raise Http404(_("This rule family has no score-file format."))
    lines = exporting.season_score_file(season=season, score_format=score_format)
    return _attachment(lines, "text/plain", exporting.download_name(season, "txt"))


def session_game_file(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """The session as its family's game file, for whoever may read the session."""
    access = club_access(request, slug)
    session = get_object_or_404(
        Session.objects.select_related("club", "rule_set_version__rule_set"),
        club=access.club,
        pk=session_id,
    )
    text = exporting.session_game_file(session=session)
    if text is None:
        raise Http404(_("This rule family has no game file."))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = exporting.game_file_name(session)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _filtered_standings(request: HttpRequest, season: Season) -> list[selectors.StandingRow]:
    filters = StandingsFilterForm(request.GET or None)
    criteria = filters.cleaned_data if filters.is_valid() else {}
    # The charts and downloads of the season page the visitor has just seen: the standings
    # that page computed, while they are current.
    return selectors.season_standings_shared(
        season=season,
        date_from=criteria.get("date_from"),
        date_to=criteria.get("date_to"),
        min_games=criteria.get("min_games") or 0,
    )


def season_standings_file(
    request: HttpRequest, slug: str, season_id: int, kind: str
) -> StreamingHttpResponse:
    access = club_access(request, slug)
    season = _season(access, season_id)
    if kind not in ("csv", "tsv"):
        raise Http404(_("Standings come as .csv or .tsv."))
    standings = _filtered_standings(request, season)
    if kind == "csv":
        lines = exporting.standings_csv(season, standings)
        return _attachment(lines, "text/csv", exporting.download_name(season, "csv"))
    lines = exporting.standings_tsv(season, standings)
    return _attachment(lines, "text/tab-separated-values", exporting.download_name(season, "tsv"))


# A chart is an SVG image: matplotlib styles it with an inline <style>, and it needs nothing else.
# (django-csp types its decorators for views that take the request alone.)
@csp_replace({"default-src": [NONE], "style-src": [UNSAFE_INLINE]})  # type: ignore[arg-type]
def season_chart(request: HttpRequest, slug: str, season_id: int, chart: str) -> HttpResponse:
    access = club_access(request, slug)
    season = _season(access, season_id)
    if not get_family(season.rule_set.family).analysis_charts or chart not in charts.CHARTS:
        raise Http404(_("No such chart."))
    svg = charts.chart_svg(charts.CHARTS[chart], _filtered_standings(request, season))
    return HttpResponse(svg, content_type="image/svg+xml")
