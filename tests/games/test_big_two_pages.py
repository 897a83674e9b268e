"""Big Two through the pages: a game from cards left, standings with Big Two columns."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, Session


@pytest.fixture
def b2_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Big Two", family="big_two", params={"fry_threshold": 10}, by=alice
    )


@pytest.fixture
def b2_session(club: Club, b2_rules: RuleSet, players: list[Player], alice: User) -> Session:
    season = services.season_save(club=club, name="Cards", rule_set=b2_rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )


def post_game(client: Client, session: Session, cards: list[int | str], **extra: Any) -> Any:
    data = {f"cards_{seat}": str(n) for seat, n in enumerate(cards)}
    data.update({"client_id": str(uuid.uuid4()), "action": "save", "takes_all": "", **extra})
    return client.post(f"/c/dragons/sessions/{session.pk}/hands/new/", data)


def test_a_member_records_a_game_by_cards_left(as_bob: Client, b2_session: Session) -> None:
    response = post_game(as_bob, b2_session, [0, 11, 12, 13])
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.input == {"losses": [0, 11, 12, 13]}
    assert [s.points for s in hand.scores.order_by("seat")] == [85, -3, -11, -71]
    sheet = as_bob.get(f"/c/dragons/sessions/{b2_session.pk}/").content.decode()
    assert "A wins; cards left: B 11, C 12, D 13" in sheet


def test_taking_all_losses_is_recorded(as_bob: Client, b2_session: Session) -> None:
    assert post_game(as_bob, b2_session, [3, 0, 1, 2], takes_all="0").status_code == 302
    assert Hand.objects.get().input == {"losses": [3, 0, 1, 2], "takes_all": 0}


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([1, 2, 3, 4], "Exactly one player has 0 cards"),
        ([0, 0, 3, 4], "Exactly one"),
        ([0, 14, 1, 1], "Cards left must be a whole number from 0 to 13."),
        ([0, "", 1, 1], "required"),
    ],
)
def test_impossible_games_are_explained(
    as_bob: Client, b2_session: Session, cards: list[Any], message: str
) -> None:
    response = post_game(as_bob, b2_session, cards)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Hand.objects.count() == 0


def test_standings_show_the_big_two_columns_in_reference_order(
    as_charlie: Client, b2_session: Session, bob: User
) -> None:
    for losses in ([0, 11, 12, 13], [1, 1, 1, 0]):
        services.hand_record(session=b2_session, hand_input={"losses": losses}, by=bob)
    page = as_charlie.get(f"/c/dragons/seasons/{b2_session.season_id}/").content.decode()
    assert "Fries" in page and "Losses / game" in page
    # real losses per game: A 0.5, B 11.5, C 12.5, D 19.5
    assert page.index(">A<") < page.index(">B<") < page.index(">C<") < page.index(">D<")


def test_a_session_must_use_the_seasons_family(
    b2_session: Session, rule_set: RuleSet, players: list[Player], alice: User
) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as caught:
        services.session_start(
            season=b2_session.season,
            rule_set=rule_set,
            played_on=dt.date(2026, 5, 2),
            players=players,
            by=alice,
        )
    assert "rule_set" in caught.value.error_dict
