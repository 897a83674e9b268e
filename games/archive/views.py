"""A club's archive pages: an organiser downloads the club; a signed-in account uploads an
archive and becomes the organiser of the club it makes."""

from __future__ import annotations

import tempfile

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext

from games.access import club_access, signed_in
from games.archive.exporting import club_archive_write
from games.archive.loading import club_archive_load
from games.archive.reading import ArchiveRefused
from games.models import Membership

# An archive stays in memory up to this size while it is written, then goes to a file.
SPOOL_BYTES = 8 * 1024 * 1024


class ArchiveUploadForm(forms.Form):
    archive = forms.FileField(label=gettext_lazy("Club archive (.zip)"))
    slug = forms.SlugField(
        label=gettext_lazy("Address"),
        required=False,
        max_length=50,
        help_text=gettext_lazy("The new club's page is /c/<address>/; blank: the archive's own."),
    )


@login_required
def club_archive(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=Membership.Role.ORGANISER)
    return render(request, "archive/club_archive.html", {"club": access.club})


@login_required
def club_archive_download(request: HttpRequest, slug: str) -> FileResponse:
    access = club_access(request, slug, role=Membership.Role.ORGANISER)
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 (the answer closes it)
    club_archive_write(club=access.club, out=out)
    out.seek(0)
    name = f"{access.club.slug}-{timezone.localdate().isoformat()}.zip"
    return FileResponse(out, as_attachment=True, filename=name, content_type="application/zip")


@login_required
def club_archive_upload(request: HttpRequest) -> HttpResponse:
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            loaded = club_archive_load(
                source=form.cleaned_data["archive"],
                slug=form.cleaned_data["slug"] or None,
                organiser=signed_in(request),
            )
        except ArchiveRefused as refused:
            problems = [str(problem) for problem in refused.problems]
        else:
            message = ngettext(
                "%(club)s is here, and you organise it. %(count)d member of the archive has "
                "an invitation: send it from the members page.",
                "%(club)s is here, and you organise it. %(count)d members of the archive "
                "have an invitation: send them from the members page.",
                loaded.invitations,
            )
            messages.success(
                request, message % {"club": loaded.club.name, "count": loaded.invitations}
            )
            return redirect("league:club", slug=loaded.club.slug)
    context = {"form": form, "problems": problems, "file": request.FILES.get("archive")}
    return render(request, "archive/club_upload.html", context, status=400 if problems else 200)
