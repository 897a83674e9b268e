"""The API finds players by name or alias, whatever the case and width, and lists aliases;
another club's players stay out of reach."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Club, Player
from tests.api.conftest import Api


@pytest.fixture
def ada(club: Club) -> Player:
    ada = services.player_create(club=club, name="Ada")
    services.player_alias_add(player=ada, name="Ada Lovelace")
    services.player_create(club=club, name="Bea")
    return ada


def names(api: Api, query: str) -> list[str]:
    response = api.get(f"players/?{query}")
    assert response.status_code == 200, response.json()
    return [row["name"] for row in response.json()["results"]]


@pytest.mark.parametrize(
    "name", ["ada", "ＡＤＡ", " ADA ", "ada lovelace", "ＡＤＡ　ＬＯＶＥＬＡＣＥ"]
)
def test_a_name_or_alias_finds_the_player(anonymous: Api, ada: Player, name: str) -> None:
    assert names(anonymous, f"club=dragons&name={name}") == ["Ada"]


def test_a_name_no_player_has_finds_nobody(anonymous: Api, ada: Player) -> None:
    assert names(anonymous, "club=dragons&name=Ad") == []


def test_a_player_lists_their_aliases(anonymous: Api, ada: Player) -> None:
    assert anonymous.get(f"players/{ada.pk}/").json()["aliases"] == ["Ada Lovelace"]
    rows = anonymous.get("players/?club=dragons").json()["results"]
    assert {row["name"]: row["aliases"] for row in rows} == {"Ada": ["Ada Lovelace"], "Bea": []}


def test_another_clubs_alias_is_not_found_by_a_stranger(
    anonymous: Api, api_dave: Api, private_club: Club, ada: Any
) -> None:
    hidden = services.player_create(club=private_club, name="Zed")
    services.player_alias_add(player=hidden, name="Ada Lovelace")
    assert names(anonymous, "name=ada lovelace") == ["Ada"]
    assert sorted(names(api_dave, "name=ada lovelace")) == ["Ada", "Zed"]
    assert anonymous.get("players/?club=tigers&name=zed").status_code == 404
    assert anonymous.get(f"players/{hidden.pk}/").status_code == 404


def test_a_name_longer_than_any_players_is_a_400(anonymous: Api, ada: Player) -> None:
    response = anonymous.get("players/?name=" + "a" * 61)
    assert response.status_code == 400 and "name" in response.json()["fields"]
