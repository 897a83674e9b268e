"""Zung Jung through the pages: rule sets, hands typed or from tiles, the calculator."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, RuleSet, Session

ZJ = {
    "preset": "seed",
    "payoff": "each_loser_pays",
    "flowers": True,
    "minimum": 0,
    "illegal_call": 40,
}
TILES = {
    "value_mode": "tiles",
    "concealed": "123m456m789p234s55s",
    "melds": "",
    "winning_tile": "4s",
    "bonus": "",
    "seat_wind": "1z",
    "prevailing_wind": "1z",
}


def post_hand(client: Client, session: Session, **fields: Any) -> Any:
    data = {"client_id": str(uuid.uuid4()), "action": "save", **fields}
    return client.post(f"/c/dragons/sessions/{session.pk}/hands/new/", data)


def test_an_organiser_creates_a_zung_jung_rule_set(as_alice: Client, club: Club) -> None:
    response = as_alice.post(
        "/c/dragons/rules/new/zung_jung/",
        {
            "name": "Official ZJ",
            "preset": "official",
            "payoff": "discarder_pays_all",
            "minimum": "5",
            "illegal_call": "",
        },
    )
    assert response.status_code == 302
    version = RuleSet.objects.get(name="Official ZJ").versions.get()
    assert version.params == {
        "preset": "official",
        "payoff": "discarder_pays_all",
        "flowers": False,
        "minimum": 5,
        "illegal_call": None,
    }


def test_a_member_records_a_hand_from_its_tiles(as_bob: Client, zj_session: Session) -> None:
    response = post_hand(as_bob, zj_session, winner="0", how="self_drawn", **TILES)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.source == "tiles"
    assert hand.input["hand"]["concealed"] == "123m456m789p234s55s"
    assert hand.evaluation["total"] == 15
    assert [s.points for s in hand.scores.order_by("seat")] == [45, -15, -15, -15]
    sheet = as_bob.get(f"/c/dragons/sessions/{zj_session.pk}/").content.decode()
    assert "A self-drawn, 15 points from tiles" in sheet
    assert "All Sequences" in sheet


def test_a_member_records_typed_points(as_bob: Client, zj_session: Session) -> None:
    response = post_hand(
        as_bob, zj_session, winner="1", how="discard", blamed="3", value_mode="points", points="30"
    )
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.source == "typed" and hand.evaluation is None
    assert hand.input == {"outcome": "discard", "winner": 1, "discarder": 3, "points": 30}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({**TILES, "concealed": "123m456m789p234s59s"}, "no winning"),
        ({**TILES, "concealed": "123m456m789p234s5s"}, "13 tiles"),
        ({**TILES, "concealed": "123x"}, "123x"),
        ({**TILES, "melds": "135m"}, "not a chow"),
        ({**TILES, "winning_tile": "9m"}, "winning tile"),
        ({**TILES, "concealed": ""}, "Enter the tiles"),
    ],
)
def test_bad_tiles_get_a_message_and_record_nothing(
    as_bob: Client, zj_session: Session, fields: dict[str, str], message: str
) -> None:
    response = post_hand(as_bob, zj_session, winner="0", how="self_drawn", **fields)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Hand.objects.count() == 0


def test_the_preview_shows_the_patterns(as_bob: Client, zj_session: Session) -> None:
    data = {"winner": "0", "how": "self_drawn", **TILES}
    result = as_bob.post(f"/c/dragons/sessions/{zj_session.pk}/hands/preview/", data).json()
    assert result["ok"] and result["evaluation"]["total"] == 15
    assert [row["points"] for row in result["rows"]] == ["45", "-15", "-15", "-15"]


def test_amending_a_tile_hand_re_evaluates_it(
    as_bob: Client, zj_session: Session, bob: User
) -> None:
    hand, _ = services.hand_record(
        session=zj_session,
        hand_input={"outcome": "discard", "winner": 1, "discarder": 0, "points": 5},
        by=bob,
    )
    response = as_bob.post(
        f"/c/dragons/hands/{hand.pk}/edit/",
        {
            "winner": "1",
            "how": "self_drawn",
            **TILES,
            "version": "1",
            "reason": "entered the tiles",
        },
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.source == "tiles" and hand.evaluation["total"] == 15 and hand.version == 2


def test_the_amend_form_shows_the_stored_tiles(
    as_bob: Client, zj_session: Session, bob: User
) -> None:
    hand, _ = services.hand_record(
        session=zj_session,
        hand_input={
            "outcome": "self_drawn",
            "winner": 0,
            "hand": {**{k: TILES[k] for k in ("concealed", "winning_tile")}, "self_drawn": True},
        },
        by=bob,
    )
    page = as_bob.get(f"/c/dragons/hands/{hand.pk}/edit/").content.decode()
    assert 'value="123m456m789p234s55s"' in page


def test_the_calculator_evaluates_a_hand_for_anyone(client: Client, db: Any) -> None:
    query = {"rules": "zung_jung:official", "self_drawn": "on", **TILES}
    page = client.get("/calculator/", query).content.decode()
    assert "All Chows" in page or "All Sequences" in page
    assert "123m · 456m · 789p · 234s · 55s" in page
    result = client.get("/calculator/", {**query, "format": "json"}).json()
    assert result["ok"] and result["evaluation"]["preset"] == "official"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"rules": "zung_jung:seed", **TILES, "concealed": "1m"}, "tiles"),
        ({"rules": "sichuan:bloody", **TILES}, "sichuan"),
        ({"rules": "zung_jung:seed", **TILES, "seat_wind": "9z"}, "9z"),
    ],
)
def test_the_calculator_explains_bad_input(
    client: Client, db: Any, query: dict[str, str], message: str
) -> None:
    response = client.get("/calculator/", query)
    assert response.status_code == 200
    assert message in response.content.decode()
