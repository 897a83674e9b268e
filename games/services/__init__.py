"""Every write the league makes: pages, the API and imports all come through here.

Each service validates through the rule family's engine, writes in one transaction and
raises ``django.core.exceptions.ValidationError`` with a message a person can act on.
The services live by area (clubs and people, rule sets and seasons, sessions, hands,
API tokens); this package names them all, so callers write ``services.hand_record``.
"""

from games.services.clubs import (
    TIME_ZONES,
    club_create,
    club_update,
    invitation_accept,
    invitation_create,
    invitation_sign_up,
    invitation_withdraw,
    member_account_create,
    membership_change_role,
    membership_remove,
    membership_set,
    player_create,
    player_link_user,
    player_update,
)
from games.services.common import (
    IdempotencyConflict,
    engine_error_to_validation,
    name_clean,
    write_unique,
)
from games.services.hands import (
    StaleHand,
    hand_amend,
    hand_delete,
    hand_preview,
    hand_record,
    hand_undo,
)
from games.services.penalties import (
    PenaltyInput,
    StalePenalty,
    penalty_amend,
    penalty_delete,
    penalty_record,
)
from games.services.players import (
    name_owner,
    player_alias_add,
    player_alias_remove,
    player_merge,
    player_merge_undo,
)
from games.services.rules import rule_set_create, rule_set_update, season_save
from games.services.sessions import (
    session_delete,
    session_set_status,
    session_start,
    session_start_like,
    session_start_once,
)
from games.services.tokens import api_token_create, api_token_hash, api_token_revoke

__all__ = [
    "TIME_ZONES",
    "IdempotencyConflict",
    "PenaltyInput",
    "StaleHand",
    "StalePenalty",
    "api_token_create",
    "api_token_hash",
    "api_token_revoke",
    "club_create",
    "club_update",
    "engine_error_to_validation",
    "hand_amend",
    "hand_delete",
    "hand_preview",
    "hand_record",
    "hand_undo",
    "invitation_accept",
    "invitation_create",
    "invitation_sign_up",
    "invitation_withdraw",
    "member_account_create",
    "membership_change_role",
    "membership_remove",
    "membership_set",
    "name_clean",
    "name_owner",
    "penalty_amend",
    "penalty_delete",
    "penalty_record",
    "player_alias_add",
    "player_alias_remove",
    "player_create",
    "player_link_user",
    "player_merge",
    "player_merge_undo",
    "player_update",
    "rule_set_create",
    "rule_set_update",
    "season_save",
    "session_delete",
    "session_set_status",
    "session_start",
    "session_start_like",
    "session_start_once",
    "write_unique",
]
