"""Imports against a real PostgreSQL: concurrent imports of one file, and the upkeep after one."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection, connections
from django_tasks_db.models import DBTaskResult

from games import services
from games.importing import bulk_hands, score_import
from games.importing.pmn_import import RecordFile, pmn_import
from games.importing.progress import WRITING
from games.models import Club, Hand, Player, Season, Session
from scoring.score_files import HK_FORMAT
from tests.games.importing.test_pmn_import import DUPLICATE
from tests.games.importing.test_pmn_import import FILES as PMN_FILES
from tests.games.test_concurrency import THREADS, run_together
from tools.scorefile_gen import hk_scores

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]

PMN_DATA = Path(__file__).parents[1] / "data"
TEXT = Path(__file__).resolve().parents[2] / "engine" / "data" / "hk-scorer" / "comprehensive.txt"


def test_the_same_file_imported_by_five_organisers_at_once_is_imported_once(
    season: Season, players: list[Player]
) -> None:
    text = TEXT.read_text()

    def work(_: int) -> Any:
        return score_import.import_scores(season=season, text=text, score_format=HK_FORMAT, by=None)

    plans = run_together(5, work)
    assert sorted(plan.new_hand_count for plan in plans) == [0, 0, 0, 0, 6]
    assert Hand.objects.count() == 6 and Session.objects.count() == 1


def test_a_large_import_queues_a_job_that_vacuums_and_analyses_the_tables(
    season: Season, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk_hands, "ANALYZE_AFTER", 1)
    score_import.import_scores(
        season=season, text=TEXT.read_text(), score_format=HK_FORMAT, by=None
    )
    assert DBTaskResult.objects.filter(task_path__endswith="analyse_hand_tables").count() == 1
    call_command("worker", "--burst", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, last_vacuum IS NOT NULL, last_analyze IS NOT NULL "
            "FROM pg_stat_user_tables "
            "WHERE relname IN ('games_hand', 'games_score', 'games_session', 'games_seat') "
            "ORDER BY relname"
        )
        assert cursor.fetchall() == [
            ("games_hand", True, True),
            ("games_score", True, True),
            ("games_seat", True, True),
            ("games_session", True, True),
        ]


def test_the_same_game_records_uploaded_by_five_organisers_at_once_are_imported_once(
    club: Club, alice: User
) -> None:
    rules = services.rule_set_create(
        club=club, name="Duplicate MCR", family="mcr", params=DUPLICATE, by=alice
    )
    season = services.season_save(club=club, name="Duplicate 2022", rule_set=rules)
    files = [RecordFile(name, (PMN_DATA / name).read_text()) for name in PMN_FILES]

    def work(_: int) -> Any:
        return pmn_import(
            season=season,
            rule_set=rules,
            files=files,
            played_on=dt.date(2026, 5, 1),
            by=alice,
            create_players=True,
        )

    results = run_together(5, work)
    assert sorted(result.hands for result in results) == [0, 0, 0, 0, len(PMN_FILES)]
    assert Hand.objects.count() == len(PMN_FILES)
    assert all(Session.objects.get(pk=s.pk).hands.exists() for r in results for s in r.sessions)


def test_the_same_new_player_added_twice_at_once_is_refused_by_name(club: Club) -> None:
    results = run_together(
        THREADS, lambda _: services.player_create(club=club, name="Concurrent Connie")
    )
    created = [r for r in results if isinstance(r, Player)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(created) == 1 and len(refused) == THREADS - 1
    assert "already has a player called 'Concurrent Connie'" in str(refused[0])


def test_members_record_hands_and_start_sessions_while_a_long_import_runs(
    season: Season, session: Session, players: list[Player], alice: User
) -> None:
    """An import holds neither the season's row nor its rule set's for its whole run: a
    member at a table of the same season records a hand, and another starts a session
    with the same rules, while the import is held halfway through its writing."""

    def play() -> tuple[Any, Session]:
        hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
        started = services.session_start(
            season=season, played_on=dt.date(2026, 3, 2), players=players, by=alice
        )
        return hand, started

    text = hk_scores(3000)
    with import_held_halfway(season, text, create_players=True) as (pool, imported):
        hand, started = pool.submit(closing_connections(play)).result(timeout=20)
    plan = imported.result(timeout=120)
    assert plan.new_hand_count == 3000
    assert Hand.objects.filter(pk=hand.pk).exists() and Session.objects.filter(pk=started.pk)
    assert Hand.objects.filter(session__season=season).count() == 3001


def test_a_rule_edit_during_an_import_waits_and_leaves_the_imported_sessions_rules_alone(
    season: Season, players: list[Player], alice: User
) -> None:
    """The import pins the rule set's current version to its sessions; an edit of the rules
    meanwhile waits for it, then makes a new version instead of changing that one."""
    pinned = season.rule_set.current_version()

    def edit() -> Any:
        return services.rule_set_update(
            rule_set=season.rule_set,
            name="Edited",
            params={**pinned.params, "max_faan": pinned.params.get("max_faan", 10) - 1},
            by=alice,
        )

    with import_held_halfway(season, TEXT.read_text()) as (pool, imported):
        edited = pool.submit(closing_connections(edit))
        with pytest.raises(FutureTimeout):
            edited.result(timeout=2)  # it waits for the import
    imported.result(timeout=60)
    version = edited.result(timeout=60)
    pinned_after = type(pinned).objects.get(pk=pinned.pk)
    assert pinned_after.params == pinned.params
    assert version.pk != pinned.pk
    imported_versions = set(
        Session.objects.filter(season=season).values_list("rule_set_version", flat=True)
    )
    assert imported_versions == {pinned.pk}


@contextmanager
def import_held_halfway(
    season: Season, text: str, **options: Any
) -> Iterator[tuple[ThreadPoolExecutor, Future[Any]]]:
    """An HK import of ``text`` into ``season`` in another thread, held halfway through its
    writing while the block runs (which may submit more work to the pool); the future
    gives its plan once the block has ended and the import has finished."""
    halfway, resume = threading.Event(), threading.Event()

    def progress(stage: str, done: int, total: int) -> None:
        if stage == WRITING and done * 2 >= total and not halfway.is_set():
            halfway.set()
            assert resume.wait(60), "the test never let the import go on"

    def run() -> Any:
        return score_import.import_scores(
            season=season, text=text, score_format=HK_FORMAT, by=None, progress=progress, **options
        )

    with ThreadPoolExecutor(2) as pool:
        imported = pool.submit(closing_connections(run))
        try:
            assert halfway.wait(60), "the import never reached its writing"
            yield pool, imported
        finally:
            resume.set()


def closing_connections(work: Any) -> Any:
    """``work`` for another thread, closing that thread's database connection after."""

    def run() -> Any:
        try:
            return work()
        finally:
            connections.close_all()

    return run
