"""Names typed on the pages: trimmed, in NFC and free of control characters, through the one
function score files and PMN records use too (scoring.engine.names)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from games import services
from games.models import Club, Player, RuleSet, Season
from tests.games.pages import snapshot

BAD = [
    ("Ann\u202eevil", "A name cannot hold U+202E (at character 4)."),
    ("Ann\x07", "A name cannot hold U+0007 (at character 4)."),
    ("A\u200bnn", "A name cannot hold U+200B (at character 2)."),
]


@pytest.mark.parametrize(("typed", "message"), BAD)
def test_a_player_name_that_is_not_text_is_explained_beside_it(
    as_alice: Client, players: list[Player], typed: str, message: str
) -> None:
    before = snapshot()
    response = as_alice.post("/c/dragons/players/", {"name": typed})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [message]
    assert snapshot() == before


@pytest.mark.parametrize(("typed", "message"), BAD)
def test_renaming_a_player_checks_the_name_too(
    as_alice: Client, players: list[Player], typed: str, message: str
) -> None:
    response = as_alice.post(f"/c/dragons/players/{players[0].pk}/edit/", {"name": typed})
    assert response.context["form"].errors["name"] == [message]
    players[0].refresh_from_db()
    assert players[0].name == "A"


def test_a_player_name_is_kept_in_nfc(as_alice: Client, players: list[Player]) -> None:
    as_alice.post("/c/dragons/players/", {"name": " Cafe\u0301 "})
    assert Player.objects.filter(name="Caf\u00e9").count() == 1
    response = as_alice.post("/c/dragons/players/", {"name": "Caf\u00e9"})
    assert response.context["form"].errors["name"] == [
        "Dragons already has a player called 'Café'."
    ]


@pytest.mark.parametrize(("typed", "message"), BAD)
def test_a_club_name_is_checked(dave: User, typed: str, message: str) -> None:
    client = Client()
    client.force_login(dave)
    response = client.post("/clubs/new/", {"name": typed, "slug": "x", "visibility": "public"})
    assert response.context["form"].errors["name"] == [message]
    assert not Club.objects.filter(slug="x").exists()


@pytest.mark.parametrize(("typed", "message"), BAD)
def test_a_season_name_is_checked(
    as_alice: Client, rule_set: RuleSet, typed: str, message: str
) -> None:
    response = as_alice.post("/c/dragons/seasons/new/", {"name": typed, "rule_set": rule_set.pk})
    assert response.context["form"].errors["name"] == [message]
    assert not Season.objects.exists()


@pytest.mark.parametrize(("typed", "message"), [*BAD, ("\u3000 ", "Enter a name.")])
def test_a_rule_set_name_is_checked(club: Club, alice: User, typed: str, message: str) -> None:
    params: dict[str, Any] = {}
    with pytest.raises(ValidationError) as error:
        services.rule_set_create(club=club, name=typed, family="hk", params=params, by=alice)
    assert error.value.message_dict == {"name": [message]}
    assert not RuleSet.objects.exists()


def test_a_rule_set_and_a_season_are_stored_in_nfc(club: Club, alice: User) -> None:
    rule_set = services.rule_set_create(
        club=club, name=" Re\u0301gles ", family="hk", params={}, by=alice
    )
    season = services.season_save(club=club, name="E\u0301te\u0301", rule_set=rule_set)
    assert (rule_set.name, season.name) == ("Régles", "Été")


def test_an_api_token_name_is_checked_too(alice: User) -> None:
    with pytest.raises(ValidationError) as error:
        services.api_token_create(user=alice, name="cli\u202e", read_only=True)
    assert error.value.message_dict == {"name": ["A name cannot hold U+202E (at character 4)."]}
    token, _ = services.api_token_create(user=alice, name=" Cafe\u0301 ", read_only=True)
    assert token.name == "Café"
