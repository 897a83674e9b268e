"""Locks that let one import of a season run at a time without stopping the club's play.

A large import runs for tens of seconds. Locking the season's row or its rule set's row for
so long made every member recording a hand in that season (each raises the season's
standings version) and everyone starting a session with those rules wait for it. These
locks hold only what an import needs held:

- another import into the same season waits (PostgreSQL's advisory lock, keyed by the
  season): it would plan against rows the first has not committed;
- the rule-set versions the import may pin to its sessions are not edited in place
  meanwhile (a row lock ``FOR SHARE``: an edit waits, then sees them in use and makes a new
  version, as it does for any version in use); new sessions and hands go on as usual.

SQLite has neither: it runs one writing transaction at a time, so there is nothing to hold.
"""

from __future__ import annotations

from django.db import connection

from games.models import RuleSet, Season

# The advisory locks' first key, naming what the second (a season id) is locked for.
SEASON_IMPORT = 0x4D4A  # "MJ"
# Advisory keys are 32-bit: a season id beyond is folded, and a fold shared by two seasons
# only makes their imports take turns.
KEY_RANGE = 2**31


def season_import_lock(season: Season) -> None:
    """Wait until no other import into ``season`` runs, and hold that until this
    transaction ends."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, %s)", [SEASON_IMPORT, season.pk % KEY_RANGE]
        )


def rule_versions_share_lock(rule_set: RuleSet) -> None:
    """Keep ``rule_set``'s versions from being edited in place until this transaction ends."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM games_rulesetversion WHERE rule_set_id = %s FOR SHARE",
            [rule_set.pk],
        )


def writes_take_turns() -> bool:
    """Whether the database runs one writing transaction at a time, whatever the rows (SQLite):
    then a long write keeps every other one waiting, and should be made in turns."""
    return connection.vendor == "sqlite"
