"""The ratings' replay marks in the operator's admin: a mark that stays long names a club
and family whose ratings job keeps failing (its error is in the job's result)."""

from __future__ import annotations

from django.contrib import admin

from games.admin import ReadOnlyAdmin
from games.stats.models import RatingsPending


@admin.register(RatingsPending)
class RatingsPendingAdmin(ReadOnlyAdmin):
    list_display = ["club", "family", "since", "job"]
    list_filter = ["family"]

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False  # without its mark, a failed replay would leave the ratings stale
