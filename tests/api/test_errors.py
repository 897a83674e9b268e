"""Every error comes in one JSON shape: status, code, message, fields."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client

from games.models import Club, Hand, Session
from tests.api.conftest import DISCARD, Api

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


# --- errors outside the views' own handling ---------------------------------------------


def test_an_unexpected_failure_is_a_json_500(
    anonymous: Api, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("games.api.clubs.readable_clubs", broken)
    anonymous.client.raise_request_exception = False
    body = check_shape(anonymous.get("clubs/"), 500, "server_error")
    assert "a bug" not in body["message"]  # nothing of the server's insides leaks


def test_pages_keep_their_html_errors(client: Client) -> None:
    client.raise_request_exception = False
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("path", ["clubs/dra%00gons/", "clubs/%00/", "hands/%00/"])
def test_a_nul_in_the_address_is_a_json_404(anonymous: Api, club: Club, path: str) -> None:
    # PostgreSQL refused to compare a slug holding NUL: the request answered an HTML 500.
    check_shape(anonymous.get(path), 404, "not_found")


@pytest.mark.parametrize("query", ["club=drag%00ons", "season=%00", "date_from=%00"])
def test_a_nul_in_a_query_parameter_is_a_json_400_naming_it(
    anonymous: Api, club: Club, query: str
) -> None:
    body = check_shape(anonymous.get(f"hands/?{query}"), 400, "invalid")
    assert list(body["fields"]) == [query.partition("=")[0]]


def test_a_nul_in_a_page_address_is_a_404(client: Client, club: Club) -> None:
    client.raise_request_exception = False
    assert client.get("/invite/abc%00def/").status_code == 404
    assert client.get("/c/drag%00ons/").status_code == 404


# --- bodies -------------------------------------------------------------------------------


def nested(depth: int) -> str:
    return '{"input": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("path", ["settle/", "evaluate/", "hands/"])
@pytest.mark.parametrize("depth", [40, 100_000])
def test_deeply_nested_json_is_a_parse_error(
    api_bob: Api, session: Session, path: str, depth: int
) -> None:
    # 100,000 levels made Python's decoder raise RecursionError: an HTML 500.
    response = api_bob.client.post(
        f"/api/v1/{path}", nested(depth), content_type="application/json", headers=api_bob.headers
    )
    body = check_shape(response, 400, "parse_error")
    assert "nested deeper than" in body["message"]


def test_ordinary_nesting_is_read(api_bob: Api, session: Session) -> None:
    response = api_bob.post("hands/", {"session": session.pk, "input": DISCARD})
    assert response.status_code == 201, response.content


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"input": {**DISCARD, "note": "a\x00b"}}, "input.note"),
        ({"input": {**DISCARD, "x\x00": 1}}, "input.x\x00"),
        ({"input": {**DISCARD, "hand": {"tiles": ["1m", "\x00"]}}}, "input.hand.tiles.1"),
    ],
)
def test_nul_in_a_json_body_is_refused_by_name(
    api_bob: Api, session: Session, body: dict[str, Any], field: str
) -> None:
    # PostgreSQL cannot store NUL in jsonb: hand input with one answered 500 there.
    response = api_bob.post("hands/", {"session": session.pk, **body})
    fields = check_shape(response, 400, "invalid")["fields"]
    assert list(fields) == [field] and "NUL" in fields[field][0]
    assert not Hand.objects.exists()


def test_nul_in_a_reason_is_refused(api_bob: Api, hand: Hand) -> None:
    response = api_bob.request(
        "delete", f"hands/{hand.pk}/", {"reason": "oops\x00"}, **{"If-Match": '"1"'}
    )
    assert "reason" in check_shape(response, 400, "invalid")["fields"]
    hand.refresh_from_db()
    assert not hand.is_deleted


# --- cursors ------------------------------------------------------------------------------


def forged(position: str) -> str:
    return base64.b64encode(urlencode({"p": position}).encode()).decode()


@pytest.mark.parametrize("path", ["clubs/", "players/", "rule-sets/", "seasons/", "sessions/"])
@pytest.mark.parametrize("position", ["x", "1\x00", str(2**70), "-" + str(2**70), "2026-99-99"])
def test_a_forged_cursor_is_a_400_on_every_list(
    anonymous: Api, hand: Hand, path: str, position: str
) -> None:
    # players/ and hands/ compared the id column with the text as given: a ValueError (500)
    # where sessions/, ordered by date first, had Django's date check answer 400.
    response = anonymous.get(f"{path}?cursor={forged(position)}")
    assert "cursor" in check_shape(response, 400, "invalid")["fields"]


def test_a_forged_cursor_on_hands_is_a_400(anonymous: Api, hand: Hand) -> None:
    for position in ("x", str(2**70)):
        response = anonymous.get(f"hands/?cursor={forged(position)}")
        assert "cursor" in check_shape(response, 400, "invalid")["fields"]


def test_a_cursor_the_api_gave_out_still_works(anonymous: Api, hand: Hand) -> None:
    first = anonymous.get("players/?page_size=2").json()
    second = anonymous.get(first["next"])
    assert second.status_code == 200 and len(second.json()["results"]) == 2
