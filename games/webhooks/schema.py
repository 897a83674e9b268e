"""drf-spectacular hook: the body of every webhook delivery, as components of the schema.

OpenAPI 3.0 (which the schema is) has no ``webhooks`` section, so the payloads are
components: an event envelope whose ``data`` is the API's own hand, penalty or session JSON."""

from __future__ import annotations

from typing import Any

from games.webhooks.models import Webhook

HAND_EVENTS = [Webhook.Event.HAND_RECORDED, Webhook.Event.HAND_AMENDED, Webhook.Event.HAND_DELETED]
PENALTY_EVENTS = [
    Webhook.Event.PENALTY_RECORDED,
    Webhook.Event.PENALTY_AMENDED,
    Webhook.Event.PENALTY_DELETED,
]
SESSION_EVENTS = [Webhook.Event.SESSION_CLOSED]
IMPORT_EVENTS = [Webhook.Event.IMPORT_FINISHED]
ROUND_EVENTS = [Webhook.Event.ROUND_PUBLISHED, Webhook.Event.ROUND_FINISHED]
_COUNT = {"type": "integer", "minimum": 0}
IMPORT_DATA = {
    "type": "object",
    "description": "An import job that ended: imported (status done), or failed with "
    "nothing written (status failed, with the first problems by line).",
    "properties": {
        "id": {"type": "string", "format": "uuid", "description": "The import job's id."},
        "club": {"type": "string", "description": "The club's slug."},
        "season": {"type": "integer"},
        "file_name": {"type": "string"},
        "status": {"type": "string", "enum": ["done", "failed"]},
        "hands": {**_COUNT, "description": "Hands imported."},
        "sessions": {**_COUNT, "description": "Sessions created."},
        "players": {**_COUNT, "description": "Players added to the club."},
        "problems": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "line": {"type": "integer", "nullable": True},
                    "message": {"type": "string"},
                },
                "required": ["line", "message"],
            },
        },
        "finished_at": {"type": "string", "format": "date-time"},
    },
    "required": [
        "id",
        "club",
        "season",
        "file_name",
        "status",
        "hands",
        "sessions",
        "players",
        "problems",
        "finished_at",
    ],
}


_SEAT = {
    "type": "object",
    "properties": {
        "wind": {"type": "string", "enum": ["east", "south", "west", "north"]},
        "player": {"type": "integer"},
        "name": {"type": "string"},
    },
    "required": ["wind", "player", "name"],
}
ROUND_DATA = {
    "type": "object",
    "description": "A round of a club night or tournament: its tables (one session each, "
    "seats in wind order) and the players who sit it out.",
    "properties": {
        "club": {"type": "string", "description": "The club's slug."},
        "event": {"type": "integer"},
        "event_name": {"type": "string"},
        "round": {"type": "integer", "minimum": 1},
        "rounds": {"type": "integer", "minimum": 1},
        "state": {"type": "string", "enum": ["seated", "playing", "finished"]},
        "tables": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "number": {"type": "integer"},
                    "session": {"type": "integer"},
                    "seats": {"type": "array", "items": _SEAT},
                },
                "required": ["number", "session", "seats"],
            },
        },
        "byes": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["club", "event", "event_name", "round", "rounds", "state", "tables", "byes"],
}


def _envelope(events: list[Webhook.Event], data: str, description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {
            "id": {
                "type": "string",
                "format": "uuid",
                "description": "The delivery's id (also in X-League-Delivery); the same on "
                "every retry, so a receiver can ignore a repeat.",
            },
            "event": {"type": "string", "enum": [str(event) for event in events]},
            "created_at": {"type": "string", "format": "date-time"},
            "club": {"type": "string", "description": "The club's slug."},
            "data": {"$ref": f"#/components/schemas/{data}"},
        },
        "required": ["id", "event", "created_at", "club", "data"],
    }


def add_webhook_payloads(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    signed = (
        " POSTed as JSON with X-League-Event, X-League-Delivery and X-League-Signature "
        "(t=<unix seconds>,v1=<HMAC-SHA256 of t.body with the hook's secret, hex>)."
    )
    schemas["WebhookHandEvent"] = _envelope(
        HAND_EVENTS, "HandDetail", "A hand was recorded, amended or deleted." + signed
    )
    schemas["WebhookPenaltyEvent"] = _envelope(
        PENALTY_EVENTS, "PenaltyDetail", "A penalty was recorded, amended or deleted." + signed
    )
    schemas["WebhookSessionEvent"] = _envelope(
        SESSION_EVENTS, "SessionDetail", "A session was closed." + signed
    )
    schemas["WebhookImportData"] = IMPORT_DATA
    schemas["WebhookImportEvent"] = _envelope(
        IMPORT_EVENTS, "WebhookImportData", "An import job ended." + signed
    )
    schemas["WebhookRoundData"] = ROUND_DATA
    schemas["WebhookRoundEvent"] = _envelope(
        ROUND_EVENTS, "WebhookRoundData", "An event's round was published or finished." + signed
    )
    return result
