"""Import jobs moved to their own app (games.importing) with their table: a database made
before the move keeps every job, the job's content type (permissions, admin history)
follows it to the new label, and a statistics job queued before the move still runs."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils.module_loading import import_string
from django_tasks_db.models import DBTaskResult

from games.importing.bulk_hands import analyse_hand_tables
from games.importing.models import ImportJob
from tests.games.test_totals_migration import Node, migrate


def the_move() -> tuple[Node, Node]:
    """The imports app's first migration and the core's migration before the move (found by
    name, so that renumbering the core's migrations keeps this test)."""
    graph = MigrationExecutor(connection).loader.graph
    (target,) = [
        node for node in graph.nodes if node[0] == "importing" and node[1] == "0001_initial"
    ]
    (moved,) = [node for node in graph.node_map[target].parents if node.key[0] == "games"]
    (before,) = [node for node in graph.node_map[moved.key].parents if node.key[0] == "games"]
    return target, before.key


@pytest.mark.django_db(transaction=True)
def test_a_job_stored_before_the_move_is_kept_with_its_content_type() -> None:
    target, before = the_move()
    try:
        old = migrate(before)
        club = old.get_model("games", "Club").objects.create(name="Old", slug="old")
        rules = old.get_model("games", "RuleSet").objects.create(club=club, name="HK", family="hk")
        season = old.get_model("games", "Season").objects.create(
            club=club, name="Spring", rule_set=rules
        )
        job = old.get_model("games", "ImportJob").objects.create(
            club=club, season=season, file_name="spring.txt", file="x", digest="d", status="done"
        )
        # As a database made before the move has it (the test database has the new label).
        ContentType.objects.filter(model="importjob").update(app_label="games")
        migrate(target)
        kept = ImportJob.objects.get(pk=job.pk)
        label = ContentType.objects.get(model="importjob").app_label
    finally:
        migrate(None)
    assert (kept.file_name, kept.season_id, kept.status) == ("spring.txt", season.pk, "done")
    assert label == "importing"


@pytest.mark.django_db(transaction=True)
def test_a_statistics_job_queued_before_the_move_runs_from_the_new_place() -> None:
    target, before = the_move()
    try:
        migrate(before)
        queued = analyse_hand_tables.enqueue()
        # As a queue filled before the move has it.
        rows = DBTaskResult.objects.filter(pk=queued.id)
        rows.update(task_path="games.bulk_hands.analyse_hand_tables")
        migrate(target)
        task_path = rows.get().task_path
    finally:
        migrate(None)
    assert import_string(task_path) is analyse_hand_tables
