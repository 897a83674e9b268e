"""An import job: an uploaded score file on its way from preview to the season's hands."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class ImportJob(models.Model):
    """One uploaded file: checked (the preview), confirmed, then imported by a worker.

    The file waits in Django's storage under ``file``; what the preview found is kept in
    ``preview`` and what stopped it in ``problems``. The import itself is one transaction,
    so a job that failed, was cancelled or lost its worker has written nothing."""

    class Status(models.TextChoices):
        CHECKING = "checking", gettext_lazy("Checking the file")
        CHECKED = "checked", gettext_lazy("Checked: waiting for confirmation")
        QUEUED = "queued", gettext_lazy("Waiting for a worker")
        RUNNING = "running", gettext_lazy("Importing")
        DONE = "done", gettext_lazy("Imported")
        FAILED = "failed", gettext_lazy("Failed")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    class Kind(models.TextChoices):
        SCORES = "scores", gettext_lazy("Score file")
        PMN = "pmn", gettext_lazy("PMN game records")
        TENHOU = "tenhou", gettext_lazy("Tenhou game logs")
        GAMES = "games", gettext_lazy("Games file")

    WAITING = (Status.CHECKING, Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey("games.Season", on_delete=models.CASCADE, related_name="imports")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.CHECKING)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SCORES)
    file_name = models.CharField(max_length=255)
    # The name in the default storage: the score file's text, or the PMN files (Tenhou
    # logs) as JSON ([{"name": ..., "text": ...}]).
    file = models.CharField(max_length=255)
    digest = models.CharField(max_length=64)
    # score_format, rule_set (id), undated_on (ISO date), create_players, make_current;
    # PMN and Tenhou logs: rule_set (id), played_on (ISO date), create_players; games file:
    # rule_set (id), create_players, make_current
    options = models.JSONField(default=dict)
    preview = models.JSONField(default=dict)
    # [{"line": int | None, "message": str, "detail": str}], in the file's order
    problems = models.JSONField(default=list)
    # {"hands": n, "sessions": n, "players": n, "skipped": n} once imported
    result = models.JSONField(default=dict)
    attempts = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_importjob"  # made when imports were part of the core app
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["season", "-created_at"], name="import_job_season")]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.get_status_display()})"

    @property
    def is_waiting(self) -> bool:
        return self.status in self.WAITING

    def option(self, name: str) -> Any:
        return self.options.get(name)
