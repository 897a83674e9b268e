"""The OpenAPI schema is generated from the code, valid, warning-free, and documented locally."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from games.api.schema import ERROR_SCHEMA


@pytest.mark.django_db
def test_the_schema_validates_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "schema.json"
    # --fail-on-warn turns any undeclared view or guessed type into a failure.
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--format", "openapi-json",
        "--file", str(out), stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip
    schema = json.loads(out.read_text())
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/hands/{hand_id}/" in schema["paths"]


def schema_of(client: Client) -> dict[str, Any]:
    response = client.get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    return dict(json.loads(response.content))


def test_every_operation_documents_the_error_shape(client: Client, db: Any) -> None:
    schema = schema_of(client)
    assert schema["components"]["schemas"]["Error"] == ERROR_SCHEMA
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for code in ("400", "401", "403", "404", "429"):
                assert code in operation["responses"], (method, path, code)


def test_hand_writes_document_their_preconditions(client: Client, db: Any) -> None:
    paths = schema_of(client)["paths"]
    assert "422" in paths["/api/v1/hands/"]["post"]["responses"]
    for method in ("patch", "delete"):
        operation = paths["/api/v1/hands/{hand_id}/"][method]
        assert {"412", "428"} <= set(operation["responses"])
        assert any(p["name"] == "If-Match" and p["required"] for p in operation["parameters"])


def test_the_docs_page_loads_only_our_own_static_files(client: Client, db: Any) -> None:
    page = client.get("/api/v1/docs/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(src.startswith("/") for src in sources), sources
    assert "cdn" not in page.lower()
    for src in sources:
        if src.startswith("/static/"):
            response = client.get(src)
            assert response.status_code == 200, src
            b"".join(response.streaming_content if response.streaming else [response.content])


def links_of(schema: dict[str, Any], path: str, method: str, status: str) -> dict[str, Any]:
    return dict(schema["paths"][path][method]["responses"][status].get("links", {}))


def test_links_lead_from_a_new_session_to_its_hands_and_their_changes(
    client: Client, db: Any
) -> None:
    schema = schema_of(client)
    session = links_of(schema, "/api/v1/sessions/", "post", "201")
    assert session["RecordHand"] == {
        "operationId": "hands_create",
        "description": "Record a hand in the session.",
        "requestBody": {"session": "$response.body#/id"},
    }
    for status in ("201", "200"):  # recorded now, or the first answer to a retry
        hand = links_of(schema, "/api/v1/hands/", "post", status)
        assert hand["AmendHand"]["operationId"] == "hands_partial_update"
        # The change is sent with the ETag the answer carried, as a client must.
        assert hand["AmendHand"]["parameters"] == {
            "hand_id": "$response.body#/id",
            "header.If-Match": "$response.header.ETag",
        }
        assert hand["DeleteHand"]["operationId"] == "hands_destroy"
    operation_ids = {
        operation["operationId"]
        for operations in schema["paths"].values()
        for operation in operations.values()
    }
    for path in schema["paths"].values():
        for operation in path.values():
            for response in operation["responses"].values():
                for link in response.get("links", {}).values():
                    assert link["operationId"] in operation_ids


def test_the_docs_page_names_its_language(client: Client, db: Any) -> None:
    page = client.get("/api/v1/docs/", HTTP_ACCEPT_LANGUAGE="zh-HK").content.decode()
    assert page.startswith('<!DOCTYPE html>\n<html lang="zh-hant">')
    assert '<html lang="en">' in client.get("/api/v1/docs/").content.decode()


def test_the_season_team_standings_document_their_date_range(client: Client, db: Any) -> None:
    schema = schema_of(client)
    operation = schema["paths"]["/api/v1/seasons/{season_id}/team-standings/"]["get"]
    assert {"date_from", "date_to"} <= {p["name"] for p in operation["parameters"]}
    body = schema["components"]["schemas"]["SeasonTeamStandings"]["properties"]
    assert {"date_from", "date_to", "rows"} <= set(body)
