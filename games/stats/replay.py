"""Ratings kept in the database: replayed in play order from the first session that changed.

A hand write marks its session's club and family for a replay from the session's date
(``RatingsPending``) and queues :func:`ratings_recompute` if no job is waiting for the mark,
both in the write's own transaction: nothing is left to do once it commits, so nothing
after the commit can fail and turn a stored hand into an error (on SQLite such work met
"database is locked"). The job waits ``RATINGS_DELAY_SECONDS`` before it starts, and a later
write before then only moves the date earlier: a club night's hands make a replay every
half-minute or so, not one a hand. The job takes the mark, deletes the ratings from that
date on and rates every session from there again, starting from each player's rating
before it, and removes the mark in the same transaction as the ratings it wrote. One job
at a time per club (it locks the club's row), so the rows of a club and family are written
in play order and the latest id of a player is their current rating.

The mark keeps the id of the job queued for it. A job that failed, or whose worker died
(before it started, or while it replayed: its transaction rolled back and the mark is still
there), is no longer waiting, so the next write queues a new one instead of leaving the
ratings stale for good. A job whose replay fails logs why and queues the next try of the
mark itself, ``RATINGS_RETRY_SECONDS`` later, so a quiet evening's last hand is rated too.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Min
from django.utils import timezone
from django_tasks import TaskResultStatus, task
from django_tasks.exceptions import TaskResultDoesNotExist

from games.models import Club, Session, SessionSeatTotal
from games.stats.models import Rating, RatingsPending
from games.stats.ratings import NEWCOMER, Skill, rate_session

log = logging.getLogger(__name__)
FAMILY_PATH = "session__rule_set_version__rule_set__family"


def ratings_stale(*, session_ids: Iterable[int]) -> None:
    """Mark these sessions' ratings for a replay, and queue its job, in the current
    transaction: they commit with the write that changed the sessions, or not at all."""
    ids = sorted(set(session_ids))
    if ids:
        _queue(ids)


def ratings_on_totals_changed(*, session_ids: Iterable[int], **_: Any) -> None:
    """The receiver of the core's ``session_totals_changed``: the sessions' ratings are
    stale, in the transaction that changed their totals."""
    ratings_stale(session_ids=session_ids)


def _queue(session_ids: list[int]) -> None:
    scopes = (
        Session.objects.filter(pk__in=session_ids)
        .values_list("club_id", "rule_set_version__rule_set__family", "pk")
        .order_by("club_id", "rule_set_version__rule_set__family")
    )
    for (club_id, family), rows in groupby(scopes, key=lambda row: row[:2]):
        since = _earliest([row[2] for row in rows])
        if since is not None:
            _mark(club_id, family, since)


def _mark(club_id: int, family: str, since: dt.date) -> None:
    """Mark the club and family for a replay from ``since``, and queue a job for the mark
    unless one is still waiting to start. The job is queued in the mark's transaction (the
    database backend writes it as a row), so the mark always names the job it waits for."""
    with transaction.atomic():
        pending, created = RatingsPending.objects.select_for_update().get_or_create(
            club_id=club_id, family=family, defaults={"since": since}
        )
        changed = created or since < pending.since
        pending.since = min(pending.since, since)
        if created or not _waiting(pending.job):
            pending.job = _enqueue(club_id, family, settings.RATINGS_DELAY_SECONDS)
            changed = True
        if changed:
            pending.save(update_fields=["since", "job"])


def _enqueue(club_id: int, family: str, delay: int) -> uuid.UUID:
    """Queue a replay of the club and family to start ``delay`` seconds from now."""
    later = timezone.now() + dt.timedelta(seconds=delay)
    return uuid.UUID(ratings_recompute.using(run_after=later).enqueue(club_id, family).id)


def _waiting(job: uuid.UUID | None) -> bool:
    """Whether the job is queued and not yet started (so it will take the mark as it is).
    A job that started has taken the mark (or died trying), one that failed never will."""
    if job is None:
        return False
    try:
        result = ratings_recompute.get_result(str(job))
    except TaskResultDoesNotExist:
        return False
    return result.status == TaskResultStatus.READY


@task()
def ratings_recompute(club_id: int, family: str, session_ids: list[int] | None = None) -> int:
    """Rate again, in order, every session of the club and family from the day marked
    (or, for a job queued before marks, from the earliest of ``session_ids``)."""
    if session_ids is not None:
        since = _earliest(session_ids)
        return 0 if since is None else ratings_replay(club_id=club_id, family=family, since=since)
    since = _take_mark(club_id, family)
    if since is None:
        return 0
    try:
        with transaction.atomic():
            rated = ratings_replay(club_id=club_id, family=family, since=since)
            _drop_mark(club_id, family)
    except Exception:
        log.exception(
            "The ratings replay of club %s (%s) failed; it will be retried", club_id, family
        )
        _retry(club_id, family)
        raise  # the job is recorded as failed, with its error
    return rated


def _retry(club_id: int, family: str) -> None:
    """Queue the next try of a mark whose replay failed (it rolled back; the mark is there),
    unless a write has queued a job for it meanwhile."""
    with transaction.atomic():
        pending = (
            RatingsPending.objects.select_for_update()
            .filter(club_id=club_id, family=family, job=None)
            .first()
        )
        if pending is not None:
            pending.job = _enqueue(club_id, family, settings.RATINGS_RETRY_SECONDS)
            pending.save(update_fields=["job"])


def _take_mark(club_id: int, family: str) -> dt.date | None:
    """The day marked for the club and family. The mark stays, waiting for no job: a write
    from now on moves its day earlier if need be and queues a job of its own, and if this
    job dies the mark is still there for that one."""
    with transaction.atomic():
        pending = (
            RatingsPending.objects.select_for_update()
            .filter(club_id=club_id, family=family)
            .first()
        )
        if pending is None:
            return None
        pending.job = None
        pending.save(update_fields=["job"])
        return pending.since


def _drop_mark(club_id: int, family: str) -> None:
    """Remove the mark this job replayed, unless a write since queued another job for it."""
    RatingsPending.objects.filter(club_id=club_id, family=family, job=None).delete()


def _earliest(session_ids: list[int]) -> dt.date | None:
    """The first day a change touches: the sessions' dates, or where they were rated."""
    played = Session.objects.filter(pk__in=session_ids).aggregate(day=Min("played_on"))["day"]
    rated = Rating.objects.filter(session_id__in=session_ids).aggregate(day=Min("played_on"))
    days = [day for day in (played, rated["day"]) if day is not None]
    return min(days, default=None)


