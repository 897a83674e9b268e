"""The event standings over the API: each row as a season's, its figures exact text."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.models import Club, Player
from tests.api.conftest import Api
from tests.games.events.factories import played_riichi_event


def test_the_event_standings_of_a_played_table_are_exact_text(
    api_alice: Api, club: Club, alice: User
) -> None:
    # The rows' ratios (riichi's average place) were Fractions the JSON encoder refused: 500.
    event, names = played_riichi_event(club, alice)
    answer = api_alice.get(f"events/{event.pk}/standings/")
    assert answer.status_code == 200
    rows = {row["name"]: row for row in answer.json()["rows"]}
    assert rows[names[3]]["average_place"] == "1"
    assert rows[names[3]]["player"] == Player.objects.get(club=club, name=names[3]).pk
