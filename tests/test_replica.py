"""The read replica: lag-tolerant reads go to it, the rest and a writer's next reads to the
primary. The site's processes are started against the real primary and its streaming
replica (.ci/run makes one on port 5433 and names it in TEST_REPLICA_URL, for this test's
own processes only: a site process another test starts must not read a replica of some
other database; CI requires it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import URLResolver, get_resolver

from games import replica, services
from games.replica import RECENT_WRITE_COOKIE

ROOT = Path(__file__).resolve().parents[1]
REPLICA_URL = os.environ.get("TEST_REPLICA_URL", "")
PASSWORD = "correct-horse-battery"

needs_replica = pytest.mark.skipif(
    not REPLICA_URL and os.environ.get("REQUIRE_REPLICA") != "1",
    reason="no read replica to test with (TEST_REPLICA_URL)",
)

# Reads as a visitor, then signs in (a write) and reads again: which database answered each.
VISITS = """
import json, time
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

def read(client, path):
    with CaptureQueriesContext(connections["replica"]) as replica, \\
         CaptureQueriesContext(connections["default"]) as primary:
        response = client.get(path)
    return {"status": response.status_code, "replica": len(replica), "primary": len(primary),
            "body": response.content.decode()}

with connections["replica"].cursor() as cursor:
    cursor.execute("SELECT pg_is_in_recovery()")
    standby = cursor.fetchone()[0]
visitor = Client()
for _ in range(150):  # streamed within moments (a reconnecting replica: seconds)
    public = read(visitor, "/api/v1/clubs/")
    if "Dragons" in public["body"]:
        break
    time.sleep(0.1)
home = read(visitor, "/")
member = Client()
sign_in = {"username": "alice", "password": "correct-horse-battery"}  # PASSWORD
signed_in = member.post("/accounts/login/", sign_in)
after_write = read(member, "/api/v1/clubs/")
print(json.dumps({"standby": standby, "public": public, "home": home,
                  "sign_in": signed_in.status_code, "after_write": after_write}))
"""


def test_a_successful_write_sets_the_read_your_writes_cookie(db: Any) -> None:
    User.objects.create_user("alice", password=PASSWORD)
    refused = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "alice"})
    assert refused.status_code == 403 and RECENT_WRITE_COOKIE not in refused.cookies
    client = Client()
    signed_in = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert signed_in.status_code == 302
    cookie = signed_in.cookies[RECENT_WRITE_COOKIE]
    assert cookie["max-age"] == 5 and cookie["httponly"]
    assert RECENT_WRITE_COOKIE not in client.get("/").cookies  # reads do not set it


@needs_replica
@pytest.mark.postgres_only
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_lag_tolerant_reads_go_to_the_replica_and_a_writer_reads_the_primary() -> None:
    assert REPLICA_URL, "CI requires a read replica (REQUIRE_REPLICA=1)"
    # Hashed as the site's processes hash (the suite's own hasher is a fast one).
    alice = User.objects.create(
        username="alice", password=PBKDF2PasswordHasher().encode(PASSWORD, "salt" * 4)
    )
    services.club_create(name="Dragons", slug="dragons", visibility="public", organiser=alice)
    test_db = connection.settings_dict["NAME"]
    primary = connection.settings_dict
    host = f"{primary['HOST']}:{primary['PORT'] or 5432}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "MAHJONG_LEAGUE_TESTING": "1",
        # This test's database on the primary, and the replica's streamed copy of it.
        "DATABASE_URL": f"postgres://{primary['USER']}@{host}/{test_db}",
        "DATABASE_REPLICA_URL": REPLICA_URL.rsplit("/", 1)[0] + f"/{test_db}",
        "AXES_ENABLED": "0",
    }
    command = [sys.executable, "manage.py", "shell", "-v", "0", "-c", VISITS]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["standby"] is True  # the replica is a real standby of the primary
    public = seen["public"]
    assert public["status"] == 200 and "Dragons" in public["body"]
    assert public["replica"] > 0 and public["primary"] == 0
    assert seen["home"]["replica"] == 0  # the home page is not one of the lag-tolerant reads
    assert seen["sign_in"] == 302
    after_write = seen["after_write"]
    assert after_write["status"] == 200 and "Dragons" in after_write["body"]
    assert after_write["replica"] == 0 and after_write["primary"] > 0


def view_names(patterns: list[Any], namespace: str = "") -> set[str]:
    names: set[str] = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names |= view_names(pattern.url_patterns, inner)
        elif pattern.name:
            names.add(namespace + pattern.name)
    return names


def test_every_lag_tolerant_view_is_a_route() -> None:
    """A renamed or moved view would silently read the primary again."""
    assert view_names(get_resolver().url_patterns) >= replica.LAG_TOLERANT