def ratings_replay(*, club_id: int, family: str, since: dt.date | None = None) -> int:
    """Rewrite the club's ratings in ``family`` from ``since`` on (all of them without it);
    the number of sessions rated."""
    with transaction.atomic():
        list(Club.objects.select_for_update(no_key=True).filter(pk=club_id).values_list("pk"))
        ratings = Rating.objects.filter(club_id=club_id, family=family)
        later = ratings if since is None else ratings.filter(played_on__gte=since)
        later.delete()
        skills, counts = _standing_before(ratings)
        sessions = _sessions_from(club_id, family, since)
        rows: list[Rating] = []
        for seats in sessions:
            rows.extend(_rate(club_id, family, seats, skills, counts))
        Rating.objects.bulk_create(rows, batch_size=1000)
    return len(sessions)


def _standing_before(ratings: Any) -> tuple[dict[int, Skill], dict[int, int]]:
    """Each player's latest rating kept (before the replay) and their sessions rated."""
    latest = ratings.values("player_id").annotate(last=Max("id")).values("last")
    skills, counts = {}, {}
    for rating in Rating.objects.filter(pk__in=latest):
        skills[rating.player_id] = Skill(rating.mu, rating.sigma)
        counts[rating.player_id] = rating.sessions
    return skills, counts


def _sessions_from(club_id: int, family: str, since: dt.date | None) -> list[list[Any]]:
    """The seats (kept totals) of each session from ``since`` on, in play order."""
    totals = SessionSeatTotal.objects.filter(session__club_id=club_id, **{FAMILY_PATH: family})
    if since is not None:
        totals = totals.filter(played_on__gte=since)
    rows = totals.order_by("played_on", "session_id", "seat").values_list(
        "session_id", "season_id", "played_on", "player_id", "net"
    )
    return [list(seats) for _, seats in groupby(rows, key=lambda row: row[0])]


def _rate(
    club_id: int,
    family: str,
    seats: list[Any],
    skills: dict[int, Skill],
    counts: dict[int, int],
) -> list[Rating]:
    """Rate one session (two seats or more), updating the running skills and counts."""
    if len(seats) < 2:
        return []
    players = [seat[3] for seat in seats]
    before = [skills.get(player, NEWCOMER) for player in players]
    after = rate_session(before, [seat[4] for seat in seats])
    rows = []
    for (session_id, season_id, played_on, player, _), skill in zip(seats, after, strict=True):
        skills[player] = skill
        counts[player] = counts.get(player, 0) + 1
        rows.append(
            Rating(
                club_id=club_id,
                family=family,
                player_id=player,
                session_id=session_id,
                season_id=season_id,
                played_on=played_on,
                mu=skill.mu,
                sigma=skill.sigma,
                sessions=counts[player],
            )
        )
    return rows
