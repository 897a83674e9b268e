"""A hand sent through the API after a chombo that ends the game is refused with why."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from games import services
from games.models import Club, Player
from games.services import PenaltyInput
from tests.api.conftest import DISCARD, Api
from tests.conftest import HK_HALF


def test_the_api_refuses_a_hand_after_a_chombo_that_ends_the_game(
    api_bob: Api, club: Club, players: list[Player], alice: User
) -> None:
    rules = services.rule_set_create(
        club=club,
        name="Sudden end",
        family="hk",
        params={**HK_HALF, "chombo_ends": "game"},
        by=alice,
    )
    season = services.season_save(club=club, name="Sudden", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 5, 2), players=players, by=alice
    )
    assert api_bob.post("hands/", {"session": session.pk, "input": DISCARD}).status_code == 201
    chombo = PenaltyInput(player=players[2], reason="chombo", amount=30)
    services.penalty_record(session=session, penalty=chombo, by=alice)
    refused = api_bob.post("hands/", {"session": session.pk, "input": DISCARD})
    assert refused.status_code == 400
    assert "C's chombo ended this game" in str(refused.json())
    assert session.hands.count() == 1
