"""Exactly the pages' permissions, over every route, with two clubs that must never mix.

Dragons (public): alice organiser, bob member, charlie viewer. Tigers (members only): dave.
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import get_resolver

from games.models import Hand, Session
from tests.api.conftest import DISCARD, Api, token_for

READS = [
    "clubs/{slug}/",
    "players/?club={slug}",
    "players/{player}/",
    "players/{player}/stats/",
    "players/{player}/family-stats/?family=hk",
    "players/{player}/head-to-head/",
    "ratings/?club={slug}&family=hk",
    "rule-sets/?club={slug}",
    "rule-sets/{rule_set}/",
    "seasons/?club={slug}",
    "seasons/{season}/",
    "seasons/{season}/standings/",
    "sessions/?club={slug}",
    "sessions/{session}/",
    "hands/?club={slug}",
    "hands/{hand}/",
]
LISTS = ["clubs/", "players/", "rule-sets/", "seasons/", "sessions/", "hands/"]


def ids(world: dict[str, Any]) -> dict[str, Any]:
    return {
        "slug": world["club"].slug,
        "player": world["players"][0].pk,
        "rule_set": world["rule_set"].pk,
        "season": world["season"].pk,
        "session": world["session"].pk,
        "hand": world["hand"].pk,
    }


def test_every_api_route_is_covered_here() -> None:
    """A new route must be added to these tables (and so be checked for both clubs)."""
    api = get_resolver().url_patterns
    mounted = next(p for p in api if str(p.pattern) == "api/v1/")
    listed = [str(p.pattern) for p in mounted.url_patterns]  # type: ignore[attr-defined]
    routes = set(listed)
    assert len(listed) == len(routes), "a route is listed twice"
    covered = {
        "clubs/", "clubs/<str:slug>/", "players/", "players/<int:player_id>/",
        "players/<int:player_id>/stats/", "players/<int:player_id>/family-stats/",
        "players/<int:player_id>/head-to-head/", "ratings/",
        "rule-sets/", "rule-sets/<int:rule_set_id>/",
        "seasons/", "seasons/<int:season_id>/", "seasons/<int:season_id>/standings/",
        "sessions/", "sessions/<int:session_id>/", "hands/", "hands/<int:hand_id>/",
        "sessions/<int:session_id>/rescore/", "sessions/<int:session_id>/rescore/preview/",
        "evaluate/", "settle/", "schema/", "docs/", "",
        # Across clubs, each club's part as its visibility allows:
        # tests/games/stats/test_federation.py
        "people/", "people/<str:username>/",
        # The EMA ranking, public clubs' events or the caller's own:
        # tests/games/events/test_mers_ranking.py
        "rankings/",
        # Events: tests/api/test_events.py (EVENT_READS, EVENT_WRITES)
        "events/", "events/<int:event_id>/", "events/<int:event_id>/players/",
        "events/<int:event_id>/standings/", "events/<int:event_id>/ema-results/",
        "events/<int:event_id>/seating/preview/", "events/<int:event_id>/rounds/",
        "events/<int:event_id>/rounds/<int:number>/seating/",
        "events/<int:event_id>/rounds/<int:number>/start/",
        "events/<int:event_id>/rounds/<int:number>/pause/",
        "events/<int:event_id>/rounds/<int:number>/resume/",
        "events/<int:event_id>/rounds/<int:number>/extend/",
        "events/<int:event_id>/rounds/<int:number>/finish/",
        "events/<int:event_id>/schedule/",
        # Aliases, organisers' writes: tests/api/test_player_names.py
        "players/<int:player_id>/aliases/",
        # Teams of a season or an event: tests/api/test_teams.py
        "seasons/<int:season_id>/teams/", "events/<int:event_id>/teams/",
        "teams/<int:team_id>/", "seasons/<int:season_id>/team-standings/",
        "events/<int:event_id>/team-standings/",
        # Penalties, members' writes and another club's 404: tests/api/test_penalties.py
        "penalties/", "penalties/<int:penalty_id>/",
    }  # fmt: skip
    assert routes == covered


@pytest.mark.parametrize("path", READS)
def test_a_members_only_club_is_invisible_to_outsiders(
    path: str, dragons: Any, tigers: Any, api_alice: Api, anonymous: Api
) -> None:
    url = path.format(**ids(tigers))
    for caller in (api_alice, anonymous):
        response = caller.get(url)
        assert response.status_code == 404, (url, response.json())
        assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("path", READS)
def test_public_clubs_are_readable_by_anyone_and_private_ones_by_members(
    path: str, dragons: Any, tigers: Any, anonymous: Api, api_charlie: Api, api_dave: Api
) -> None:
    assert anonymous.get(path.format(**ids(dragons))).status_code == 200
    assert api_charlie.get(path.format(**ids(dragons))).status_code == 200
    assert api_dave.get(path.format(**ids(tigers))).status_code == 200


@pytest.mark.parametrize("path", LISTS)
def test_lists_never_show_another_clubs_rows(
    path: str, dragons: Any, tigers: Any, api_alice: Api, api_dave: Api, anonymous: Api
) -> None:
    def clubs_in(api: Api) -> set[str]:
        results = api.get(path).json()["results"]
        return {row.get("club") or row.get("slug") for row in results}

    assert clubs_in(api_alice) == {"dragons"}
    assert clubs_in(anonymous) == {"dragons"}
    assert clubs_in(api_dave) == {"dragons", "tigers"}  # dave reads the public club too


def _writes(world: dict[str, Any]) -> list[tuple[str, str, Any, dict[str, str]]]:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    match = {"If-Match": '"1"'}
    w = ids(world)
    start = {
        "season": w["season"],
        "played_on": "2026-04-01",
        "players": [p.pk for p in world["players"]],
    }
    return [
        ("post", "hands/", {"session": w["session"], "input": DISCARD}, key),
        ("patch", f"hands/{w['hand']}/", {"input": DISCARD, "reason": "r"}, match),
        ("delete", f"hands/{w['hand']}/?reason=r", None, match),
        ("post", "sessions/", start, {}),
        ("patch", f"sessions/{w['session']}/", {"status": "closed"}, {}),
        ("patch", f"sessions/{w['session']}/", {"rule_set_version": 1, "from_hand": 2}, {}),
        ("post", f"sessions/{w['session']}/rescore/preview/", {"rule_set_version": 1}, {}),
        ("post", f"sessions/{w['session']}/rescore/", {"rule_set_version": 1, "token": "t"}, {}),
        ("delete", f"sessions/{w['session']}/", None, {}),
    ]  # fmt: skip


def _unchanged(world: dict[str, Any]) -> None:
    hand = Hand.objects.get(pk=world["hand"].pk)
    assert hand.version == 1 and not hand.is_deleted
    session = Session.objects.get(pk=world["session"].pk)
    assert session.status == "open"
    assert Session.objects.filter(club=world["club"]).count() == 1
    assert Hand.objects.filter(session__club=world["club"]).count() == 1


def test_outsiders_cannot_write_to_a_members_only_club(
    dragons: Any, tigers: Any, api_alice: Api
) -> None:
    for method, path, body, headers in _writes(tigers):
        response = api_alice.request(method, path, body, **headers)
        # Body references to an invisible club read as unknown ids, paths as unknown objects.
        assert response.status_code in (400, 404), (method, path, response.json())
        assert "tigers" not in response.content.decode().lower()
    _unchanged(tigers)


def test_anonymous_callers_cannot_write(dragons: Any, anonymous: Api) -> None:
    for method, path, body, headers in _writes(dragons):
        response = anonymous.request(method, path, body, **headers)
        assert response.status_code == 401, (method, path)
        assert response["WWW-Authenticate"].startswith("Bearer")
    _unchanged(dragons)


def test_viewers_cannot_write(dragons: Any, api_charlie: Api) -> None:
    for method, path, body, headers in _writes(dragons):
        response = api_charlie.request(method, path, body, **headers)
        assert response.status_code == 403, (method, path)
    _unchanged(dragons)


def test_read_only_tokens_cannot_write(dragons: Any, alice: User) -> None:
    api = Api(token_for(alice, read_only=True))
    for method, path, body, headers in _writes(dragons):
        response = api.request(method, path, body, **headers)
        assert response.status_code == 403, (method, path)
        assert "read only" in response.json()["message"]
    _unchanged(dragons)


def test_members_write_hands_but_do_not_manage_sessions(dragons: Any, api_bob: Api) -> None:
    hand_writes, session_writes = _writes(dragons)[:1], _writes(dragons)[3:]
    for method, path, body, headers in session_writes:
        assert api_bob.request(method, path, body, **headers).status_code == 403, (method, path)
    for method, path, body, headers in hand_writes:
        assert api_bob.request(method, path, body, **headers).status_code == 201


def test_organisers_manage_sessions(dragons: Any, api_alice: Api) -> None:
    create, close = _writes(dragons)[3:5]
    created = api_alice.request(*create[:3])
    assert created.status_code == 201, created.json()
    assert [seat["player"] for seat in created.json()["seats"]] == create[2]["players"]
    assert api_alice.request(*close[:3]).json()["status"] == "closed"
    empty = created.json()["id"]
    assert api_alice.delete(f"sessions/{empty}/").status_code == 204
    refused = api_alice.delete(f"sessions/{dragons['session'].pk}/")
    assert refused.status_code == 400 and "close it instead" in refused.json()["message"]
    assert not Session.objects.filter(pk=empty).exists()


def test_a_player_of_another_club_cannot_be_seated(
    dragons: Any, tigers: Any, api_alice: Api
) -> None:
    players = [p.pk for p in dragons["players"][:3]] + [tigers["players"][0].pk]
    body = {"season": dragons["season"].pk, "played_on": "2026-04-01", "players": players}
    response = api_alice.post("sessions/", body)
    assert response.status_code == 400 and "players" in response.json()["fields"]


def test_organisers_of_one_club_cannot_write_to_another_public_club(
    dragons: Any, tigers: Any, api_dave: Api
) -> None:
    """Reading a public club gives no right to write to it."""
    for method, path, body, headers in _writes(dragons):
        response = api_dave.request(method, path, body, **headers)
        assert response.status_code == 403, (method, path, response.json())
    _unchanged(dragons)


def test_starting_a_session_twice_with_one_key_starts_one(dragons: Any, api_alice: Api) -> None:
    players = [p.pk for p in dragons["players"]]
    body = {"season": dragons["season"].pk, "played_on": "2026-04-01", "players": players}
    first = api_alice.post("sessions/", body, **{"Idempotency-Key": "table-1"})
    again = api_alice.post("sessions/", body, **{"Idempotency-Key": "table-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json() == again.json()
    in_body = api_alice.post("sessions/", {**body, "client_id": str(uuid.uuid4())})
    assert in_body.status_code == 201 and in_body.json()["id"] != first.json()["id"]
    assert Session.objects.filter(played_on=dt.date(2026, 4, 1)).count() == 2


def test_one_key_for_a_different_session_is_422(dragons: Any, api_alice: Api) -> None:
    players = [p.pk for p in dragons["players"]]
    body = {"season": dragons["season"].pk, "played_on": "2026-04-01", "players": players}
    assert api_alice.post("sessions/", body, **{"Idempotency-Key": "t"}).status_code == 201
    other = {**body, "played_on": "2026-04-02"}
    refused = api_alice.post("sessions/", other, **{"Idempotency-Key": "t"})
    assert refused.status_code == 422 and "client_id" in refused.json()["fields"]
    assert not Session.objects.filter(played_on=dt.date(2026, 4, 2)).exists()
