"""An organiser's large import on the embedded SQLite database while members save hands at a
table: the import writes in turns, so every hand saved meanwhile is recorded, none gets a 500."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

import pytest
import requests

from tests.games.pages import new_hand_form
from tests.games.sqlite_site import ROOT, manage, server_for

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = [pytest.mark.slow(seconds=20), pytest.mark.django_db(transaction=True)]

MEMBERS, HANDS_EACH = 4, 5  # 20 saves
GAMES, PER_SESSION = 80_000, 100
# A hand waits this long for the write lock (the site's default is 20 s): the import of
# GAMES games in one transaction holds it longer, as 150,000 games held it longer than
# 20 s, and the hands saved meanwhile answered 500. Written in turns, the import lets a
# waiting hand in within a second; the margin is for a machine busy with other work.
TIMEOUT = "6"

SETUP = f"""
import datetime as dt
from django.contrib.auth.models import User
from django.test import Client
from games import services
alice = User.objects.create_user("alice")
club = services.club_create(name="Dragons", slug="dragons", visibility="public", organiser=alice)
for n in range({MEMBERS}):
    user = User.objects.create_user(f"member{{n}}")
    services.membership_set(club=club, user=user, role="member")
    client = Client()
    client.force_login(user)
    print("COOKIE", client.cookies["sessionid"].value)
players = [services.player_create(club=club, name=name) for name in "ABCD"]
rules = services.rule_set_create(club=club, name="HK", family="hk", by=alice,
    params={{"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}})
season = services.season_save(club=club, name="Spring", rule_set=rules)
session = services.session_start(season=season, played_on=dt.date(2026, 3, 1),
    players=players, by=alice)
print("SESSION", session.pk)
print("SEASON", season.pk)
"""

# The organiser's import, as the worker runs it; it says when it starts writing and when done.
IMPORT = """
import datetime as dt, sys, time
from django.contrib.auth.models import User
from games.importing.writing import import_scores
from games.models import Season
from scoring.score_files import SCORE_FORMATS
lines = ["B=2", "M=6", "R=half"]
for night in range({sessions}):
    lines += [(dt.date(2016, 1, 1) + dt.timedelta(days=night)).isoformat(), "A B C D"]
    lines += ["1 - - -", "- 2 d -", "- - 3 d", "d - - 4"] * ({per_session} // 4)
started = []
def tell(stage, done, total):
    if stage == "writing" and not started:
        started.append(time.monotonic())
        print("WRITING", flush=True)
plan = import_scores(season=Season.objects.get(pk={season}), text="\\n".join(lines) + "\\n",
    score_format=SCORE_FORMATS["hk"], by=User.objects.get(username="alice"), progress=tell)
print("IMPORTED", plan.new_hand_count, flush=True)
"""


def post_hands(url: str, session_id: int, cookie: str) -> list[int]:
    """A member's phone at the table: saves hands one after another."""
    browser = requests.Session()
    browser.cookies.set("sessionid", cookie)
    new = f"{url}/c/dragons/sessions/{session_id}/hands/new/"
    assert "Sign out" in browser.get(new, timeout=60).text
    statuses = []
    for _ in range(HANDS_EACH):
        form = new_hand_form(client_id=uuid.uuid4())
        form["csrfmiddlewaretoken"] = browser.cookies["csrftoken"]
        answer = browser.post(new, data=form, headers={"Referer": new}, timeout=60)
        statuses.append(answer.status_code)
    return statuses


def start_import(env: dict[str, str], season_id: int) -> subprocess.Popen[str]:
    script = IMPORT.format(sessions=GAMES // PER_SESSION, per_session=PER_SESSION, season=season_id)
    command = [sys.executable, "manage.py", "shell", "-c", script]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)


def test_hands_saved_during_a_large_import_are_all_recorded(sqlite_env: dict[str, str]) -> None:
    env = {**sqlite_env, "SQLITE_TIMEOUT": TIMEOUT}
    printed = manage(env, "shell", "-c", SETUP)
    session_id = int(re.findall(r"SESSION (\d+)", printed)[0])
    season_id = int(re.findall(r"SEASON (\d+)", printed)[0])
    cookies = re.findall(r"COOKIE (\w+)", printed)
    with server_for(env) as url, ThreadPoolExecutor(MEMBERS) as pool:
        importer = start_import(env, season_id)
        assert importer.stdout is not None
        for line in importer.stdout:  # after the shell's own notes, if any
            if line == "WRITING\n":
                break
        started = time.monotonic()
        results = list(pool.map(lambda cookie: post_hands(url, session_id, cookie), cookies))
        posted = time.monotonic() - started
        importing = importer.poll() is None  # the saves were made while it wrote
        rest, _ = importer.communicate(timeout=600)
    assert importer.returncode == 0 and f"IMPORTED {GAMES}" in rest
    statuses = [status for result in results for status in result]
    assert statuses == [200] * MEMBERS * HANDS_EACH, posted  # each followed to the score sheet
    assert importing, f"the import ended before the {len(statuses)} saves ({posted:.1f} s)"
    with closing(sqlite3.connect(env["DATABASE_URL"].removeprefix("sqlite:///"))) as db:
        counts = db.execute("SELECT COUNT(*) FROM games_hand WHERE session_id = ?", [session_id])
        assert counts.fetchone() == (MEMBERS * HANDS_EACH,)
        everything = db.execute("SELECT COUNT(*), COUNT(DISTINCT session_id) FROM games_hand")
        assert everything.fetchone() == (GAMES + MEMBERS * HANDS_EACH, GAMES // PER_SESSION + 1)
