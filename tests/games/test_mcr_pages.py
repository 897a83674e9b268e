"""MCR through the pages: a hand from its tiles with the winds of its place in the game,
and standings with table points."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, Session


@pytest.fixture
def mcr_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="MCR", family="mcr", params={"preset": "standard"}, by=alice
    )


@pytest.fixture
def mcr_session(club: Club, mcr_rules: RuleSet, players: list[Player], alice: User) -> Session:
    season = services.season_save(club=club, name="MCR season", rule_set=mcr_rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


def test_a_member_records_an_mcr_hand_from_its_tiles(as_bob: Client, mcr_session: Session) -> None:
    data = {
        "client_id": str(uuid.uuid4()),
        "action": "save",
        "winner": "1",
        "how": "discard",
        "blamed": "0",
        "value_mode": "tiles",
        "concealed": "123m456p789s789p55s",
        "winning_tile": "7s",
        "seat_wind": "2z",
        "prevailing_wind": "1z",
    }
    response = as_bob.post(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/", data)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.evaluation["total"] == 14 and hand.source == "tiles"
    assert [s.points for s in hand.scores.order_by("seat")] == [-22, 38, -8, -8]
    assert (
        "B wins 14 fan from tiles off A"
        in as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/").content.decode()
    )


def test_the_form_fills_in_the_winds_of_the_hand(
    as_bob: Client, mcr_session: Session, bob: User
) -> None:
    for _ in range(5):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    page = as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/").content.decode()
    assert 'data-seat-winds="4z 1z 2z 3z"' in page  # hand 6: seat 2 deals in the South round
    assert '<option value="2z" selected>' in page


def test_standings_rank_by_table_points(
    as_charlie: Client, mcr_session: Session, bob: User, alice: User, players: list[Player]
) -> None:
    services.hand_record(
        session=mcr_session, hand_input={"outcome": "self_drawn", "winner": 0, "fan": 8}, by=bob
    )
    other = services.session_start(
        season=mcr_session.season, played_on=dt.date(2026, 6, 2), players=players, by=alice
    )
    services.hand_record(
        session=other,
        hand_input={"outcome": "discard", "winner": 1, "discarder": 2, "fan": 8},
        by=bob,
    )
    page = as_charlie.get(f"/c/dragons/seasons/{mcr_session.season_id}/").content.decode()
    assert "Table points" in page
    # Game 1: A 4, the tied B C D 1 each. Game 2: B 4, the tied A D 1.5 each, C 0.
    # So A 5.5, B 5, D 2.5, C 1.
    assert page.index(">A<") < page.index(">B<") < page.index(">D<") < page.index(">C<")
    assert ">5.5<" in page


def test_a_session_is_one_game_of_sixteen_hands(mcr_session: Session, bob: User) -> None:
    from django.core.exceptions import ValidationError

    for _ in range(16):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    with pytest.raises(ValidationError, match="16 hands"):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    assert Hand.objects.filter(session=mcr_session).count() == 16
