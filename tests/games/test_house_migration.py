"""A database made before the league was split into a core and its satellite apps (the
migrations as they stood then: games up to ``0026_riichi_wrc_kiriage``, every model in the
core app) migrates to today's with every row of every table kept, value for value.

The database is filled through today's services (a club with players, rules, a season, a
session, hands, ratings, an import job, a webhook and its delivery, an invitation and a
token), migrated back to that point, read whole, migrated forward again and read again."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import services
from games.models import Club
from games.stats.replay import ratings_replay
from games.webhooks.models import Webhook, WebhookDelivery
from tests.games.pages import build_world

BEFORE_THE_HOUSE = ("games", "0026_riichi_wrc_kiriage")
# Rows that change by design: the migrations' own log, and the content types, whose app
# label follows each model to its satellite app.
CHANGED_BY_DESIGN = {"django_migrations", "django_content_type"}

Rows = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def migrate(node: tuple[str, str] | None) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([node] if node else executor.loader.graph.leaf_nodes())


def every_row(columns_of: dict[str, list[str]] | None = None) -> Rows:
    """Each table's rows (in ``columns_of``'s tables and columns, or all of them), sorted."""
    with connection.cursor() as cursor:
        tables = columns_of or {
            table: [column.name for column in connection.introspection.get_table_description(
                cursor, table
            )]
            for table in connection.introspection.table_names(cursor)
            if table not in CHANGED_BY_DESIGN
        }  # fmt: skip
        rows: Rows = {}
        for table, columns in tables.items():
            names = ", ".join(connection.ops.quote_name(column) for column in columns)
            cursor.execute(f"SELECT {names} FROM {connection.ops.quote_name(table)}")
            rows[table] = (columns, sorted(cursor.fetchall(), key=repr))
    return rows


def fill(club: Club, alice: User) -> None:
    world = build_world(club, alice)
    services.hand_record(session=world.session, hand_input={"outcome": "draw"}, by=alice)
    ratings_replay(club_id=club.pk, family="hk")
    services.invitation_create(club=club, role="member", player=None, by=alice)
    services.api_token_create(user=alice, name="spreadsheet", read_only=True)
    hook = Webhook.objects.create(club=club, url="https://example.org/hook", created_by=alice)
    WebhookDelivery.objects.create(webhook=hook, event="hand.recorded", body="{}")


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_house_keeps_every_row(club: Club, alice: User) -> None:
    fill(club, alice)
    try:
        migrate(BEFORE_THE_HOUSE)
        before = every_row()
        assert all(rows for _, rows in (before["games_hand"], before["games_webhook"]))
        migrate(None)
        after = every_row({table: columns for table, (columns, _) in before.items()})
    finally:
        migrate(None)
    assert after == before
