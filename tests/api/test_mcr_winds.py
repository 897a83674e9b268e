"""An MCR hand's winds follow from its place in the 16-hand game (mcr.md §9.3): the API and
the hand form fill them in, and refuse tiles that name other winds."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, Session
from tests.api.conftest import Api
from tests.games.pages import snapshot

MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s"}


@pytest.fixture
def mcr_session(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(
        club=club, name="MCR", family="mcr", params={"seats": "competition"}, by=alice
    )
    season = services.season_save(club=club, name="MCR", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


def south_wins(**winds: str) -> dict[str, Any]:
    """South (seat 2) wins on East's discard with tiles naming ``winds``."""
    return {"outcome": "discard", "winner": 1, "discarder": 0, "hand": {**MIXED_STRAIGHT, **winds}}


def record(api: Api, session: Session, hand: dict[str, Any]) -> Any:
    return api.post("hands/", {"session": session.pk, "input": hand})


@pytest.mark.parametrize(
    ("winds", "field", "message"),
    [
        (
            {"seat_wind": "4z"},
            "seat_wind",
            "B is South (2z) in this hand of the game, not 4z",
        ),
        (
            {"seat_wind": "2z", "prevailing_wind": "3z"},
            "prevailing_wind",
            "the prevailing wind is East (1z) in this hand of the game, not 3z",
        ),
    ],
)
def test_winds_that_contradict_the_hands_place_are_refused(
    api_bob: Api, mcr_session: Session, winds: dict[str, str], field: str, message: str
) -> None:
    before = snapshot()
    response = record(api_bob, mcr_session, south_wins(**winds))
    assert response.status_code == 400
    assert response.json()["fields"] == {field: [message]}
    assert snapshot() == before


def test_missing_winds_are_derived_from_the_place(api_bob: Api, mcr_session: Session) -> None:
    response = record(api_bob, mcr_session, south_wins())
    assert response.status_code == 201, response.json()
    hand = Hand.objects.get()
    assert (hand.input["hand"]["seat_wind"], hand.input["hand"]["prevailing_wind"]) == ("2z", "1z")
    assert hand.evaluation["total"] == 14  # as with the winds given (test_mcr_pages)


def test_the_winds_follow_the_place_through_the_game(
    api_bob: Api, mcr_session: Session, bob: User
) -> None:
    for _ in range(5):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    # Hand 6 under competition seating: South round, seat 2 is East (mcr_seating).
    refused = record(api_bob, mcr_session, south_wins(seat_wind="2z", prevailing_wind="1z"))
    assert refused.json()["fields"] == {
        "seat_wind": ["B is North (4z) in this hand of the game, not 2z"]
    }
    accepted = record(api_bob, mcr_session, south_wins(seat_wind="4z", prevailing_wind="2z"))
    assert accepted.status_code == 201, accepted.json()


def test_a_duplicate_winners_tiles_are_placed_too(
    club: Club, players: list[Player], alice: User, api_bob: Api
) -> None:
    rules = services.rule_set_create(
        club=club, name="Dup", family="mcr", params={"scoring": "duplicate"}, by=alice
    )
    season = services.season_save(club=club, name="Dup", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 2), players=players, by=alice
    )
    other = {"seat": 3, "hand": {**MIXED_STRAIGHT, "seat_wind": "1z"}}
    response = record(api_bob, session, {**south_wins(), "winners": [other]})
    assert response.json()["fields"] == {
        "winners": ["D is North (4z) in this hand of the game, not 1z"]
    }


def test_the_hand_form_shows_a_contradiction_beside_the_wind(
    as_bob: Client, mcr_session: Session
) -> None:
    data = {
        "client_id": str(uuid.uuid4()),
        "action": "save",
        "winner": "1",
        "how": "discard",
        "blamed": "0",
        "value_mode": "tiles",
        **MIXED_STRAIGHT,
        "seat_wind": "3z",
        "prevailing_wind": "1z",
    }
    response = as_bob.post(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["seat_wind"] == [
        "B is South (2z) in this hand of the game, not 3z"
    ]
    assert not Hand.objects.exists()


def test_settle_without_a_session_keeps_the_winds_given(anonymous: Api) -> None:
    # No place in a game: the winds are the caller's (a West prevailing wind here).
    body = {"family": "mcr", "hand": south_wins(seat_wind="4z", prevailing_wind="3z")}
    assert anonymous.post("settle/", body).status_code == 200
