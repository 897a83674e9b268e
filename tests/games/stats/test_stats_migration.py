"""Moving the ratings to their app (games.stats) keeps every row: the database is migrated
back to the migration before the move, filled through the core's historical models, and
migrated forward; the rows read through the stats app's models are the ones written."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.apps.registry import Apps
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.stats.models import Rating, RatingsPending
from tests.conftest import HK_HALF

Node = tuple[str, str]


def before_the_move() -> Node:
    """The core's migration before the move (found by name, so that renumbering keeps it)."""
    graph = MigrationExecutor(connection).loader.graph
    (target,) = [
        node
        for node in graph.nodes
        if node[0] == "games" and node[1].endswith("_stats_move_to_their_app")
    ]
    (previous,) = [node for node in graph.node_map[target].parents if node.key[0] == "games"]
    return previous.key


def migrate(node: Node | None) -> Apps:
    executor = MigrationExecutor(connection)
    targets = [node] if node else executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def old_ratings(apps: Apps) -> dict[str, Any]:
    """A club's ratings and its mark, as the core app stored them before."""

    def model(name: str) -> Any:
        return apps.get_model("games", name)

    club = model("Club").objects.create(name="Old", slug="old")
    rules = model("RuleSet").objects.create(club=club, name="HK", family="hk")
    version = model("RuleSetVersion").objects.create(rule_set=rules, number=1, params=HK_HALF)
    season = model("Season").objects.create(club=club, name="S", rule_set=rules)
    day = dt.date(2020, 1, 5)
    session = model("Session").objects.create(
        club=club, season=season, rule_set_version=version, played_on=day
    )
    for number, name in enumerate("AB", start=1):
        player = model("Player").objects.create(club=club, name=name)
        model("Rating").objects.create(
            club=club, family="hk", player=player, session=session, season=season,
            played_on=day, mu=25.0 + number, sigma=8.0 - number, sessions=1,
        )  # fmt: skip
    model("RatingsPending").objects.create(club=club, family="hk", since=day)
    return {
        "ratings": sorted(model("Rating").objects.values_list("player__name", "mu", "sigma")),
        "pending": list(model("RatingsPending").objects.values_list("club__slug", "since")),
    }


@pytest.mark.django_db(transaction=True)
def test_moving_the_ratings_to_their_app_keeps_every_row_and_content_type() -> None:
    previous = before_the_move()
    try:
        stored = old_ratings(migrate(previous))
        # As at today's main: the models' content types are the core's.
        ContentType.objects.filter(app_label="stats").delete()
        for model in ("rating", "ratingspending"):
            ContentType.objects.get_or_create(app_label="games", model=model)
        migrate(None)
        kept = {
            "ratings": sorted(Rating.objects.values_list("player__name", "mu", "sigma")),
            "pending": list(RatingsPending.objects.values_list("club__slug", "since")),
        }
        moved = set(
            ContentType.objects.filter(model__in=["rating", "ratingspending"]).values_list(
                "app_label", flat=True
            )
        )
    finally:
        migrate(None)
    assert kept == stored and len(stored["ratings"]) == 2 and len(stored["pending"]) == 1
    assert moved == {"stats"}
