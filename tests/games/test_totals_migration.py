"""The migration that adds the kept session totals fills them for the hands already stored.

The database is migrated back to the migration before it, filled as the league wrote hands
and scores then (the engine's results, one score per seat, none for a deleted hand), and
migrated forward; the totals must be what those scores add up to.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.rows import RESULT_FIELDS, result_values
from scoring.families import SeatResult, get_family
from tests.games.test_totals import FAMILIES

Node = tuple[str, str]


def totals_migration() -> tuple[Node, Node]:
    """The migration that creates the totals and the one before it (found by name, so that
    renumbering the migrations keeps this test)."""
    graph = MigrationExecutor(connection).loader.graph
    (target,) = [
        node for node in graph.nodes if node[0] == "games" and node[1].endswith("_seat_totals")
    ]
    (previous,) = [node for node in graph.node_map[target].parents if node.key[0] == "games"]
    return target, previous.key


def migrate(node: Node | None) -> Apps:
    executor = MigrationExecutor(connection)
    targets = [node] if node else executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


# (family, day, seats, hands by index into the family's sample hands, deleted hand numbers)
SESSIONS: list[tuple[str, int, str, list[int], set[int]]] = [
    ("hk", 1, "ABCD", [0, 1, 2, 3, 4, 1], {2}),
    ("hk", 8, "EACB", [4, 4, 3], set()),
    ("hk", 9, "ABCD", [], set()),
    ("big_two", 2, "ABCD", [0, 1, 2, 0], {4}),
    ("mcr", 3, "DCBA", [1, 2, 0, 2], set()),
    ("classical", 4, "AB", [0, 0, 1, 2, 0], {1}),
]


class OldLeague:
    """Rows written through the historical models, as the league stored them before."""

    def __init__(self, apps: Apps) -> None:
        self.apps = apps
        self.club = self.model("Club").objects.create(name="Old", slug="old")
        self.players = {
            name: self.model("Player").objects.create(club=self.club, name=name) for name in "ABCDE"
        }
        self.seasons: dict[str, Any] = {}
        self.expected: dict[tuple[int, int], list[SeatResult]] = defaultdict(list)

    def model(self, name: str) -> Any:
        return self.apps.get_model("games", name)

    def season(self, key: str) -> Any:
        if key not in self.seasons:
            rules = self.model("RuleSet").objects.create(club=self.club, name=key, family=key)
            params = get_family(key).clean_params(FAMILIES[key][0])
            self.model("RuleSetVersion").objects.create(rule_set=rules, number=1, params=params)
            self.seasons[key] = self.model("Season").objects.create(
                club=self.club, name=key, rule_set=rules
            )
        return self.seasons[key]

    def session(self, key: str, day: int, seats: str, hands: list[int], deleted: set[int]) -> None:
        season = self.season(key)
        version = season.rule_set.versions.get()
        session = self.model("Session").objects.create(
            club=self.club,
            season=season,
            rule_set_version=version,
            played_on=dt.date(2020, 1, day),
        )
        for position, name in enumerate(seats):
            self.model("Seat").objects.create(
                session=session, position=position, player=self.players[name]
            )
        family, samples = get_family(key), FAMILIES[key][2]
        inputs = [family.clean_hand(samples[i], version.params) for i in hands]
        live = [hand for number, hand in enumerate(inputs, 1) if number not in deleted]
        scored = iter(family.score_sequence(live, version.params))
        for number, hand_input in enumerate(inputs, 1):
            self.hand(session, number, hand_input, None if number in deleted else next(scored)[0])

    def hand(
        self, session: Any, number: int, hand_input: Any, results: list[SeatResult] | None
    ) -> None:
        deleted_at = None if results is not None else dt.datetime(2020, 2, 1, tzinfo=dt.UTC)
        hand = self.model("Hand").objects.create(
            session=session, number=number, input=hand_input, deleted_at=deleted_at
        )
        score_model = self.model("Score")
        kept = {field.name for field in score_model._meta.get_fields()}
        for seat, result in enumerate(results or []):
            values = zip(RESULT_FIELDS, result_values(result), strict=True)
            score_model.objects.create(
                hand=hand,
                seat=seat,
                player=session.seats.get(position=seat).player,
                session=session,
                season=session.season,
                played_on=session.played_on,
                # The facts the historical model has (a later one adds others).
                **{name: value for name, value in values if name in kept},
            )
            self.expected[session.pk, seat].append(result)


def expected_totals(results: list[SeatResult]) -> dict[str, Any]:
    """What a seat's totals are, added up here in Python from the engine's results."""
    wins = [result for result in results if result.won]
    values = [result.hand_value for result in wins if result.hand_value is not None]
    runs = [result.east_run for result in results if result.east_run is not None]
    return {
        "hands": len(results),
        "net": sum((result.points for result in results), Decimal(0)),
        "wins": len(wins),
        "blames": sum(result.blamed for result in results),
        "self_draws": sum(result.self_drawn for result in results),
        "false_wins": sum(result.false_win for result in results),
        "fries": sum(result.fried for result in results),
        "deal_ins": sum(result.blamed and not result.false_win for result in results),
        "real_losses": sum(result.real_loss or 0 for result in results),
        "win_value": sum(values) if values else None,
        "east_hands": len(runs),
        "best_east_run": max(runs, default=None),
    }


@pytest.mark.django_db(transaction=True)
def test_migrating_forward_fills_the_totals_of_the_hands_stored_before() -> None:
    target, previous = totals_migration()
    try:
        league = OldLeague(migrate(previous))
        for session in SESSIONS:
            league.session(*session)
        total_model = migrate(target).get_model("games", "SessionSeatTotal")
        stored = {
            (row.pop("session_id"), row.pop("seat")): row
            for row in total_model.objects.values("session_id", "seat", *expected_totals([]))
        }
    finally:
        migrate(None)
    assert stored == {seat: expected_totals(results) for seat, results in league.expected.items()}
    assert len(stored) == 4 * 4 + 2  # the seats of the sessions with live hands
    assert sum(row["east_hands"] for row in stored.values()) == 4
