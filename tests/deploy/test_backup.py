"""The backup of docs/operations.md: `pg_dump` of a league, restored into an empty database,
gives back every row of every table."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection

from games import services

pytestmark = [
    pytest.mark.postgres_only,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]
HK_HALF = {"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}


def libpq_args(name: str) -> list[str]:
    settings = connection.settings_dict
    args = ["-h", settings["HOST"] or "127.0.0.1", "-p", str(settings["PORT"] or 5432)]
    return [*args, "-U", settings["USER"], "-d", name]


def conninfo(name: str) -> str:
    settings = connection.settings_dict
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or 5432
    return f"host={host} port={port} user={settings['USER']} dbname={name}"


# A table's row count and a digest of its rows, each written as text, in text order.
DIGEST = """
SELECT count(*) || ' ' || md5(coalesce(string_agg(t::text, chr(10) ORDER BY t::text), ''))
FROM "{table}" t
"""


def table_contents(name: str) -> dict[str, str]:
    """Every table of the database and a digest of all its rows, in a fixed order."""
    with psycopg.connect(conninfo(name), autocommit=True) as db:
        tables = [
            row[0]
            for row in db.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
            )
        ]
        return {table: db.execute(DIGEST.format(table=table)).fetchone()[0] for table in tables}


@pytest.fixture
def empty_database() -> Iterator[str]:
    name = f"{connection.settings_dict['NAME']}_restore"
    with psycopg.connect(conninfo("postgres"), autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(conninfo("postgres"), autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')


def test_a_dump_restored_into_an_empty_database_holds_every_row(
    empty_database: str, tmp_path: Path, django_user_model: Any
) -> None:
    alice = User.objects.create_user("alice")
    club = services.club_create(
        name="Dragons", slug="dragons", visibility="public", organiser=alice
    )
    for name in "ABCD":
        services.player_create(club=club, name=name)
    services.rule_set_create(club=club, name="HK", family="hk", by=alice, params=HK_HALF)
    dump = tmp_path / "league.dump"
    source = connection.settings_dict["NAME"]

    # The commands of docs/operations.md, "Backups".
    subprocess.run(
        ["pg_dump", "--format=custom", f"--file={dump}", *libpq_args(source)], check=True
    )
    restore = [
        "pg_restore",
        "--no-owner",
        "--exit-on-error",
        *libpq_args(empty_database),
        str(dump),
    ]
    subprocess.run(restore, check=True)

    original, restored = table_contents(source), table_contents(empty_database)
    assert "games_club" in original and original["games_club"].startswith("1")
    assert restored == original
