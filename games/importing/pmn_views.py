"""Importing PMN game records into an MCR season: upload, preview, confirm."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop

from games.access import club_access, signed_in
from games.importing import jobs
from games.importing.forms import PmnImportForm
from games.importing.models import ImportJob
from games.importing.pmn_import import (
    MAX_TOTAL_BYTES,
    ImportPlan,
    RecordFile,
    decode_upload,
    pmn_import_plan,
)
from games.models import Membership, Season
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER


@login_required
def pmn_import_view(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    season = get_object_or_404(
        Season.objects.select_related("rule_set"), club=access.club, pk=season_id
    )
    context: dict[str, Any] = {"access": access, "club": access.club, "season": season}
    if not get_family(season.rule_set.family).pmn_records:
        return render(request, "importing/pmn.html", context)
    form = PmnImportForm(
        request.POST or None,
        request.FILES or None,
        club=access.club,
        initial={"rule_set": season.rule_set},
    )
    plan: ImportPlan | None = None
    files: list[RecordFile] = []
    if request.method == "POST" and form.is_valid():
        files = record_files(request, form)
        if files:
            data = form.cleaned_data
            plan = pmn_import_plan(
                season=season, rule_set=data["rule_set"], files=files, played_on=data["played_on"]
            )
            if request.POST.get("action") == "import":
                nothing_new = None if plan.new_games else _nothing_new(plan.skipped)
                job = queue_records(request, form, season, files, plan, nothing_new=nothing_new)
                if job is not None:
                    return redirect("importing:job", slug=slug, job_id=job.pk)
    context.update(form=form, plan=plan, files=files)
    return render(request, "importing/pmn.html", context)


class RecordsPlan(Protocol):
    """What queueing needs of a PMN records' or Tenhou logs' plan."""

    errors: list[str]
    unknown_names: list[str]


def queue_records(
    request: HttpRequest,
    form: PmnImportForm,
    season: Season,
    files: list[RecordFile],
    plan: RecordsPlan,
    *,
    nothing_new: str | None,
    kind: str = ImportJob.Kind.PMN,
) -> ImportJob | None:
    """Queue the previewed import for a worker, or put on the form what stops it
    (``nothing_new``: what to say when no game of the files is new)."""
    data = form.cleaned_data
    if plan.errors:  # the preview lists them
        return None
    if nothing_new is not None:
        form.add_error(None, nothing_new)
        return None
    if plan.unknown_names and not data["create_players"]:
        names = ", ".join(plan.unknown_names)
        form.add_error(
            None,
            gettext("Confirm that these new players may be created: %(names)s.") % {"names": names},
        )
        return None
    return jobs.pmn_job_queue(
        season=season,
        rule_set=data["rule_set"],
        files=files,
        played_on=data["played_on"],
        create_players=data["create_players"],
        by=signed_in(request),
        kind=kind,
    )


def record_files(
    request: HttpRequest,
    form: PmnImportForm,
    decode: Callable[[str, bytes], RecordFile] = decode_upload,
    limit: int = MAX_TOTAL_BYTES,
    missing: str = gettext_noop("Choose one or more PMN files."),
) -> list[RecordFile]:
    """The uploaded files, or the texts the preview carried over, each read by ``decode``;
    errors go on the form."""
    uploads = form.cleaned_data["files"]
    if uploads:
        pairs = [(upload.name, upload.read(limit + 1)) for upload in uploads]
    else:
        names, texts = request.POST.getlist("record_name"), request.POST.getlist("record_text")
        pairs = [(name, text.encode("utf-8")) for name, text in zip(names, texts, strict=False)]
    if not pairs:
        form.add_error("files", gettext(missing))
        return []
    if sum(len(data) for _, data in pairs) > limit:
        form.add_error(
            "files", gettext("Upload at most %(limit)s KB at a time.") % {"limit": limit // 1024}
        )
        return []
    files, errors = [], []
    for name, data in pairs:
        try:
            files.append(decode(name, data))
        except ValidationError as error:
            errors.extend(error.messages)
    if errors:
        form.add_error("files", errors)
        return []
    return files


def _nothing_new(skipped: int) -> str:
    return gettext("Nothing new: all %(count)s games had been imported before.") % {
        "count": skipped
    }
