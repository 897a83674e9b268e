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


def test_an_organiser_adds_and_removes_an_alias(api_alice: Api, ada: Player) -> None:
    added = api_alice.post(f"players/{ada.pk}/aliases/", {"name": "Ada L."})
    assert added.status_code == 201, added.json()
    assert added.json()["aliases"] == ["Ada L.", "Ada Lovelace"]
    assert names(api_alice, "club=dragons&name=ＡＤＡ Ｌ.") == ["Ada"]
    removed = api_alice.delete(f"players/{ada.pk}/aliases/?name=ada l.")
    assert removed.status_code == 200, removed.json()
    assert removed.json()["aliases"] == ["Ada Lovelace"]
    assert names(api_alice, "club=dragons&name=Ada L.") == []


def test_an_alias_that_names_someone_else_is_refused_naming_them(
    api_alice: Api, ada: Player
) -> None:
    refused = api_alice.post(f"players/{ada.pk}/aliases/", {"name": "BEA"})
    assert refused.status_code == 400
    assert refused.json()["fields"]["name"] == ["'BEA' is already a name of Bea."]
    missing = api_alice.delete(f"players/{ada.pk}/aliases/?name=Nobody")
    assert missing.status_code == 404
    assert missing.json()["message"] == "Ada has no other name 'Nobody'."
    assert api_alice.delete(f"players/{ada.pk}/aliases/").status_code == 400


def test_only_the_clubs_organisers_change_aliases(
    api_bob: Api, api_dave: Api, anonymous: Api, ada: Player, private_club: Club
) -> None:
    assert api_bob.post(f"players/{ada.pk}/aliases/", {"name": "X"}).status_code == 403
    assert api_dave.post(f"players/{ada.pk}/aliases/", {"name": "X"}).status_code == 403
    assert anonymous.post(f"players/{ada.pk}/aliases/", {"name": "X"}).status_code == 401
    hidden = services.player_create(club=private_club, name="Zed")
    assert api_bob.post(f"players/{hidden.pk}/aliases/", {"name": "X"}).status_code == 404
    assert ada.aliases.count() == 1 and hidden.aliases.count() == 0
