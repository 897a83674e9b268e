"""An import's problems and warnings, and a rules file's or a game record's, are told in the
reader's language: on the page at once, and by a worker in the language of whoever started
the job."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.models import Player, Season
from scoring.engine.classical.language import check_rules, parse_sub_rule
from scoring.engine.errors import Message, RulesError, Term
from tests.games.importing.test_import_pages import latest_job, upload
from tests.workers import run_worker

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-HK"}
# The second section names a player the club does not have and a date no calendar has.
PROBLEMS = "B=2\nM=6\nR=half\n2024-01-05\nA B C D\n1 - - -\n2024-02-30\nA B C Eve\n- - - f\n"


def test_an_import_s_problems_are_told_in_chinese(
    as_alice: Client, season: Season, players: list[Player]
) -> None:
    as_alice.defaults.update(ZH)
    page = upload(as_alice, season, PROBLEMS).content.decode()
    assert "第 9 行：2024-02-30 不是曆上的日期" in page
    assert "is not a date" not in page and "line 9" not in page


def test_a_worker_tells_the_problems_in_the_language_of_whoever_started_the_job(
    as_alice: Client, season: Season, players: list[Player], settings: Any
) -> None:
    settings.SCORE_IMPORT_CHECK_INLINE_LINES = 1  # every file is checked by a worker
    as_alice.defaults.update(ZH)
    upload(as_alice, season, PROBLEMS)
    job = latest_job()
    assert job.option("language") == "zh-hant"
    with translation.override("en"):  # the worker's own language does not matter
        run_worker()
    job.refresh_from_db()
    messages = [problem["message"] for problem in job.problems]
    assert "2024-02-30 不是曆上的日期" in messages
    page = as_alice.get(f"/c/dragons/imports/{job.pk}/").content.decode()
    assert "第 9 行：2024-02-30 不是曆上的日期" in page


def test_a_rules_file_s_reference_problems_are_engine_messages() -> None:
    text = 'Name\n13 3 "d" "PCM&13C" 4 0\n// END'
    errors, _ = check_rules(text)
    assert [str(error) for error in errors] == ["rule 13 refers to itself"]
    with translation.override("zh-hant"):
        assert str(errors[0]) == "規則 13 引用了自己"


def test_a_game_record_s_warnings_are_read_in_the_reader_s_language(alice: User) -> None:
    warning = Message(
        "{seat}: recorded {recorded} fan, evaluated {evaluated}",
        seat=Term("East"),
        recorded=9,
        evaluated=8,
    )
    assert str(warning) == "East: recorded 9 fan, evaluated 8"
    with translation.override("zh-hant"):
        assert str(warning) == "東：記錄 9 番，計算得 8 番"


def test_where_a_sub_rule_stands_is_part_of_the_translated_message() -> None:
    with pytest.raises(RulesError) as caught:
        parse_sub_rule("PC", "PCM&PC")
    assert str(caught.value) == "the sub-rule 'PC' in 'PCM&PC' is not three characters"
    with translation.override("zh-hant"):
        assert str(caught.value) == "子規則 'PC'（在 'PCM&PC' 中） 不是三個字元"
