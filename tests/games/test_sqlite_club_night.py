"""A club night on the embedded SQLite database: members post hands at the same moment to a
real server (gunicorn, two processes) on a database file, and none gets a 500."""

from __future__ import annotations

import re
import sqlite3
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

import pytest
import requests

from tests.games.pages import new_hand_form
from tests.games.sqlite_site import manage, server_for

# Seconds it takes on one core: the slowest modules start first, so workers end together.
# The database file is a copy of the (migrated, empty) test database: pytest-django sets that
# up only when a test selected asks for it, and VACUUM INTO copies it only outside a
# transaction.
pytestmark = [pytest.mark.slow(seconds=5), pytest.mark.django_db(transaction=True)]

# Three hands each are plenty: with DEFERRED transactions instead of IMMEDIATE ones, 12 to 15
# of the 24 posts get a 500 ("database is locked").
MEMBERS, HANDS_EACH = 8, 3
# One process sets the table (on a migrated copy); members are signed in here (a session each), as
# hashing eight passwords would take longer than the evening's posting.
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
"""


def post_hands(url: str, session_id: int, cookie: str) -> list[int]:
    """A member's phone: opens the hand form once, then saves hands one after another."""
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


def test_members_posting_hands_at_once_all_get_them_recorded(sqlite_env: dict[str, str]) -> None:
    printed = manage(sqlite_env, "shell", "-c", SETUP)
    session_id = int(re.findall(r"SESSION (\d+)", printed)[0])
    cookies = re.findall(r"COOKIE (\w+)", printed)
    with server_for(sqlite_env) as url, ThreadPoolExecutor(MEMBERS) as pool:
        results = list(pool.map(lambda cookie: post_hands(url, session_id, cookie), cookies))
    statuses = [status for result in results for status in result]
    assert statuses == [200] * MEMBERS * HANDS_EACH  # each followed to the score sheet
    # Counted here: a process of the site would cost more than the query.
    with closing(sqlite3.connect(sqlite_env["DATABASE_URL"].removeprefix("sqlite:///"))) as db:
        counts = db.execute("SELECT COUNT(*), COUNT(DISTINCT client_id) FROM games_hand")
        assert counts.fetchone() == (MEMBERS * HANDS_EACH, MEMBERS * HANDS_EACH)
