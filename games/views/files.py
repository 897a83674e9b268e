"""A season's files: importing a score file with a preview, exports, standings files, charts."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from typing import Any

from csp.constants import NONE, UNSAFE_INLINE
from csp.decorators import csp_replace
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import charts, exporting, importing, selectors
from games.access import ClubAccess, club_access, signed_in
from games.forms import ScoreImportConfirmForm, ScoreImportForm, StandingsFilterForm
from games.models import Membership, RuleSet, Season
from scoring.families import get_family
from scoring.score_files import SCORE_FORMATS, format_for_family

ORGANISER = Membership.Role.ORGANISER
# The previewed file's options, and the name its text is kept under (reading.pending_file_*).
PENDING = "score_import"
SESSIONS_SHOWN = 100


def _season(access: ClubAccess, season_id: int) -> Season:
    queryset = Season.objects.select_related("rule_set", "club")
    return get_object_or_404(queryset, club=access.club, pk=season_id)


# --- import -------------------------------------------------------------------------------


@login_required
def season_import(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = _season(access, season_id)
    default = format_for_family(season.rule_set.family)
    form = ScoreImportForm(
        request.POST or None,
        request.FILES or None,
        club=access.club,
        initial={"score_format": default.key if default else None},
    )
    if request.method == "POST" and form.is_valid():
        return _preview(request, access, season, form.cleaned_data)
    context = {"access": access, "club": access.club, "season": season, "form": form}
    return render(request, "games/score_import.html", context)


def _preview(
    request: HttpRequest, access: ClubAccess, season: Season, data: dict[str, Any]
) -> HttpResponse:
    upload = data["score_file"]
    options = {
        "score_format": SCORE_FORMATS[data["score_format"]],
        "rule_set": data["rule_set"],
        "undated_on": data["undated_on"],
        "max_games": importing.page_max_games(),
    }
    try:
        importing.check_size(upload.size)
        text = importing.decode(upload.read())
        plan = importing.plan_import(season=season, text=text, **options)
    except importing.ImportRefused as refused:
        return _render_preview(request, access, season, None, refused.problems)
    digest = hashlib.sha256(text.encode()).hexdigest()
    _forget_pending(request)
    request.session[PENDING] = {
        "season": season.pk,
        "score_format": data["score_format"],
        "rule_set": data["rule_set"].pk if data["rule_set"] else None,
        "undated_on": data["undated_on"].isoformat() if data["undated_on"] else None,
        "name": upload.name,
        "digest": digest,
        "file": importing.pending_file_save(text=text),
    }
    confirm = ScoreImportConfirmForm(initial={"digest": digest})
    return _render_preview(request, access, season, plan, plan.problems, confirm)


def _render_preview(
    request: HttpRequest,
    access: ClubAccess,
    season: Season,
    plan: importing.ImportPlan | None,
    problems: list[importing.Problem],
    confirm: ScoreImportConfirmForm | None = None,
) -> HttpResponse:
    context = {
        "access": access,
        "club": access.club,
        "season": season,
        "plan": plan,
        "problems": problems,
        # Refused only for want of permission to add players: offer the choice again.
        "confirm": confirm if plan and not plan.problems and not plan.creates_nothing else None,
        "sessions": plan.sessions[:SESSIONS_SHOWN] if plan else [],
        "file_name": request.session.get(PENDING, {}).get("name", ""),
    }
    return render(request, "games/score_import_preview.html", context)


@login_required
@require_POST
def season_import_confirm(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = _season(access, season_id)
    pending = request.session.get(PENDING)
    form = ScoreImportConfirmForm(request.POST)
    text = _pending_text(pending, season, form)
    if pending is None or text is None:
        messages.error(request, "That preview is no longer available: upload the file again.")
        return redirect("season_import", slug=slug, season_id=season.pk)
    options = _pending_options(access, pending, text)
    try:
        plan = importing.import_scores(
            season=season,
            by=signed_in(request),
            create_players=form.cleaned_data["create_players"],
            make_current=form.cleaned_data["make_current"],
            **options,
        )
    except importing.ImportRefused as refused:
        replanned = _replanned(season, options)
        return _render_preview(request, access, season, replanned, refused.problems, form)
    _forget_pending(request)
    messages.success(
        request,
        f"Imported {plan.new_hand_count} hands in {len(plan.new_sessions)} new sessions"
        f" and added {len(plan.new_players)} players.",
    )
    return redirect("season", slug=slug, season_id=season.pk)


def _replanned(season: Season, options: dict[str, Any]) -> importing.ImportPlan | None:
    """The plan to show beside a refused confirmation (none if the file no longer reads)."""
    try:
        return importing.plan_import(season=season, **options)
    except importing.ImportRefused:
        return None


def _pending_text(
    pending: dict[str, Any] | None, season: Season, form: ScoreImportConfirmForm
) -> str | None:
    """The previewed file's text, if the confirmation is for that very preview."""
    if not pending or pending["season"] != season.pk or "file" not in pending:
        return None
    if not form.is_valid() or form.cleaned_data["digest"] != pending["digest"]:
        return None
    return importing.pending_file_read(name=pending["file"])


def _forget_pending(request: HttpRequest) -> None:
    pending = request.session.pop(PENDING, None)
    if pending and "file" in pending:
        importing.pending_file_delete(name=pending["file"])


def _pending_options(access: ClubAccess, pending: dict[str, Any], text: str) -> dict[str, Any]:
    rule_set = None
    if pending["rule_set"] is not None:
        rule_set = get_object_or_404(RuleSet, club=access.club, pk=pending["rule_set"])
    undated = pending["undated_on"]
    return {
        "text": text,
        "max_games": importing.page_max_games(),
        "score_format": SCORE_FORMATS[pending["score_format"]],
        "rule_set": rule_set,
        "undated_on": dt.date.fromisoformat(undated) if undated else None,
    }


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
        raise Http404("This rule family has no score-file format.")
    lines = exporting.season_score_file(season=season, score_format=score_format)
    return _attachment(lines, "text/plain", exporting.download_name(season, "txt"))


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
        raise Http404("Standings come as .csv or .tsv.")
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
        raise Http404("No such chart.")
    svg = charts.chart_svg(charts.CHARTS[chart], _filtered_standings(request, season))
    return HttpResponse(svg, content_type="image/svg+xml")
