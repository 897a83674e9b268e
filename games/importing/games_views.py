"""A season's games file: its download, and its upload into a season (then the import's
own page, as a score file's); an MCR session's PMN records."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.access import club_access, signed_in
from games.importing import jobs, score_import
from games.importing.forms import GamesImportForm
from games.importing.games_file import season_games_lines
from games.importing.pmn_export import session_pmn
from games.models import Membership, Season, Session
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER


def season_games_file(request: HttpRequest, slug: str, season_id: int) -> StreamingHttpResponse:
    access = club_access(request, slug)
    season = get_object_or_404(
        Season.objects.select_related("rule_set", "club"), club=access.club, pk=season_id
    )
    lines = (line.encode() for line in season_games_lines(season=season))
    response = StreamingHttpResponse(lines, content_type="application/jsonl; charset=utf-8")
    name = f"{season.club.slug}-{slugify(season.name) or 'season'}.games.jsonl"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def season_games_import(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = get_object_or_404(
        Season.objects.select_related("rule_set", "club"), club=access.club, pk=season_id
    )
    form = GamesImportForm(request.POST or None, request.FILES or None, club=access.club)
    problems: list[score_import.Problem] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["games_file"]
        try:
            score_import.check_size(upload.size)
            text = score_import.decode(upload.read())
        except score_import.ImportRefused as refused:
            problems = refused.problems
        else:
            job = jobs.games_job_create(
                season=season,
                file_name=upload.name,
                text=text,
                rule_set=form.cleaned_data["rule_set"],
                by=signed_in(request),
            )
            return redirect("importing:job", slug=slug, job_id=job.pk)
    context = {
        "access": access,
        "club": access.club,
        "season": season,
        "form": form,
        "problems": problems,
        "imports": season.imports.select_related("created_by")[:10],
    }
    return render(request, "importing/games.html", context)


def session_pmn_file(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """An MCR session's hands as PMN game records (``pmn_export``)."""
    access = club_access(request, slug)
    session = get_object_or_404(
        Session.objects.select_related("season", "club", "rule_set_version__rule_set"),
        club=access.club,
        pk=session_id,
    )
    if not get_family(session.rule_set_version.rule_set.family).pmn_records:
        raise Http404(_("Only MCR games are written as PMN records."))
    records = session_pmn(session=session)
    response = HttpResponse(records.text, content_type="text/plain; charset=utf-8")
    name = f"{session.club.slug}-{session.played_on.isoformat()}-{session.pk}.pmn"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["X-Hands-Left-Out"] = ",".join(str(place) for place, _why in records.left_out)
    return response
