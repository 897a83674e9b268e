"""Club settings: name, visibility, time zone, and what members may do without an organiser."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Club, Player, Season, Session
from tests.api.conftest import Api

SETTINGS = "/c/dragons/settings/"
DISCARD = {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 1}


def posted(**changes: Any) -> dict[str, Any]:
    values = {"name": "Dragons", "visibility": "public", "time_zone": "Asia/Hong_Kong"}
    values.update(changes)
    return {key: value for key, value in values.items() if value is not None}


def test_an_organiser_changes_the_settings(club: Club, as_alice: Client) -> None:
    form = as_alice.get(SETTINGS)
    assert form.status_code == 200 and b"Asia/Hong Kong" in form.content
    body = posted(name="Dragons HK", members_start_sessions="on", members_switch_rules="on")
    response = as_alice.post(SETTINGS, body)
    assert response.status_code == 302 and response["Location"] == "/c/dragons/"
    club.refresh_from_db()
    assert (club.name, club.time_zone) == ("Dragons HK", "Asia/Hong_Kong")
    assert club.members_start_sessions and club.members_switch_rules
    assert club.slug == "dragons"


def test_an_unknown_time_zone_is_refused_by_name(club: Club, as_alice: Client) -> None:
    response = as_alice.post(SETTINGS, posted(time_zone="Mars/Olympus_Mons"))
    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors
    club.refresh_from_db()
    assert club.time_zone == "UTC"
    with pytest.raises(ValidationError) as refused:
        services.club_update(
            club=club,
            name="Dragons",
            visibility="public",
            time_zone="Mars/Olympus_Mons",
            members_start_sessions=False,
            members_switch_rules=False,
        )
    assert "Mars/Olympus_Mons" in str(refused.value.message_dict["time_zone"])


@pytest.mark.parametrize("client_name", ["as_bob", "as_charlie"])
def test_only_organisers_reach_the_settings(
    club: Club, client_name: str, request: pytest.FixtureRequest
) -> None:
    client: Client = request.getfixturevalue(client_name)
    assert client.get(SETTINGS).status_code == 403
    assert client.post(SETTINGS, posted(name="Taken over")).status_code == 403
    club.refresh_from_db()
    assert club.name == "Dragons"


def _start_body(season: Season, players: list[Player]) -> dict[str, Any]:
    body: dict[str, Any] = {"season": season.pk, "played_on": "2026-03-02"}
    body.update({f"seat_{i}": player.pk for i, player in enumerate(players)})
    return body


def test_members_start_sessions_only_where_the_club_allows_it(
    season: Season, players: list[Player], as_bob: Client
) -> None:
    start = "/c/dragons/sessions/new/"
    assert as_bob.get(start).status_code == 403
    assert b"Start a session" not in as_bob.get("/c/dragons/").content
    Club.objects.filter(slug="dragons").update(members_start_sessions=True)
    assert b"Start a session" in as_bob.get("/c/dragons/").content
    response = as_bob.post(start, _start_body(season, players))
    assert response.status_code == 302
    assert Session.objects.filter(season=season, created_by__username="bob").count() == 1


def test_over_the_api_members_start_sessions_only_where_allowed(
    season: Season, players: list[Player], bob: User
) -> None:
    api = Api(services.api_token_create(user=bob, name="phone", read_only=False)[1])
    body = {"season": season.pk, "played_on": "2026-03-02", "players": [p.pk for p in players]}
    assert api.post("sessions/", body).status_code == 403
    Club.objects.filter(slug="dragons").update(members_start_sessions=True)
    assert api.post("sessions/", body).status_code == 201


def test_history_times_are_the_clubs_local_times(
    session: Session, alice: User, as_alice: Client
) -> None:
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=alice)
    amended = services.hand_amend(
        hand=hand, hand_input={**DISCARD, "faan": 4}, expected_version=1, reason="typo", by=alice
    )
    at = dt.datetime(2026, 3, 1, 13, 30, tzinfo=dt.UTC)
    amended.revisions.update(at=at)
    sheet = f"/c/dragons/sessions/{session.pk}/"
    assert "2026-03-01 13:30" in as_alice.get(sheet).content.decode()
    Club.objects.filter(slug="dragons").update(time_zone="Asia/Hong_Kong")
    page = as_alice.get(sheet).content.decode()
    assert "2026-03-01 21:30" in page and "13:30" not in page
    # The API keeps writing UTC, and the next request starts from the site's own zone.
    api = Api(services.api_token_create(user=alice, name="tool", read_only=True)[1])
    revision = api.get(f"hands/{hand.pk}/").json()["revisions"][0]
    assert revision["at"] == "2026-03-01T13:30:00Z"
    assert timezone.get_current_timezone_name() == "UTC"
