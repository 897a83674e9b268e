"""Importing PMN game records into an MCR season: upload, preview, confirm."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from games.access import club_access, signed_in
from games.forms import PmnImportForm
from games.models import Membership, Season
from games.pmn_import import (
    MAX_TOTAL_BYTES,
    ImportPlan,
    RecordFile,
    decode_upload,
    pmn_import,
    pmn_import_plan,
)
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
        return render(request, "games/pmn_import.html", context)
    form = PmnImportForm(
        request.POST or None,
        request.FILES or None,
        club=access.club,
        initial={"rule_set": season.rule_set},
    )
    plan: ImportPlan | None = None
    files: list[RecordFile] = []
    if request.method == "POST" and form.is_valid():
        files = _record_files(request, form)
        if files:
            data = form.cleaned_data
            if request.POST.get("action") == "import":
                try:
                    result = pmn_import(
                        season=season,
                        rule_set=data["rule_set"],
                        files=files,
                        played_on=data["played_on"],
                        by=signed_in(request),
                        create_players=data["create_players"],
                    )
                except ValidationError as error:
                    form.add_error(None, error.messages)
                else:
                    messages.success(request, _imported(result.hands, result.skipped))
                    return redirect("season", slug=slug, season_id=season.pk)
            plan = pmn_import_plan(
                season=season, rule_set=data["rule_set"], files=files, played_on=data["played_on"]
            )
    context.update(form=form, plan=plan, files=files)
    return render(request, "games/pmn_import.html", context)


def _record_files(request: HttpRequest, form: PmnImportForm) -> list[RecordFile]:
    """The uploaded files, or the texts the preview carried over; errors go on the form."""
    uploads = form.cleaned_data["files"]
    if uploads:
        pairs = [(upload.name, upload.read(MAX_TOTAL_BYTES + 1)) for upload in uploads]
    else:
        names, texts = request.POST.getlist("record_name"), request.POST.getlist("record_text")
        pairs = [(name, text.encode("utf-8")) for name, text in zip(names, texts, strict=False)]
    if not pairs:
        form.add_error("files", "Choose one or more PMN files.")
        return []
    if sum(len(data) for _, data in pairs) > MAX_TOTAL_BYTES:
        form.add_error("files", f"Upload at most {MAX_TOTAL_BYTES // 1024} KB at a time.")
        return []
    files, errors = [], []
    for name, data in pairs:
        try:
            files.append(decode_upload(name, data))
        except ValidationError as error:
            errors.extend(error.messages)
    if errors:
        form.add_error("files", errors)
        return []
    return files


def _imported(hands: int, skipped: int) -> str:
    if not hands:
        return f"Nothing new: all {skipped} games had been imported before."
    message = f"Imported {hands} game{'s' if hands != 1 else ''}."
    if skipped:
        message += f" {skipped} had been imported before and were left as they are."
    return message
