"""A player's EMA number: 8 digits or none, set by organisers on the player's edit page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from games import services
from games.models import Club, Player


@pytest.mark.parametrize("number", ["1234567", "123456789", "0412000a", "04 12 0002", "١٢٣٤٥٦٧٨"])
def test_anything_but_eight_digits_is_refused_and_named(players: list[Player], number: str) -> None:
    with pytest.raises(ValidationError) as refused:
        services.player_update(player=players[0], name="A", ema_number=number)
    assert refused.value.message_dict == {
        "ema_number": ["An EMA number has 8 digits, like 04120002."]
    }
    players[0].refresh_from_db()
    assert players[0].ema_number == ""


def test_eight_digits_are_kept_and_blank_clears_them(players: list[Player]) -> None:
    services.player_update(player=players[0], name="A", ema_number=" 04120002 ")
    players[0].refresh_from_db()
    assert players[0].ema_number == "04120002"
    services.player_update(player=players[0], name="A")  # a rename leaves it
    players[0].refresh_from_db()
    assert players[0].ema_number == "04120002"
    services.player_update(player=players[0], name="A", ema_number="")
    players[0].refresh_from_db()
    assert players[0].ema_number == ""


def test_an_organiser_sets_it_on_the_edit_page_and_a_bad_one_is_shown(
    client: Client, alice: User, club: Club, players: list[Player]
) -> None:
    client.force_login(alice)
    url = f"/c/{club.slug}/players/{players[0].pk}/edit/"
    # The page edits more than the name (the EMA number, other names): it says so.
    assert f"<h1>Edit {players[0].name}</h1>" in client.get(url).content.decode()
    refused = client.post(url, {"name": "A", "ema_number": "4120002"})
    assert refused.status_code == 200
    assert "An EMA number has 8 digits, like 04120002." in refused.content.decode()
    assert client.post(url, {"name": "Ann", "ema_number": "04120002"}).status_code == 302
    players[0].refresh_from_db()
    assert (players[0].name, players[0].ema_number) == ("Ann", "04120002")
    assert 'value="04120002"' in client.get(url).content.decode()


def test_a_member_may_not_set_it(
    client: Client, bob: User, club: Club, players: list[Player]
) -> None:
    client.force_login(bob)
    url = f"/c/{club.slug}/players/{players[0].pk}/edit/"
    assert client.post(url, {"name": "A", "ema_number": "04120002"}).status_code == 403
    players[0].refresh_from_db()
    assert players[0].ema_number == ""
