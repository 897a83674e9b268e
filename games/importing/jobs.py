"""Imports as jobs: the upload is kept in storage, checked (inline when small, by a worker
when large), confirmed by the organiser, then imported by a worker in one transaction.

A job's life: ``checking`` → ``checked`` → (confirmed) ``queued`` → ``running`` → ``done``,
or ``failed`` (what stopped it, by line; nothing written) or ``cancelled``. A job whose
worker was lost (its heartbeat stopped; the transaction rolled back, or on SQLite the turns
it committed stayed: see ``writing``) can be retried, and
so can a failed or cancelled one while its file is kept: importing the same file again
creates nothing twice, so a retry is always safe.

Jobs are queued in the same transaction as the job's status (the database backend's queue is
a table): a worker sees the job once, and only once, the page's write has committed."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_tasks import task

from games.importing import progress
from games.importing.games_import import games_import, games_import_plan, games_preview
from games.importing.models import ImportJob
from games.importing.planning import plan_import
from games.importing.plans import (
    ImportPlan,
    ImportRefused,
    Problem,
    import_result,
    preview_summary,
)
from games.importing.pmn_import import RecordFile, pmn_import
from games.importing.reading import (
    inline_check_lines,
    pending_file_delete,
    pending_file_read,
    pending_file_save,
)
from games.importing.tenhou_import import tenhou_import
from games.importing.writing import import_scores, no_such_player
from games.models import RuleSet, Season
from games.webhooks.events import emit_import_finished
from scoring.score_files import SCORE_FORMATS

log = logging.getLogger(__name__)
Status = ImportJob.Status
SESSIONS_SHOWN = 100
NAME_LENGTH = ImportJob._meta.get_field("file_name").max_length or 255
FILE_GONE = gettext_noop(
    "The uploaded file is no longer kept (a day after its upload): upload it again."
)
LANGUAGE = "language"  # the option naming the language its problems are told in


# --- what the pages call ------------------------------------------------------------------


def job_create(
    *, season: Season, file_name: str, text: str, options: dict[str, Any], by: User | None
) -> ImportJob:
    """Keep the file and check it: at once when it is small enough to check within the
    request (at most ``SCORE_IMPORT_CHECK_INLINE_LINES`` lines), else by a worker."""
    job = _new_job(season, file_name, text, options, by)
    if text.count("\n") < inline_check_lines():  # at most that many lines, so as many games
        _check(job, text)
    else:
        check_import.enqueue(str(job.pk))
    return job


def games_job_create(
    *, season: Season, file_name: str, text: str, rule_set: RuleSet | None, by: User | None
) -> ImportJob:
    """Keep a games file and check it, as ``job_create`` does a score file."""
    options = {"rule_set": rule_set.pk if rule_set else None}
    job = _new_job(season, file_name, text, options, by, kind=ImportJob.Kind.GAMES)
    # A line holds a whole session: the hands (each has one "input") are what a check costs.
    if text.count('"input"') < inline_check_lines():
        _check(job, text)
    else:
        check_import.enqueue(str(job.pk))
    return job


def job_queue(
    *, season: Season, file_name: str, text: str, options: dict[str, Any], by: User | None
) -> ImportJob:
    """Queue an import without a preview (the command line's ``--background``): its
    problems, if any, are told on the job's page."""
    job = _new_job(season, file_name, text, options, by, status=Status.QUEUED)
    _enqueue_import(job)
    return job


def pmn_job_queue(
    *,
    season: Season,
    rule_set: RuleSet,
    files: Sequence[RecordFile],
    played_on: dt.date,
    create_players: bool,
    by: User,
    kind: str = ImportJob.Kind.PMN,
) -> ImportJob:
    """Queue the import of PMN game records (or, of that ``kind``, Tenhou game logs) the
    organiser has previewed."""
    text = json.dumps([{"name": f.name, "text": f.text} for f in files])
    names = ", ".join(f.name for f in files)
    options = {
        "rule_set": rule_set.pk,
        "played_on": played_on.isoformat(),
        "create_players": create_players,
    }
    name = names if len(names) <= NAME_LENGTH else names[: NAME_LENGTH - 1] + "…"
    job = _new_job(season, name, text, options, by, status=Status.QUEUED, kind=kind)
    _enqueue_import(job)
    return job


def _new_job(
    season: Season,
    file_name: str,
    text: str,
    options: dict[str, Any],
    by: User | None,
    **fields: Any,
) -> ImportJob:
    """A job whose file is kept in storage until it is imported."""
    return ImportJob.objects.create(
        club_id=season.club_id,
        season=season,
        file_name=file_name[:NAME_LENGTH],
        file=pending_file_save(text=text),
        digest=hashlib.sha256(text.encode()).hexdigest(),
        # The worker tells its problems and warnings in the language of whoever started it.
        options={**options, LANGUAGE: translation.get_language()},
        created_by=by,
        **fields,
    )


def job_confirm(job: ImportJob, *, create_players: bool, make_current: bool) -> list[Problem]:
    """Queue a checked job for import, or say why not (nothing queued)."""
    if job.status != Status.CHECKED or job.problems or not job.preview.get("can_import"):
        return [Problem(None, _("This file cannot be imported as it was checked."))]
    if not create_players:
        refused = _refused_players(job)
        if refused:
            return refused
    job.options = {**job.options, "create_players": create_players, "make_current": make_current}
    job.status = Status.QUEUED
    job.save(update_fields=["options", "status"])
    _enqueue_import(job)
    return []


def job_cancel(job: ImportJob) -> None:
    """Cancel a job that has not finished. A running import stops at its next report and
    rolls back; one whose worker is lost is marked cancelled here."""
    if job.status == Status.RUNNING and not job_is_lost(job):
        progress.ask_cancel(str(job.pk))
        return
    if job.status in (Status.CHECKING, Status.CHECKED, Status.QUEUED, Status.RUNNING):
        _finish(job, Status.CANCELLED)


def job_can_retry(job: ImportJob) -> bool:
    stopped = job.status in (Status.FAILED, Status.CANCELLED) and bool(job.options.get("confirmed"))
    return stopped or (job.status in (Status.RUNNING, Status.CHECKING) and job_is_lost(job))


def job_retry(job: ImportJob) -> list[Problem]:
    """Run a stopped import again (or its check, if that was what stopped)."""
    if not job_can_retry(job):
        return [Problem(None, _("Only an import that stopped can be tried again."))]
    if pending_file_read(name=job.file) is None:
        return [Problem(None, _(FILE_GONE))]
    progress.forget(str(job.pk))
    if job.status == Status.CHECKING:
        check_import.enqueue(str(job.pk))
        return []
    job.status, job.problems, job.finished_at = Status.QUEUED, [], None
    job.save(update_fields=["status", "problems", "finished_at"])
    _enqueue_import(job)
    return []


def job_is_lost(job: ImportJob) -> bool:
    """A job marked as running whose worker stopped beating (it was killed, or crashed)."""
    if job.status not in (Status.RUNNING, Status.CHECKING):
        return False
    return is_lost(job, progress.snapshot(str(job.pk)))


def is_lost(job: ImportJob, seen: progress.Snapshot | None) -> bool:
    """``job_is_lost`` given what the worker last told of the job (``seen``)."""
    if job.status not in (Status.RUNNING, Status.CHECKING):
        return False
    if seen is not None:
        return seen.is_stale()
    since = job.started_at or job.created_at
    stale = dt.timedelta(seconds=progress.stale_seconds())
    return job.status == Status.RUNNING and timezone.now() - since > stale


# --- the jobs -----------------------------------------------------------------------------


@task()
def check_import(job_id: str) -> str:
    """A large file's preview, made by a worker."""
    job = ImportJob.objects.filter(pk=job_id, status=Status.CHECKING).first()
    if job is None:
        return "gone"
    text = pending_file_read(name=job.file)
    with in_language_of(job):
        if text is None:
            return _fail(job, [Problem(None, _(FILE_GONE))])
        return _check_in_worker(job, text)


def _check_in_worker(job: ImportJob, text: str) -> str:
    with progress.Reporter(str(job.pk)) as reporter:
        try:
            _check(job, text, reporter)
        except progress.Cancelled:
            _finish(job, Status.CANCELLED)
    return job.status


@task()
def run_import(job_id: str) -> str:
    """A confirmed import, in one transaction: all its hands, or nothing."""
    claimed = ImportJob.objects.filter(pk=job_id, status=Status.QUEUED)
    now = timezone.now()
    if not claimed.update(status=Status.RUNNING, started_at=now, finished_at=None):
        return "not queued"  # cancelled meanwhile, or another worker has it
    job = ImportJob.objects.select_related("season__club").get(pk=job_id)
    ImportJob.objects.filter(pk=job_id).update(attempts=job.attempts + 1)
    text = pending_file_read(name=job.file)
    with in_language_of(job):
        if text is None:
            return _fail(job, [Problem(None, _(FILE_GONE))])
        with progress.Reporter(job_id) as reporter:
            return _run(job, text, reporter)


def in_language_of(job: ImportJob) -> Any:
    """The language the job's creator read the site in when they started it."""
    return translation.override(job.option(LANGUAGE) or settings.LANGUAGE_CODE)


def _run(job: ImportJob, text: str, reporter: progress.Reporter) -> str:
    started = time.monotonic()
    importer = _IMPORTERS.get(job.kind, _import_scores)
    try:
        job.result = importer(job, text, reporter)
    except ImportRefused as refused:
        return _fail(job, refused.problems)
    except ValidationError as refused:  # the PMN and Tenhou importers' reasons
        return _fail(job, [Problem(None, message) for message in refused.messages])
    except progress.Cancelled:
        _finish(job, Status.CANCELLED)
        return job.status
    except Exception as error:  # told on the job page; the worker goes on
        log.exception("import job %s stopped", job.pk)
        message = _("The import stopped: %(error)s. Nothing was written.") % {"error": error}
        return _fail(job, [Problem(None, message)])
    job.result["seconds"] = round(time.monotonic() - started, 1)
    _finish(job, Status.DONE)
    pending_file_delete(name=job.file)
    return job.status


def _import_scores(job: ImportJob, text: str, reporter: progress.Reporter) -> dict[str, int]:
    plan = import_scores(
        season=job.season,
        text=text,
        by=job.created_by,
        create_players=bool(job.option("create_players")),
        make_current=bool(job.option("make_current")),
        progress=reporter,
        **_import_options(job),
    )
    return import_result(plan)


def _import_records(job: ImportJob, text: str, reporter: progress.Reporter) -> dict[str, int]:
    """PMN game records, or Tenhou game logs: each game a new session of the season."""
    if job.created_by is None:
        raise ValidationError(_("The organiser who uploaded these records has left: upload again."))
    records = tenhou_import if job.kind == ImportJob.Kind.TENHOU else pmn_import
    result = records(
        season=job.season,
        rule_set=RuleSet.objects.get(pk=job.option("rule_set")),
        files=[RecordFile(f["name"], f["text"]) for f in json.loads(text)],
        played_on=dt.date.fromisoformat(job.option("played_on")),
        by=job.created_by,
        create_players=bool(job.option("create_players")),
        progress=reporter,
    )
    return {
        "hands": result.hands,
        "sessions": len(result.sessions),
        "players": len(result.players),
        "skipped": result.skipped,
    }


def _import_games(job: ImportJob, text: str, reporter: progress.Reporter) -> dict[str, int]:
    plan = games_import(
        season=job.season,
        text=text,
        by=job.created_by,
        rule_set=_rule_set(job),
        create_players=bool(job.option("create_players")),
        make_current=bool(job.option("make_current")),
        progress=reporter,
    )
    return import_result(plan)


_IMPORTERS: dict[str, Any] = {
    ImportJob.Kind.PMN: _import_records,
    ImportJob.Kind.TENHOU: _import_records,
    ImportJob.Kind.GAMES: _import_games,
}


# --- steps --------------------------------------------------------------------------------


def _check(job: ImportJob, text: str, reporter: progress.Tell | None = None) -> None:
    if job.kind == ImportJob.Kind.GAMES:
        _check_games(job, text)
        return
    try:
        plan = plan_import(season=job.season, text=text, progress=reporter, **_import_options(job))
    except ImportRefused as refused:
        job.problems = _problems_json(refused.problems)
        job.preview = {}
    else:
        job.problems = _problems_json(plan.problems)
        job.preview = preview_of(plan)
        # The preview's date for undated games (the season's start, else the day of the
        # check) is the import's, whenever it runs and whatever becomes of the season.
        job.options = {**job.options, "undated_on": plan.undated_on.isoformat()}
    job.status = Status.CHECKED
    job.save(update_fields=["problems", "preview", "options", "status"])


def _check_games(job: ImportJob, text: str) -> None:
    try:
        plan = games_import_plan(season=job.season, text=text, rule_set=_rule_set(job))
    except ImportRefused as refused:
        job.problems, job.preview = _problems_json(refused.problems), {}
    else:
        job.problems = _problems_json(plan.problems)
        job.preview = games_preview(plan, SESSIONS_SHOWN)
    job.status = Status.CHECKED
    job.save(update_fields=["problems", "preview", "status"])


def _rule_set(job: ImportJob) -> RuleSet | None:
    rule_set_id = job.option("rule_set")
    return RuleSet.objects.get(pk=rule_set_id) if rule_set_id is not None else None


def _import_options(job: ImportJob) -> dict[str, Any]:
    undated = job.option("undated_on")
    return {
        "score_format": SCORE_FORMATS[job.option("score_format")],
        "rule_set": _rule_set(job),
        "undated_on": dt.date.fromisoformat(undated) if undated else None,
    }


def _enqueue_import(job: ImportJob) -> None:
    job.options = {**job.options, "confirmed": True}
    job.save(update_fields=["options"])
    run_import.enqueue(str(job.pk))


def _refused_players(job: ImportJob) -> list[Problem]:
    club = job.season.club.name
    return [
        Problem(line, no_such_player(club, name))
        for name, line in job.preview.get("new_players", [])
    ]


def _fail(job: ImportJob, problems: list[Problem]) -> str:
    job.problems = _problems_json(problems)
    _finish(job, Status.FAILED)
    return job.status


def _finish(job: ImportJob, status: str) -> None:
    job.status, job.finished_at = status, timezone.now()
    with transaction.atomic():  # the hooks are told if, and once, the status is stored
        job.save(update_fields=["status", "finished_at", "problems", "result"])
        if job.option("confirmed") and status in (Status.DONE, Status.FAILED):
            emit_import_finished(job)
    progress.forget(str(job.pk))


def _problems_json(problems: list[Problem]) -> list[dict[str, Any]]:
    return [{"line": p.line, "message": p.message, "detail": p.detail} for p in problems]


def problems_of(job: ImportJob) -> list[Problem]:
    return [Problem(p["line"], p["message"], p["detail"]) for p in job.problems]


def preview_of(plan: ImportPlan) -> dict[str, Any]:
    """What the preview shows of a plan, kept as JSON on the job."""
    return {
        "game_count": plan.game_count,
        "format": str(plan.score_format.label),
        **preview_summary(plan),
        "sessions": [
            {
                "line": s.line,
                "played_on": s.played_on.isoformat(),
                "seating": list(s.seating),
                "version": s.version.number,
                "version_new": s.version.is_new,
                "games": len(s.games),
                "known": s.known,
            }
            for s in plan.sessions[:SESSIONS_SHOWN]
        ],
    }
