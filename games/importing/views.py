"""Importing a score file: upload (kept in storage and checked), the job page with the
preview and then the progress, confirm, cancel and retry."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import ClubAccess, club_access, signed_in
from games.importing import jobs, progress, score_import
from games.importing.forms import ScoreImportConfirmForm, ScoreImportForm
from games.importing.models import ImportJob
from games.models import Membership, Season
from scoring.score_files import format_for_family

ORGANISER = Membership.Role.ORGANISER
Status = ImportJob.Status


def _season(access: ClubAccess, season_id: int) -> Season:
    queryset = Season.objects.select_related("rule_set", "club")
    return get_object_or_404(queryset, club=access.club, pk=season_id)


def _job(access: ClubAccess, job_id: uuid.UUID) -> ImportJob:
    queryset = ImportJob.objects.select_related("season__club", "season__rule_set")
    return get_object_or_404(queryset, club=access.club, pk=job_id)


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
    problems: list[score_import.Problem] = []
    if request.method == "POST" and form.is_valid():
        try:
            job = _upload(request, season, form.cleaned_data)
        except score_import.ImportRefused as refused:
            problems = refused.problems
        else:
            return redirect("importing:job", slug=slug, job_id=job.pk)
    context = {
        "access": access,
        "club": access.club,
        "season": season,
        "form": form,
        "problems": problems,
        "imports": season.imports.select_related("created_by")[:10],
    }
    return render(request, "importing/scores.html", context)


def _upload(request: HttpRequest, season: Season, data: dict[str, Any]) -> ImportJob:
    upload = data["score_file"]
    score_import.check_size(upload.size)
    text = score_import.decode(upload.read())
    options = {
        "score_format": data["score_format"],
        "rule_set": data["rule_set"].pk if data["rule_set"] else None,
        "undated_on": data["undated_on"].isoformat() if data["undated_on"] else None,
    }
    by = signed_in(request)
    return jobs.job_create(season=season, file_name=upload.name, text=text, options=options, by=by)


@login_required
def import_job(request: HttpRequest, slug: str, job_id: uuid.UUID) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    job = _job(access, job_id)
    confirm = ScoreImportConfirmForm(initial={"digest": job.digest})
    return _render_job(request, access, job, confirm)


def _render_job(
    request: HttpRequest,
    access: ClubAccess,
    job: ImportJob,
    confirm: ScoreImportConfirmForm,
    refused: list[score_import.Problem] | None = None,
) -> HttpResponse:
    context = {
        "access": access,
        "club": access.club,
        "season": job.season,
        "job": job,
        "state": job_state(job),
        "preview": job.preview,
        "problems": refused or jobs.problems_of(job),
        "confirm": confirm if _can_confirm(job) else None,
        "can_retry": jobs.job_can_retry(job),
    }
    return render(request, "importing/job.html", context)


def _can_confirm(job: ImportJob) -> bool:
    return job.status == Status.CHECKED and bool(job.preview.get("can_import"))


def job_state(job: ImportJob) -> dict[str, Any]:
    """What the progress bar shows: the page renders it, and the page's script polls it."""
    seen = progress.snapshot(str(job.pk)) if job.is_waiting else None
    lost = jobs.is_lost(job, seen)  # the worker's report, read once
    percent = 100 if job.status == Status.DONE else (seen.percent if seen else 0)
    state: dict[str, Any] = {
        "status": job.status,
        "label": _("Stopped: the worker was lost") if lost else job.get_status_display(),
        "waiting": job.is_waiting and not lost,
        "lost": lost,
        "percent": percent,
        "stage": seen.stage if seen else "",
        "done": seen.done if seen else 0,
        "total": seen.total if seen else 0,
        "seconds_left": seen.seconds_left if seen else None,
    }
    return state


@login_required
def import_job_progress(request: HttpRequest, slug: str, job_id: uuid.UUID) -> JsonResponse:
    access = club_access(request, slug, role=ORGANISER)
    job = _job(access, job_id)
    state = job_state(job)
    context = {"state": state, "job": job}
    state["figures"] = render_to_string("importing/_figures.html", context).strip()
    return JsonResponse(state, headers={"Cache-Control": "no-store"})


@login_required
@require_POST
def import_job_confirm(request: HttpRequest, slug: str, job_id: uuid.UUID) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    job = _job(access, job_id)
    form = ScoreImportConfirmForm(request.POST)
    if not form.is_valid() or form.cleaned_data["digest"] != job.digest:
        messages.error(request, _("That preview is no longer available: upload the file again."))
        return redirect("importing:scores", slug=slug, season_id=job.season_id)
    refused = jobs.job_confirm(
        job,
        create_players=form.cleaned_data["create_players"],
        make_current=form.cleaned_data["make_current"],
    )
    if refused:
        return _render_job(request, access, job, form, refused)
    return redirect("importing:job", slug=slug, job_id=job.pk)


@login_required
@require_POST
def import_job_cancel(request: HttpRequest, slug: str, job_id: uuid.UUID) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    job = _job(access, job_id)
    jobs.job_cancel(job)
    messages.info(request, _("The import is being cancelled: nothing of it will be saved."))
    return redirect("importing:job", slug=slug, job_id=job.pk)


@login_required
@require_POST
def import_job_retry(request: HttpRequest, slug: str, job_id: uuid.UUID) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    job = _job(access, job_id)
    for problem in jobs.job_retry(job):
        messages.error(request, str(problem))
    return redirect("importing:job", slug=slug, job_id=job.pk)
