"""A player's page keeps each rule family apart (their units differ) and pages the hands."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, Season, Session
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


def test_hands_are_paged_by_keyset_and_numbered_by_their_place(
    session: Session, players: list[Player], bob: User
) -> None:
    hands = [services.hand_record(session=session, hand_input=HK_WIN, by=bob)[0] for _ in range(27)]
    services.hand_delete(hand=hands[0], expected_version=1, reason="twice", by=bob)
    first = page_of(players[0])
    assert [row[1] for row in table_rows(first, "player-hands")] == [
        str(n) for n in range(26, 1, -1)
    ]
    assert first.context["hands_newer"] is None and "Page 1 of" not in text(first)
    second = page_of(players[0], hands_before=first.context["hands_older"])
    assert [row[1] for row in table_rows(second, "player-hands")] == ["1"]
    assert second.context["hands_older"] is None
    back = page_of(players[0], hands_after=second.context["hands_newer"])
    assert [row[1] for row in table_rows(back, "player-hands")] == [
        str(n) for n in range(26, 1, -1)
    ]
    assert back.context["hands_newer"] is None and back.context["hands_older"]


def test_hands_on_one_day_page_across_sessions(
    session: Session, players: list[Player], alice: User, bob: User
) -> None:
    later = services.session_start(
        season=session.season, played_on=session.played_on, players=players, by=alice
    )
    for table in (session, later):
        for _ in range(15):
            services.hand_record(session=table, hand_input=HK_WIN, by=bob)
    first = page_of(players[0])
    second = page_of(players[0], hands_before=first.context["hands_older"])
    seen = [
        (s.session_id, s.hand.number) for s in [*first.context["hands"], *second.context["hands"]]
    ]
    expected = [(later.pk, n) for n in range(15, 0, -1)] + [
        (session.pk, n) for n in range(15, 0, -1)
    ]
    assert seen == expected


@pytest.mark.parametrize(
    "mark", ["2026-13-01.1.2", "2026-05-01.1", "2026-05-01.1.x", "2026-05-01.1.2.3", "x"]
)
def test_a_hands_mark_the_site_did_not_give_is_a_400(
    session: Session, players: list[Player], bob: User, mark: str
) -> None:
    services.hand_record(session=session, hand_input=HK_WIN, by=bob)
    assert page_of(players[0], hands_before=mark).status_code == 400
    assert page_of(players[0], hands_after=mark).status_code == 400


def test_a_player_without_hands_says_so(players: list[Player]) -> None:
    assert "No hands yet." in text(page_of(players[0]))


def test_sessions_are_paged_by_keyset_newest_first(
    season: Season, players: list[Player], alice: User, bob: User
) -> None:
    tables = []
    for day in range(1, 28):
        table = services.session_start(
            season=season, played_on=dt.date(2026, 3, day), players=players, by=alice
        )
        services.hand_record(session=table, hand_input=HK_WIN, by=bob)
        tables.append(table)
    first = page_of(players[0])
    assert [row.session_id for row in first.context["sessions"]] == [t.pk for t in tables[:1:-1]]
    assert first.context["sessions_newer"] is None
    second = page_of(players[0], sessions_before=first.context["sessions_older"])
    assert [row.session_id for row in second.context["sessions"]] == [tables[1].pk, tables[0].pk]
    assert second.context["sessions_older"] is None
    assert page_of(players[0], sessions_before="2026-03-01").status_code == 400
