"""Imports against a real PostgreSQL: concurrent imports of one file, and the upkeep after one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django_tasks_db.models import DBTaskResult

from games import bulk_hands, importing, services
from games.models import Club, Hand, Player, Season, Session
from games.pmn_import import RecordFile, pmn_import
from scoring.score_files import HK_FORMAT
from tests.games.test_concurrency import THREADS, run_together
from tests.games.test_pmn_import import DUPLICATE
from tests.games.test_pmn_import import FILES as PMN_FILES

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]

PMN_DATA = Path(__file__).parent / "data"
TEXT = Path(__file__).resolve().parents[1] / "engine" / "data" / "hk-scorer" / "comprehensive.txt"


def test_the_same_file_imported_by_five_organisers_at_once_is_imported_once(
    season: Season, players: list[Player]
) -> None:
    text = TEXT.read_text()

    def work(_: int) -> Any:
        return importing.import_scores(season=season, text=text, score_format=HK_FORMAT, by=None)

    plans = run_together(5, work)
    assert sorted(plan.new_hand_count for plan in plans) == [0, 0, 0, 0, 6]
    assert Hand.objects.count() == 6 and Session.objects.count() == 1


def test_a_large_import_queues_a_job_that_vacuums_and_analyses_the_tables(
    season: Season, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk_hands, "ANALYZE_AFTER", 1)
    importing.import_scores(season=season, text=TEXT.read_text(), score_format=HK_FORMAT, by=None)
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
