"""Import jobs in the operator's admin: read only (a job is the site's record of an upload)."""

from __future__ import annotations

from django.contrib import admin

from games.admin import ReadOnlyAdmin
from games.importing.models import ImportJob


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnlyAdmin):
    list_display = ["file_name", "club", "season", "kind", "status", "created_at", "finished_at"]
    list_filter = ["status", "kind"]
    search_fields = ["file_name", "club__name"]
