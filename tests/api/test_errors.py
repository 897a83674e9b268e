"""Every error comes in one JSON shape: status, code, message, fields."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Session
from tests.api.conftest import Api

SHAPE = {"status", "code", "message", "fields"}


def check_shape(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = dict(response.json())
    assert set(body) == SHAPE and body["status"] == status and body["code"] == code
    assert isinstance(body["message"], str) and body["message"]
    return body


def test_malformed_json_is_a_parse_error(api_bob: Api, session: Session) -> None:
    response = api_bob.client.post(
        "/api/v1/hands/", "{not json", content_type="application/json", headers=api_bob.headers
    )
    check_shape(response, 400, "parse_error")


def test_other_media_types_are_refused(api_bob: Api, session: Session) -> None:
    response = api_bob.client.post(
        "/api/v1/hands/", "session=1", content_type="text/plain", headers=api_bob.headers
    )
    check_shape(response, 415, "unsupported_media_type")


def test_an_unknown_method_is_405(api_bob: Api, session: Session) -> None:
    check_shape(api_bob.request("put", "hands/1/", {}), 405, "method_not_allowed")


@pytest.mark.parametrize("path", ["nowhere/", "hands/-1/", "clubs/a/b/"])
def test_unknown_addresses_are_json_404s(anonymous: Api, path: str) -> None:
    check_shape(anonymous.get(path), 404, "not_found")


def test_field_errors_name_nested_fields(api_alice: Api, session: Session) -> None:
    body = {"season": session.season_id, "played_on": "someday", "players": ["x", 2]}
    fields = check_shape(api_alice.post("sessions/", body), 400, "invalid")["fields"]
    assert set(fields) == {"played_on", "players.0"}
    assert all(isinstance(message, str) for messages in fields.values() for message in messages)
