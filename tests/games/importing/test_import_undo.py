"""An import written in turns (SQLite) that stops after some turns have committed, because
the organiser cancelled it or a later turn failed, leaves the season exactly as it was: the
sessions it created, the hands it added to an earlier import's session, the players and the
rule-set version it made are removed again, and the kept totals are right. On PostgreSQL the
import is one transaction, so the same failure writes nothing either (its one transaction
tells the totals only once, at its end: too late for a cancel, which the worker hears at
its reports of progress)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from games.importing import jobs, score_import
from games.importing.models import ImportJob
from games.models import Hand, Player, RuleSet, Season, SessionSeatTotal
from games.signals import session_totals_changed
from games.stats.models import RatingsPending
from scoring.score_files import HK_FORMAT

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ("1 - - -", "- 2 d -", "- - 3 d")
EARLIER = (dt.date(2016, 1, 2), "A B C D", 30)  # a session an earlier import created
SECTIONS = [
    ((dt.date(2016, 1, 1), "A B C D", 1000), ["B=2", "M=6", "R=half"]),
    ((EARLIER[0], EARLIER[1], 1030), []),  # 1,000 hands more for the earlier session
    ((dt.date(2016, 1, 3), "A B C E", 1000), ["M=8"]),  # a new version, a new player
    *(((dt.date(2016, 1, 4 + n), "A B C F", 1000), []) for n in range(9)),
]
# The write (a group of sessions) in which the test steps in: the third turn where writes
# take turns (the first holds the rules and players), the only one on PostgreSQL.
STEP_IN_AT = 3 if connection.vendor == "sqlite" else 1
# What may change when an import leaves nothing: the jobs and their queue, the ratings mark.
NOT_COMPARED = {"django_tasks_database", "importing.ImportJob", "stats.RatingsPending"}
VARYING = {"standings_version"}


def section(played_on: dt.date, seating: str, games: int) -> list[str]:
    return [played_on.isoformat(), seating, *(GAMES[n % 3] for n in range(games))]


def score_file() -> str:
    lines = []
    for where, header in SECTIONS:
        lines += header
        lines += section(*where)
    return "\n".join(lines) + "\n"


def tables() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table the import could write; not the seasons' standings versions,
    nor the kept totals' ids (each write of a session's hands rewrites its rows)."""
    rows = {}
    for model in apps.get_models():
        if model._meta.label in NOT_COMPARED or model._meta.app_label in NOT_COMPARED:
            continue
        values = model._default_manager.order_by("pk").values()
        if model is SessionSeatTotal:
            values = values.order_by("session_id", "seat")
        varying = VARYING | ({"id"} if model is SessionSeatTotal else set())
        rows[model._meta.label] = [without(row, varying) for row in values]
    return rows


def without(row: dict[str, Any], names: set[str]) -> dict[str, Any]:
    return {name: value for name, value in row.items() if name not in names}


@pytest.fixture
def earlier(season: Season, players: list[Player], alice: User, settings: Any) -> Season:
    """The season with an earlier import's session, which the file adds to."""
    settings.SQLITE_HOLD_MS = 0  # a turn for each group, where writes take turns
    text = "\n".join(["B=2", "M=6", "R=half", *section(*EARLIER)]) + "\n"
    score_import.import_scores(season=season, text=text, score_format=HK_FORMAT, by=alice)
    return season


StepIn = Callable[..., None]


@pytest.fixture
def step_in() -> Iterator[StepIn]:
    """Do something, as someone else would, when the import makes its ``at``th write of kept
    totals (it commits with that write), or with every write from then on if ``on``."""
    actions: list[tuple[int, bool, Callable[[], None]]] = []
    calls = [0]

    def receiver(**_: Any) -> None:
        calls[0] += 1
        for at, on, action in actions:
            if calls[0] == at or (on and calls[0] > at):
                action()

    def add(action: Callable[[], None], *, at: int = STEP_IN_AT, on: bool = False) -> None:
        actions.append((at, on, action))

    session_totals_changed.connect(receiver, dispatch_uid="test_import_undo")
    yield add
    session_totals_changed.disconnect(dispatch_uid="test_import_undo")


def queued_import(season: Season, alice: User) -> ImportJob:
    options = {"score_format": HK_FORMAT.key, "create_players": True, "make_current": True}
    return jobs.job_queue(
        season=season, file_name="big.txt", text=score_file(), options=options, by=alice
    )


def assert_as_before(season: Season, before: dict[str, list[dict[str, Any]]], version: int) -> None:
    assert tables() == before
    call_command("standings_totals")  # raises if a kept total differs from its scores
    season.refresh_from_db()
    assert season.standings_version > version  # the standings' caches are told
    rule_set = RuleSet.objects.get(pk=season.rule_set_id)
    assert rule_set.current_version().params["max_faan"] == 6


@pytest.mark.skipif(connection.vendor != "sqlite", reason="writes in turns only on SQLite")
def test_a_cancelled_import_leaves_the_season_as_it_was(
    earlier: Season, alice: User, step_in: StepIn
) -> None:
    job = queued_import(earlier, alice)
    before, version = tables(), earlier.standings_version
    step_in(lambda: jobs.job_cancel(ImportJob.objects.get(pk=job.pk)))  # as its page does

    jobs.run_import.call(str(job.pk))

    job.refresh_from_db()
    assert job.status == ImportJob.Status.CANCELLED
    assert_as_before(earlier, before, version)
    # Ratings computed meanwhile from the removed sessions are replayed from their first day.
    assert RatingsPending.objects.get().since <= dt.date(2016, 1, 1)


def test_an_import_whose_later_turn_fails_leaves_the_season_as_it_was(
    earlier: Season, alice: User, step_in: StepIn
) -> None:
    job = queued_import(earlier, alice)
    before, version = tables(), earlier.standings_version
    # Someone removes a player the import created, whom only its later sessions seat.
    step_in(lambda: Player.objects.filter(club=earlier.club, name="F").delete())

    jobs.run_import.call(str(job.pk))

    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert [p.message for p in jobs.problems_of(job)] == [
        "The season changed meanwhile; try again."
    ]
    assert_as_before(earlier, before, version)
    assert not SessionSeatTotal.objects.filter(player__name__in=["E", "F"]).exists()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="writes in turns only on SQLite")
def test_an_import_that_cannot_undo_its_turns_says_what_it_kept(
    earlier: Season, alice: User, step_in: StepIn
) -> None:
    job = queued_import(earlier, alice)
    down = [True]

    def ratings_down() -> None:
        if down:
            raise RuntimeError("the ratings are down")

    step_in(ratings_down, at=4, on=True)  # a satellite failing: in the fourth turn, the undo's

    jobs.run_import.call(str(job.pk))
    down.clear()  # the satellite is back

    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert [p.message for p in jobs.problems_of(job)] == [
        "The import stopped (the ratings are down) and 3 sessions it had written could not be "
        "removed: they are kept. Importing the same file again adds only the rest."
    ]
    call_command("standings_totals")  # what was kept is whole: its turns committed
    score_import.import_scores(
        season=earlier, text=score_file(), score_format=HK_FORMAT, by=alice, create_players=True
    )
    games = sum(where[2] for where, _ in SECTIONS)
    assert Hand.objects.filter(session__season=earlier).count() == games
    call_command("standings_totals")
