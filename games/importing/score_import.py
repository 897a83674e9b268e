"""What callers of a score file's import use: its plan (the preview) and its writing.

A section of the file (one date, one seating, one set of rules) becomes a session; its games
become hands scored by the family's engine. Sessions carry a key derived from the section
and hands a client id derived from their place and tokens, so importing the same file again
creates nothing and a file that grew by appended games adds only the new games.
"""

from games.importing.planning import NAMESPACE, PLAYER_NAME_LENGTH, plan_import
from games.importing.plans import (
    ImportPlan,
    ImportRefused,
    PlannedSession,
    PlannedVersion,
    Problem,
)
from games.importing.reading import (
    MAX_FILE_BYTES,
    PENDING_FOLDER,
    PENDING_LIFETIME,
    check_size,
    decode,
    inline_check_lines,
    pending_file_delete,
    pending_file_read,
    pending_file_save,
)
from games.importing.writing import import_scores

# Imports as jobs (``jobs``) are imported where they are used: they need the webhooks, which
# need the API's bodies, which this module must not wait for.

__all__ = [
    "MAX_FILE_BYTES",
    "NAMESPACE",
    "PENDING_FOLDER",
    "PENDING_LIFETIME",
    "PLAYER_NAME_LENGTH",
    "ImportPlan",
    "ImportRefused",
    "PlannedSession",
    "PlannedVersion",
    "Problem",
    "check_size",
    "decode",
    "import_scores",
    "inline_check_lines",
    "pending_file_delete",
    "pending_file_read",
    "pending_file_save",
    "plan_import",
]
