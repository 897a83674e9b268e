"""Schema post-processing: every operation documents the errors it can answer, in one shape."""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every error the API answers has this shape.",
    "properties": {
        "status": {"type": "integer", "description": "The HTTP status again."},
        "code": {"type": "string", "description": "A stable machine-readable code."},
        "message": {"type": "string", "description": "What went wrong, for a person."},
        "fields": {
            "type": "object",
            "description": "Messages per field (dotted paths for nested ones); "
            "`non_field_errors` for the request as a whole.",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "current": {
            "anyOf": [
                {"$ref": "#/components/schemas/HandDetail"},
                {"$ref": "#/components/schemas/PenaltyDetail"},
            ],
            "description": "With 412 only: the hand (or penalty) as it is now.",
        },
    },
    "required": ["status", "code", "message", "fields"],
}

COMMON = {
    "400": "The request or a parameter is invalid; `fields` says which and why.",
    "401": "The token is unknown, revoked or malformed, or a write was sent anonymously.",
    "403": "Your role in the club, or a read-only token, does not allow this.",
    "404": "No such object, or it belongs to a club you may not see.",
    "406": "Only JSON is served.",
    "429": "Too many requests; wait the Retry-After seconds.",
    "500": "A failure on the server's side (logged); the body still has this shape.",
}
WITH_BODY = {
    "415": "Send the body as application/json.",
}
EXTRA = {"412", "422", "428"}
# The writes whose idempotency key, sent again with another body, is refused.
KEY_REUSED = {
    "hands_create": "The key was used for a different hand.",
    "penalties_create": "The key was used for a different penalty.",
}
# Computations open to anyone, like the reads of public clubs.
ANONYMOUS_POSTS = {"evaluate", "settle"}


def add_error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular hook: the Error component, and its responses on every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            codes = dict(COMMON)
            if method in {"post", "put", "patch"}:
                codes.update(WITH_BODY)
            if method == "get" or operation.get("operationId") in ANONYMOUS_POSTS:
                operation.setdefault("security", []).append({})
            responses = operation.setdefault("responses", {})
            for code, description in codes.items():
                responses.setdefault(code, {"description": description, "content": error})
            for code in EXTRA & set(responses):
                responses[code].setdefault("content", error)
            refused = KEY_REUSED.get(operation.get("operationId", ""))
            if method == "post" and refused:
                responses.setdefault("422", {"description": refused, "content": error})
    return result


def _link(operation: str, description: str, **parameters: str) -> dict[str, Any]:
    return {"operationId": operation, "description": description, "parameters": parameters}


CREATED_ID = "$response.body#/id"
ETAG = "$response.header.ETag"
HAND_LINKS = {
    "GetHand": _link("hands_retrieve", "Read the hand.", hand_id=CREATED_ID),
    "AmendHand": _link(
        "hands_partial_update",
        "Amend the hand as it now is.",
        hand_id=CREATED_ID,
        **{"header.If-Match": ETAG},
    ),
    "DeleteHand": _link(
        "hands_destroy",
        "Delete the hand as it now is.",
        hand_id=CREATED_ID,
        **{"header.If-Match": ETAG},
    ),
}
SESSION_LINKS = {
    "GetSession": _link("sessions_retrieve", "Read the session.", session_id=CREATED_ID),
    "UpdateSession": _link("sessions_partial_update", "Close or reopen it.", session_id=CREATED_ID),
    "DeleteSession": _link(
        "sessions_destroy", "Delete it while it has no hands.", session_id=CREATED_ID
    ),
    "RecordHand": {
        "operationId": "hands_create",
        "description": "Record a hand in the session.",
        "requestBody": {"session": CREATED_ID},
    },
}
EVENT_LINKS = {
    "GetEvent": _link("events_retrieve", "Read the event.", event_id=CREATED_ID),
    "RegisterPlayers": _link("events_players_add", "Register players.", event_id=CREATED_ID),
    "PreviewSeating": _link(
        "events_seating_preview", "Preview the next round.", event_id=CREATED_ID
    ),
    "PublishRound": _link("events_round_publish", "Publish the next round.", event_id=CREATED_ID),
}
PENALTY_LINKS = {
    "GetPenalty": _link("penalties_retrieve", "Read the penalty.", penalty_id=CREATED_ID),
    "AmendPenalty": _link(
        "penalties_partial_update",
        "Amend the penalty as it now is.",
        penalty_id=CREATED_ID,
        **{"header.If-Match": ETAG},
    ),
    "DeletePenalty": _link(
        "penalties_destroy",
        "Delete the penalty as it now is.",
        penalty_id=CREATED_ID,
        **{"header.If-Match": ETAG},
    ),
}
FIRST_TABLE = "$response.body#/tables/0/session"
SEATING_LINKS = {
    "GetTable": _link("sessions_retrieve", "Read the first table.", session_id=FIRST_TABLE),
    "RecordHand": {
        "operationId": "hands_create",
        "description": "Record a hand at the first table.",
        "requestBody": {"session": FIRST_TABLE},
    },
}
# Where each operation's answer leads: (operation, status) → links.
LINKS = {
    ("hands_create", "201"): HAND_LINKS,
    ("hands_create", "200"): HAND_LINKS,
    ("hands_retrieve", "200"): HAND_LINKS,
    ("hands_partial_update", "200"): HAND_LINKS,
    ("sessions_create", "201"): SESSION_LINKS,
    ("sessions_retrieve", "200"): SESSION_LINKS,
    ("sessions_partial_update", "200"): SESSION_LINKS,
    ("penalties_create", "201"): PENALTY_LINKS,
    ("penalties_create", "200"): PENALTY_LINKS,
    ("penalties_retrieve", "200"): PENALTY_LINKS,
    ("penalties_partial_update", "200"): PENALTY_LINKS,
    ("events_create", "201"): EVENT_LINKS,
    ("events_players_add", "200"): EVENT_LINKS,
    ("events_round_publish", "201"): SEATING_LINKS,
}


def add_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular hook: OpenAPI links from what an answer creates to what acts on it,
    so that clients (and stateful tests) can follow record → read → amend → delete."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for status, response in operation.get("responses", {}).items():
                links = LINKS.get((operation.get("operationId"), status))
                if links:
                    response["links"] = links
    return result
