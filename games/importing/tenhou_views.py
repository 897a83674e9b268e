"""Importing Tenhou JSON game logs into a riichi season: upload, preview, confirm."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_noop, ngettext

from games.access import club_access
from games.importing.forms import TenhouImportForm
from games.importing.models import ImportJob
from games.importing.pmn_import import RecordFile
from games.importing.pmn_views import queue_records, record_files
from games.importing.tenhou_import import (
    MAX_TOTAL_BYTES,
    TenhouPlan,
    decode_log_upload,
    tenhou_import_plan,
)
from games.models import Membership, Season
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER
MISSING = gettext_noop("Choose one or more Tenhou logs.")


@login_required
def tenhou_import_view(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )
    context: dict[str, Any] = {"access": access, "club": access.club, "season": season}
    if not get_family(season.rule_set.family).tenhou_logs:
        return render(request, "importing/tenhou.html", context)
    form = TenhouImportForm(
        request.POST or None,
        request.FILES or None,
        club=access.club,
        initial={"rule_set": season.rule_set},
    )
    plan: TenhouPlan | None = None
    files: list[RecordFile] = []
    if request.method == "POST" and form.is_valid():
        files = record_files(request, form, decode_log_upload, MAX_TOTAL_BYTES, MISSING)
        if files:
            rule_set = form.cleaned_data["rule_set"]
            plan = tenhou_import_plan(season=season, rule_set=rule_set, files=files)
            if request.POST.get("action") == "import":
                job = queue_records(
                    request,
                    form,
                    season,
                    files,
                    plan,
                    nothing_new=_nothing_new(plan),
                    kind=ImportJob.Kind.TENHOU,
                )
                if job is not None:
                    return redirect("importing:job", slug=slug, job_id=job.pk)
    context.update(form=form, plan=plan, files=files)
    return render(request, "importing/tenhou.html", context)


def _nothing_new(plan: TenhouPlan) -> str | None:
    if plan.new_logs:
        return None
    message = ngettext(
        "Nothing new: %(count)s log had been imported before.",
        "Nothing new: all %(count)s logs had been imported before.",
        plan.skipped,
    )
    return message % {"count": plan.skipped}
