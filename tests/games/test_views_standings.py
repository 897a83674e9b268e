"""A season's standings page: the reference scorer's numbers, and its filters."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, Season, Session
from tests.games.pages import table_rows, text

# The hands of the reference scorer's comprehensive.txt (B=2, M=6, R=half, S=half; A B C D).
COMPREHENSIVE = [
    {"outcome": "draw"},  # - - - -
    {"outcome": "false_win", "blamed": 3},  # - - - f
    {"outcome": "self_drawn", "winner": 0, "faan": 1},  # 1 - - -
    {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2},  # - 2 d -
    {"outcome": "discard_guarantee", "winner": 2, "faan": 6, "blamed": 3},  # - - 6 D
    {"outcome": "self_draw_guarantee", "winner": 2, "faan": 6, "blamed": 3},  # - - 6 S
]
# comprehensive.txt.tsv, without its "*" total row.
REFERENCE = [
    ["C", "6", "2", "0.3333", "1", "0.1667", "500", "83.3333"],
    ["B", "6", "1", "0.1667", "0", "0", "204", "34"],
    ["A", "6", "1", "0.1667", "0", "0", "200", "33.3333"],
    ["D", "6", "0", "0", "3", "0.5", "-904", "-150.6667"],
]


@pytest.fixture
def comprehensive(session: Session, bob: User) -> Session:
    for hand in COMPREHENSIVE:
        services.hand_record(session=session, hand_input=hand, by=bob)
    return session


@pytest.fixture
def second_session(
    comprehensive: Session, season: Season, club: Club, players: list[Player], alice: User
) -> Session:
    """A week later A, B, C and a newcomer E play two hands: A self-draws 1 faan, then a draw."""
    eve = services.player_create(club=club, name="E")
    later = services.session_start(
        season=season, played_on=dt.date(2026, 3, 8), players=[*players[:3], eve], by=alice
    )
    for hand in ({"outcome": "self_drawn", "winner": 0, "faan": 1}, {"outcome": "draw"}):
        services.hand_record(session=later, hand_input=hand, by=alice)
    return later


def standings(client: Client, season: Season, **filters: Any) -> list[list[str]]:
    response = client.get(f"/c/dragons/seasons/{season.pk}/", filters)
    assert response.status_code == 200
    return [row[1:] for row in table_rows(response, "standings") if len(row) > 1]


def names(rows: list[list[str]]) -> list[str]:
    return [row[0] for row in rows]


def test_the_standings_match_the_reference_scorer(comprehensive: Session, season: Season) -> None:
    response = Client().get(f"/c/dragons/seasons/{season.pk}/")
    rows = table_rows(response, "standings")
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    assert [row[1:] for row in rows] == REFERENCE
    assert sum(row.net for row in response.context["standings"]) == 0


def test_the_club_page_shows_the_current_seasons_leaders(
    comprehensive: Session, season: Season
) -> None:
    response = Client().get("/c/dragons/")
    assert [row[1:] for row in table_rows(response, "standings")] == REFERENCE


def test_another_seasons_hands_stay_out_of_the_standings(
    comprehensive: Session, season: Season, club: Club, players: list[Player], alice: User
) -> None:
    autumn = services.season_save(club=club, name="Autumn", rule_set=season.rule_set)
    other = services.session_start(
        season=autumn, played_on=dt.date(2026, 3, 1), players=players, by=alice
    )
    services.hand_record(
        session=other, hand_input={"outcome": "self_drawn", "winner": 3, "faan": 6}, by=alice
    )
    assert standings(Client(), season) == REFERENCE
    assert names(standings(Client(), autumn)) == ["D", "A", "B", "C"]


def test_the_date_range_is_inclusive_at_both_ends(second_session: Session, season: Season) -> None:
    anyone = Client()
    assert standings(anyone, season, date_to="2026-03-01") == REFERENCE
    assert standings(anyone, season, date_from="2026-03-01", date_to="2026-03-01") == REFERENCE
    assert standings(anyone, season, date_from="2026-03-08") == [
        ["A", "2", "1", "0.5", "0", "0", "12", "6"],
        ["B", "2", "0", "0", "0", "0", "-4", "-2"],
        ["C", "2", "0", "0", "0", "0", "-4", "-2"],
        ["E", "2", "0", "0", "0", "0", "-4", "-2"],
    ]
    both = standings(anyone, season, date_from="2026-03-01", date_to="2026-03-08")
    assert both == standings(anyone, season)
    assert [row[:2] for row in both] == [["C", "8"], ["A", "8"], ["B", "8"], ["E", "2"], ["D", "6"]]


def test_a_range_without_hands_says_so(second_session: Session, season: Season) -> None:
    response = Client().get(
        f"/c/dragons/seasons/{season.pk}/", {"date_from": "2026-03-02", "date_to": "2026-03-07"}
    )
    assert response.context["standings"] == []
    assert "No hands recorded for these filters yet." in text(response)


def test_the_minimum_games_filter_keeps_players_with_at_least_that_many(
    second_session: Session, season: Season
) -> None:
    anyone = Client()
    assert names(standings(anyone, season, min_games="0")) == ["C", "A", "B", "E", "D"]
    assert names(standings(anyone, season, min_games="6")) == ["C", "A", "B", "D"]
    assert names(standings(anyone, season, min_games="8")) == ["C", "A", "B"]
    assert names(standings(anyone, season, min_games="9")) == []
    assert names(standings(anyone, season, date_from="2026-03-08", min_games="2")) == [
        "A",
        "B",
        "C",
        "E",
    ]


def test_an_end_before_the_start_is_explained_not_applied(
    second_session: Session, season: Season
) -> None:
    response = Client().get(
        f"/c/dragons/seasons/{season.pk}/", {"date_from": "2026-03-08", "date_to": "2026-03-01"}
    )
    assert response.status_code == 200
    assert response.context["filters"].errors["date_to"] == [
        "The end date is before the start date."
    ]
    assert "The end date is before the start date." in text(response)
    assert len(response.context["standings"]) == 5


@pytest.mark.parametrize(
    "filters",
    [
        {"date_from": "banana"},
        {"date_to": "2026-02-30"},
        {"date_from": "2026-13-01", "date_to": "yesterday"},
        {"date_from": "99999-01-01"},
        {"min_games": "-1"},
        {"min_games": "lots"},
        {"min_games": "1e3"},
        {"date_from": "\x00"},
    ],
    ids=lambda filters: "&".join(f"{k}={v!r}" for k, v in filters.items()),
)
def test_junk_filters_are_explained_and_never_fail(
    comprehensive: Session, season: Season, filters: dict[str, str]
) -> None:
    response = Client().get(f"/c/dragons/seasons/{season.pk}/", filters)
    assert response.status_code == 200
    assert response.context["filters"].errors


def test_an_enormous_minimum_leaves_nobody(comprehensive: Session, season: Season) -> None:
    assert standings(Client(), season, min_games="9" * 30) == []


def test_a_season_of_another_club_is_not_found(
    comprehensive: Session, season: Season, private_club: Club, dave: User
) -> None:
    assert Client().get(f"/c/tigers/seasons/{season.pk}/").status_code == 404
    assert Client().get("/c/dragons/seasons/999999/").status_code == 404
