"""Project-level promises: complete migrations, production settings, the demo club."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from games import selectors
from games.models import Club, Hand, Membership, Score, Season

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_every_model_change_has_its_migration() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        pytest.fail(f"models changed without a migration:\n{out.getvalue()} ({exit_})")


def deploy_check(**env: str) -> subprocess.CompletedProcess[str]:
    production = {
        "PATH": os.environ.get("PATH", ""),
        "DEBUG": "0",
        "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789-abcdefgh",
        "ALLOWED_HOSTS": "league.example.org",
        "DATABASE_URL": "sqlite:///" + str(ROOT / "unused.sqlite3"),
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**production, **env},
        capture_output=True,
        text=True,
    )


@pytest.mark.django_db
def test_the_demo_club_loads_once_and_balances() -> None:
    call_command("seed_demo", stdout=StringIO())
    call_command("seed_demo", stdout=StringIO())
    club = Club.objects.get(slug="jade-dragon")
    assert club.visibility == "public"
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {"organiser": "organiser", "member": "member"}
    # HK, Big Two, MCR and riichi hands (riichi's sticks all end in a winner's hands).
    assert Hand.objects.filter(session__club=club).count() == 13 + 12 + 5 + 5
    assert Hand.objects.filter(session__club=club, source="tiles").count() == 3 + 1
    assert sum(Score.objects.values_list("points", flat=True)) == 0
    big_two = Season.objects.get(club=club, rule_set__family="big_two")
    assert big_two.sessions.count() == 3
    standings = selectors.season_standings(season=big_two)
    games = {row.name: row.games for row in standings}
    assert games == {"Ada": 8, "Bo": 12, "Chi": 12, "Dee": 9, "Eli": 7}
    assert sum(row.net for row in standings) == 0
    mcr = Season.objects.get(club=club, rule_set__family="mcr")
    table = selectors.season_standings(season=mcr)
    assert sum(row.table_points for row in table) == 7  # one game: 4 + 2 + 1 + 0


def test_the_deploy_check_wants_the_proxy_counted_behind_one() -> None:
    # Behind nginx every client would have nginx's address: one lock-out would lock all.
    # (With NUM_PROXIES=1 too it passes: the production recipe's test, tests/deploy.)
    refused = deploy_check(TRUST_X_FORWARDED_PROTO="1")
    assert refused.returncode != 0 and "games.W002" in refused.stderr


def test_the_deploy_check_wants_the_language_cookie_secure() -> None:
    refused = deploy_check(SESSION_COOKIE_SECURE="0")
    assert refused.returncode != 0 and "games.W001" in refused.stderr
