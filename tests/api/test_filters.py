"""The lists' filters (django-filter FilterSets): documented in the schema, checked, scoped."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.api.filters import (
    ClubListFilter,
    HandFilter,
    PenaltyFilter,
    PlayerFilter,
    SessionFilter,
)
from tests.api.conftest import Api
from tests.api.test_schema import schema_of

LISTS = [
    ("/api/v1/hands/", HandFilter),
    ("/api/v1/sessions/", SessionFilter),
    ("/api/v1/players/", PlayerFilter),
    ("/api/v1/rule-sets/", ClubListFilter),
    ("/api/v1/seasons/", ClubListFilter),
    ("/api/v1/penalties/", PenaltyFilter),
]


@pytest.mark.parametrize(("path", "filterset"), LISTS)
def test_the_schema_documents_every_filter_of_a_list(
    client: Client, db: Any, path: str, filterset: type[ClubListFilter]
) -> None:
    parameters = schema_of(client)["paths"][path]["get"]["parameters"]
    documented = {p["name"]: p for p in parameters if p["in"] == "query"}
    assert set(filterset.base_filters) | {"cursor", "page_size"} == set(documented)
    assert all(documented[name]["description"] for name in filterset.base_filters)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("season=0", "season"),
        ("session=4611686018427387905", "session"),
        ("player=two", "player"),
        ("date_from=2026-02-30", "date_from"),
        ("date_from=2026-04-05&date_to=2026-04-01", "date_to"),
        ("club=not%20a%20slug", "club"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it(anonymous: Api, query: str, field: str) -> None:
    answer = anonymous.get(f"hands/?{query}")
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == [field]


def test_filtering_by_a_hidden_club_is_a_404_and_the_lists_leave_it_out(
    anonymous: Api, tigers: dict[str, Any], dragons: dict[str, Any]
) -> None:
    assert anonymous.get("sessions/?club=tigers").status_code == 404
    clubs = {row["club"] for row in anonymous.get("sessions/").json()["results"]}
    assert clubs == {"dragons"}
