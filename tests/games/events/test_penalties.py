"""Penalties on an event's tables count in the event's standings, apart from the net, and
riichi ranks by placement points after them (the places stay the hanchan's)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import services as core
from games.events import selectors, services
from games.models import Club, Player, Season
from games.services import PenaltyInput
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.games.riichi_hanchan import HANDS, PLACEMENT_POINTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    return family_season(club, alice, "riichi", EMA)


def test_a_penalty_on_an_event_table_counts_in_the_event_standings(
    club: Club, riichi: Season, alice: User
) -> None:
    event, _ = event_with_players(club, riichi)
    round_ = services.round_publish(
        event=event, method="fewest_meetings", seed="s", byes=False, by=alice
    )
    table = selectors.round_tables(round=round_)[0]
    for hand in HANDS:
        core.hand_record(session=table.session, hand_input=hand, by=alice)
    names = [seat.name for seat in table.seats]
    points = dict(zip(names, PLACEMENT_POINTS, strict=True))
    leader = max(names, key=lambda name: points[name])
    player = Player.objects.get(club=club, name=leader)
    # EMA's chombo: 20,000 off the final score, paid to no one.
    penalty = PenaltyInput(player=player, reason="chombo", amount=1_000_000, zero_sum=False)
    core.penalty_record(session=table.session, penalty=penalty, by=alice)
    rows = {row.name: row for row in selectors.event_standings(event=event)}
    assert rows[leader].placement_points == points[leader]  # shown apart
    assert rows[leader].penalties == -1_000_000
    assert rows[leader].average_place == 1  # the hanchan's places stay
    ranked = [row.name for row in selectors.event_standings(event=event)]
    assert ranked.index(leader) == len(ranked) - 1
