"""Classical (Millington-style) rules from a rules file as a league family.

A rule set names a shipped preset or holds the club's own rules file text, plus the game
options (the engine's ``classical.params``). A hand records every player's tile sets and
ticked events (the engine's ``classical.entry``); its scores depend on the hands before it
in the session, so ``session`` shows the engine's replay of a session's hands;
``results`` turns a scored hand into what the league stores; ``family`` is the ``Family``
the league registers.
"""

from scoring.engine.classical.entry import (
    HAND_FIELDS,
    PLAYER_FIELDS,
    ClassicalHand,
    parse_tokens,
    read_hand,
    set_from_token,
)
from scoring.engine.classical.params import (
    BOOLEAN_OPTIONS,
    FILE,
    MAX_LIMIT,
    MAX_RULES_TEXT,
    MAX_STAKE,
    SOURCES,
    base_rules,
    read_rules_text,
    rules_from_params,
    stake_from_params,
)
from scoring.engine.classical.replay import Replayed, replay
from scoring.families.classical.family import METHOD_NAMES, ClassicalFamily
from scoring.families.classical.results import MAX_PLACES
from scoring.families.classical.session import (
    WIND_NAMES,
    MatrixRow,
    TableState,
    payments_matrix,
)

__all__ = [
    "BOOLEAN_OPTIONS",
    "FILE",
    "HAND_FIELDS",
    "MAX_LIMIT",
    "MAX_PLACES",
    "MAX_RULES_TEXT",
    "MAX_STAKE",
    "METHOD_NAMES",
    "PLAYER_FIELDS",
    "SOURCES",
    "WIND_NAMES",
    "ClassicalFamily",
    "ClassicalHand",
    "MatrixRow",
    "Replayed",
    "TableState",
    "base_rules",
    "parse_tokens",
    "payments_matrix",
    "read_hand",
    "read_rules_text",
    "replay",
    "rules_from_params",
    "set_from_token",
    "stake_from_params",
]
