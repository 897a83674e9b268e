"""What a club archive holds: one JSON file per kind of record, in the order they load.

Each kind names its model, the club's rows of it (a filter), the columns copied as they are,
the columns that refer to a record of another kind (by that record's ``id`` in the archive)
and those that name an account (by its username). What a row copies from another (a hand's
club, a score's player) is not in the archive: the import derives it. Every model of the
league is either here or in ``LEFT_OUT`` with the reason (a test holds the two complete).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import models

from games.events.models import Event, EventPlayer, Round, RoundBye, RoundTable, Team, TeamMember
from games.models import (
    Hand,
    HandRevision,
    Penalty,
    PenaltyRevision,
    Player,
    PlayerAlias,
    RuleSet,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
)
from games.webhooks.models import Webhook

FORMAT = "mahjong-league-club"
# The version this code writes. When the format changes, it goes up by one and
# ``games.archive.reading.UPGRADES`` gets the step from the version before (its
# ``steps``).
VERSION = 1
MANIFEST = "manifest.json"
CLUB = "club.json"
ACCOUNTS = "accounts.json"
# club.json: the club's own columns.
CLUB_FIELDS = (
    "name",
    "slug",
    "visibility",
    "members_switch_rules",
    "members_start_sessions",
    "time_zone",
    "language",
    "created_at",
)


@dataclass(frozen=True)
class Kind:
    """One file of the archive: ``name``.json holds a list of records of ``model``."""

    name: str
    model: type[models.Model]
    # The lookup from a row of the model to its club.
    club_path: str
    fields: tuple[str, ...]
    # Column → the kind whose record it names.
    refs: dict[str, str] = field(default_factory=dict)
    # Columns naming an account.
    users: tuple[str, ...] = ()

    @property
    def file(self) -> str:
        return f"{self.name}.json"


KINDS: tuple[Kind, ...] = (
    Kind("players", Player, "club", ("name", "ema_number", "created_at"), users=("user",)),
    Kind("aliases", PlayerAlias, "club", ("name",), {"player": "players"}),
    Kind("rule_sets", RuleSet, "club", ("name", "family", "created_at")),
    Kind(
        "rule_set_versions",
        RuleSetVersion,
        "rule_set__club",
        ("number", "params", "created_at", "from_import"),
        {"rule_set": "rule_sets"},
        ("created_by",),
    ),
    Kind(
        "seasons",
        Season,
        "club",
        ("name", "starts_on", "ends_on", "created_at"),
        {"rule_set": "rule_sets"},
    ),
    Kind(
        "sessions",
        Session,
        "club",
        ("played_on", "status", "created_at", "import_key", "client_id"),
        {"season": "seasons", "rule_set_version": "rule_set_versions"},
        ("created_by",),
    ),
    Kind(
        "seats", Seat, "session__club", ("position",), {"session": "sessions", "player": "players"}
    ),
    Kind(
        "hands",
        Hand,
        "club",
        (
            "number",
            "input",
            "source",
            "evaluation",
            "client_id",
            "version",
            "recorded_at",
            "updated_at",
            "deleted_at",
            "record",
        ),
        {"session": "sessions", "rule_set_version": "rule_set_versions"},
        ("recorded_by", "updated_by"),
    ),
    Kind(
        "scores",
        Score,
        "hand__club",
        (
            "seat",
            "points",
            "won",
            "blamed",
            "self_drawn",
            "false_win",
            "fried",
            "hand_value",
            "real_loss",
            "east_run",
            "declared",
        ),
        {"hand": "hands"},
    ),
    Kind(
        "hand_revisions",
        HandRevision,
        "hand__club",
        ("action", "previous_input", "previous_version", "reason", "at"),
        {"hand": "hands"},
        ("by",),
    ),
    Kind(
        "penalties",
        Penalty,
        "club",
        (
            "reason",
            "note",
            "amount",
            "zero_sum",
            "client_id",
            "version",
            "recorded_at",
            "updated_at",
            "deleted_at",
        ),
        {"session": "sessions", "player": "players"},
        ("recorded_by", "updated_by"),
    ),
    Kind(
        "penalty_revisions",
        PenaltyRevision,
        "penalty__club",
        ("action", "previous", "previous_version", "reason", "at"),
        {"penalty": "penalties"},
        ("by",),
    ),
    Kind(
        "events",
        Event,
        "club",
        (
            "name",
            "kind",
            "rounds",
            "state",
            "current_round",
            "seating",
            "seed",
            "round_minutes",
            "warning_minutes",
            "withhold_results",
            "tie_break",
            "schedule",
            "created_at",
        ),
        {"season": "seasons", "rule_set": "rule_sets"},
    ),
    Kind(
        "event_players",
        EventPlayer,
        "event__club",
        ("from_round", "dropped_from"),
        {"event": "events", "player": "players", "substitute_for": "event_players"},
    ),
    Kind(
        "rounds",
        Round,
        "event__club",
        (
            "number",
            "state",
            "method",
            "seed",
            "started_at",
            "paused_at",
            "run_seconds",
            "extra_minutes",
            "published_at",
        ),
        {"event": "events"},
    ),
    Kind(
        "round_tables",
        RoundTable,
        "round__event__club",
        ("number",),
        {"round": "rounds", "session": "sessions"},
    ),
    Kind(
        "round_byes", RoundBye, "round__event__club", (), {"round": "rounds", "player": "players"}
    ),
    Kind(
        "teams",
        Team,
        "club",
        ("name", "best_of", "created_at"),
        {"season": "seasons", "event": "events"},
    ),
    Kind("team_members", TeamMember, "team__club", (), {"team": "teams", "player": "players"}),
    Kind(
        "webhooks",
        Webhook,
        "club",
        ("url", "events", "active", "failing_since", "paused_reason", "created_at"),
        users=("created_by",),
    ),
)
BY_NAME = {kind.name: kind for kind in KINDS}


def column(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    """The model's column of this name (a kind names only columns)."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


# Models of the league a club's archive leaves out, and why.
LEFT_OUT: dict[str, str] = {
    "games.club": "club.json holds the club itself",
    "games.membership": "accounts.json holds each member's role",
    "games.preferences": "an account's own choices, not the club's",
    "games.sessionseattotal": "kept totals: summed again from the scores",
    "games.invitation": "its token is a secret of this site",
    "games.apitoken": "secrets of the accounts",
    "games.playermerge": "its undo names rows of this database only",
    "stats.rating": "recomputed from the kept totals",
    "stats.ratingspending": "a mark for the ratings job",
    "webhooks.webhookdelivery": "a log of this site's deliveries",
    "importing.importjob": "an uploaded file's progress on this site",
    "health.workerheartbeat": "this site's workers",
}
