"""An organiser imports a large score file from a phone and watches it go (real Chromium,
375 px). The site and its worker run as `make run` runs them, in processes of their own on
one database: the file is checked, then imported by the worker while the progress bar
moves, and the finished import appears on the job page and on the season's page."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from playwright.sync_api import Error as PlaywrightError

from tests.browser.phone import PHONE, page, pytestmark
from tests.conftest import PASSWORD
from tests.games.importing.test_import_job_killed import ROOT, manage, processes_env
from tests.games.sqlite_site import server_for

__all__ = ["env", "page", "pytestmark"]
GAMES = 40_000
SETUP = f"""
from django.contrib.auth.models import User
from games import services
alice = User.objects.create_user("alice", password={PASSWORD!r})
club = services.club_create(name="Dragons", slug="dragons", visibility="public", organiser=alice)
for name in "ABCD":
    services.player_create(club=club, name=name)
rules = services.rule_set_create(club=club, name="HK", family="hk", by=alice,
    params={{"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}})
print(services.season_save(club=club, name="Spring", rule_set=rules).pk)
"""
COUNT = """
import json
from games.models import Hand
print(json.dumps(Hand.objects.count()))
"""


@pytest.fixture
def env(tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, str]:
    """The processes' environment, on a migrated SQLite file of the test's own (on
    PostgreSQL, the test database)."""
    env = processes_env(tmp_path)
    if connection.vendor != "postgresql":
        request.getfixturevalue("migrated_sqlite")(tmp_path / "league.sqlite3")
    return env


@pytest.fixture
def site(env: dict[str, str]) -> Iterator[str]:
    """The site and a worker beside it, as `make run` starts them."""
    worker = subprocess.Popen([sys.executable, "manage.py", "worker"], cwd=ROOT, env=env)
    try:
        with server_for(env) as url:
            yield url
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def score_file() -> bytes:
    games = ["1 - - -", "- 2 d -", "- - 3 d", "- - - -"] * (GAMES // 4)
    return ("2026-03-01\nA B C D\n" + "\n".join(games) + "\n").encode()


def bar(page: Any) -> int | None:
    """Where the progress bar stands, or None while the page reloads itself."""
    try:
        value: int = page.locator("#import-bar").evaluate(
            "bar => Math.round(bar.value)", timeout=2000
        )
    except PlaywrightError:
        return None
    return value


def test_an_organiser_watches_a_large_import_on_a_phone(
    page: Any, env: dict[str, str], site: str
) -> None:
    season = manage(env, "shell", "-c", SETUP)
    page.goto(site + "/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_url(site + "/")
    page.goto(f"{site}/c/dragons/seasons/{season}/import/")
    page.set_input_files(
        "#id_score_file",
        {"name": "season.txt", "mimeType": "text/plain", "buffer": score_file()},
    )
    page.click("button.primary")
    page.wait_for_url("**/imports/*/")
    page.locator("#import-confirm").wait_for(timeout=60_000)  # checked by the worker
    assert f"{GAMES} games" in page.inner_text("main")
    page.click("#import-confirm")

    seen = set()
    finished = page.locator(".success", has_text=f"Imported {GAMES} hands")
    deadline = time.monotonic() + 120
    while not finished.count() and time.monotonic() < deadline:
        seen.add(bar(page))
        time.sleep(0.1)
    assert finished.count(), "the import did not finish"
    assert any(0 < value < 100 for value in seen), seen  # the bar moved on the way
    assert bar(page) == 100
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert json.loads(manage(env, "shell", "-c", COUNT)) == GAMES

    page.goto(f"{site}/c/dragons/seasons/{season}/")
    assert f"season.txt · Imported: {GAMES} hands" in page.inner_text("#season-imports")
