"""A player's page keeps each rule family apart (their units differ) and pages the hands."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, Session
from tests.games.pages import table_rows, text

HK_WIN = {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 1}  # A wins 3 faan off B


@pytest.fixture
def big_two(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(
        club=club, name="Big Two", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="Cards", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )


def page_of(player: Player, **query: str) -> object:
    return Client().get(f"/c/dragons/players/{player.pk}/", query)


def test_each_family_has_its_own_totals_and_units(
    session: Session, big_two: Session, players: list[Player], bob: User
) -> None:
    for _ in range(2):
        services.hand_record(session=session, hand_input=HK_WIN, by=bob)
    services.hand_record(session=big_two, hand_input={"losses": [0, 11, 12, 13]}, by=bob)
    hk = page_of(players[0])
    assert [f.key for f in hk.context["families"]] == ["hk", "big_two"]  # most played first
    assert "2 hands · 2 won · 0 blamed" in text(hk)
    assert [row[3] for row in table_rows(hk, "player-hands")] == ["won 3 faan"] * 2
    cards = page_of(players[0], family="big_two")
    assert "1 hand · 1 won · 0 blamed · net +85" in text(cards)
    assert [row[3] for row in table_rows(cards, "player-hands")] == ["won"]  # not "won 0"
    loser = page_of(players[1], family="big_two")
    assert [row[3] for row in table_rows(loser, "player-hands")] == ["11 cards"]


def test_an_unknown_family_falls_back_to_the_most_played(
    session: Session, players: list[Player], bob: User
) -> None:
    services.hand_record(session=session, hand_input=HK_WIN, by=bob)
    assert page_of(players[0], family="riichi").context["family"].key == "hk"


def test_hands_are_paged_and_numbered_by_their_place(
    session: Session, players: list[Player], bob: User
) -> None:
    hands = [services.hand_record(session=session, hand_input=HK_WIN, by=bob)[0] for _ in range(27)]
    services.hand_delete(hand=hands[0], expected_version=1, reason="twice", by=bob)
    first = page_of(players[0])
    assert [row[1] for row in table_rows(first, "player-hands")] == [
        str(n) for n in range(26, 1, -1)
    ]
    assert "Page 1 of 2" in text(first)
    second = page_of(players[0], page="2")
    assert [row[1] for row in table_rows(second, "player-hands")] == ["1"]


def test_a_player_without_hands_says_so(players: list[Player]) -> None:
    assert "No hands yet." in text(page_of(players[0]))
