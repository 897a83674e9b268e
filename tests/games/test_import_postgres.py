"""Imports against a real PostgreSQL: concurrent imports of one file, and the upkeep after one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from games import bulk_hands, importing
from games.models import Hand, Player, Season, Session
from scoring.score_files import HK_FORMAT
from tests.games.test_concurrency import run_together

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]

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


def test_a_large_import_leaves_the_tables_vacuumed_and_analysed(
    season: Season, players: list[Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk_hands, "ANALYZE_AFTER", 1)
    importing.import_scores(season=season, text=TEXT.read_text(), score_format=HK_FORMAT, by=None)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, last_vacuum IS NOT NULL, last_analyze IS NOT NULL "
            "FROM pg_stat_user_tables WHERE relname IN ('games_hand', 'games_score') "
            "ORDER BY relname"
        )
        assert cursor.fetchall() == [("games_hand", True, True), ("games_score", True, True)]
