"""Reading over the API: what the pages show, filtered, paginated by cursor, in fixed queries."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games import selectors, services
from games.models import Club, Player, Season, Session, SessionSeatTotal
from tests.api.conftest import DISCARD, Api

FALSE_WIN = {"outcome": "false_win", "blamed": 3}


def all_pages(api: Api, path: str) -> list[dict[str, Any]]:
    rows, url = [], f"/api/v1/{path}"
    while url:
        body = api.get(url).json()
        rows += body["results"]
        url = body["next"]
    return rows


@pytest.fixture
def sessions(season: Season, players: list[Player], alice: User, bob: User) -> list[Session]:
    """Five sessions on different days, each with a discard win and a false win."""
    made = []
    for day in range(1, 6):
        session = services.session_start(
            season=season, played_on=dt.date(2026, 4, day), players=players, by=alice
        )
        for hand in (DISCARD, FALSE_WIN):
            services.hand_record(session=session, hand_input=hand, by=bob)
        made.append(session)
    return made


def test_cursor_pages_cover_every_row_once_in_a_stable_order(
    anonymous: Api, sessions: list[Session]
) -> None:
    rows = all_pages(anonymous, "hands/?page_size=3")
    assert len(rows) == 10 and len({row["id"] for row in rows}) == 10
    assert [row["id"] for row in rows] == sorted(row["id"] for row in rows)
    days = [row["played_on"] for row in all_pages(anonymous, "sessions/?page_size=2")]
    assert days == sorted(days, reverse=True) and len(days) == 5


def test_a_foreign_cursor_is_a_400(anonymous: Api, club: Any) -> None:
    response = anonymous.get("hands/?cursor=bm9wZQ")
    assert response.status_code == 400 and "cursor" in response.json()["fields"]


def test_hands_filter_by_session_season_player_and_dates(
    anonymous: Api, sessions: list[Session], players: list[Player]
) -> None:
    def count(query: str) -> int:
        return len(all_pages(anonymous, f"hands/?{query}"))

    assert count(f"session={sessions[0].pk}") == 2
    assert count(f"season={sessions[0].season_id}") == 10
    assert count(f"player={players[1].pk}") == 10
    assert count("date_from=2026-04-02&date_to=2026-04-03") == 4
    assert count("club=dragons&date_to=2026-04-01") == 2
    bad = anonymous.get("hands/?date_from=2026-04-05&date_to=2026-04-01")
    assert bad.status_code == 400 and "date_to" in bad.json()["fields"]
    assert anonymous.get("hands/?season=soon").json()["fields"]["season"]


def test_sessions_filter_by_player_and_dates(
    anonymous: Api, sessions: list[Session], players: list[Player]
) -> None:
    rows = all_pages(anonymous, f"sessions/?player={players[0].pk}&date_from=2026-04-04")
    assert [row["played_on"] for row in rows] == ["2026-04-05", "2026-04-04"]
    assert rows[0]["hand_count"] == 2 and rows[0]["seats"][0]["wind"] == "east"


def test_standings_match_the_season_page(
    anonymous: Api, sessions: list[Session], season: Season
) -> None:
    body = anonymous.get(f"seasons/{season.pk}/standings/?date_from=2026-04-02").json()
    expected = selectors.season_standings(season=season, date_from=dt.date(2026, 4, 2))
    assert [row["name"] for row in body["rows"]] == [row.name for row in expected]
    assert [row["games"] for row in body["rows"]] == [row.games for row in expected]
    assert body["columns"][0] == "games" and body["family"] == "hk"
    assert body["rows"][0]["rank"] == 1
    assert sum(float(row["net"]) for row in body["rows"]) == 0
    none = anonymous.get(f"seasons/{season.pk}/standings/?min_games=99").json()
    assert none["rows"] == [] and none["min_games"] == 99


def test_player_statistics_in_total_and_per_season(
    anonymous: Api, sessions: list[Session], players: list[Player], season: Season
) -> None:
    body = anonymous.get(f"players/{players[3].pk}/stats/").json()
    assert body["totals"]["games"] == 10 and body["totals"]["false_wins"] == 5
    assert body["totals"]["blames"] == 5 and body["totals"]["blame_fraction"] == "0.5"
    assert [row["season_name"] for row in body["seasons"]] == ["Spring"]
    later = anonymous.get(f"players/{players[3].pk}/stats/?date_from=2026-04-05").json()
    assert later["totals"]["games"] == 2
    empty = anonymous.get(f"players/{players[3].pk}/stats/?date_from=2027-01-01").json()
    assert empty["totals"]["games"] == 0 and empty["totals"]["win_fraction"] is None


def test_player_statistics_read_the_kept_session_totals(
    anonymous: Api, sessions: list[Session], players: list[Player], bob: User
) -> None:
    path = f"players/{players[0].pk}/stats/"
    before = anonymous.get(path).json()["totals"]
    hand = sessions[0].hands.order_by("number").first()
    assert hand is not None
    services.hand_delete(hand=hand, expected_version=1, reason="twice", by=bob)
    after = anonymous.get(path).json()["totals"]
    assert after["games"] == before["games"] - 1  # the kept totals follow every write
    # What the endpoint reads is the kept totals, not the hands' scores: one row per session.
    SessionSeatTotal.objects.filter(player=players[0]).update(hands=10)
    assert anonymous.get(path).json()["totals"]["games"] == 10 * len(sessions)


def test_rule_sets_list_their_versions(anonymous: Api, session: Session, alice: User) -> None:
    rule_set = session.rule_set_version.rule_set
    services.rule_set_update(
        rule_set=rule_set, name=rule_set.name, params={"base": "1", "max_faan": 8}, by=alice
    )
    body = anonymous.get(f"rule-sets/{rule_set.pk}/").json()
    assert [v["number"] for v in body["versions"]] == [2, 1]
    assert body["versions"][0]["params"]["max_faan"] == 8
    assert "max 8 faan" in body["versions"][0]["description"]


@pytest.mark.parametrize(
    "path", ["clubs/", "players/", "rule-sets/", "seasons/", "sessions/", "hands/"]
)
def test_lists_cost_a_fixed_number_of_queries(
    path: str, api_alice: Api, sessions: list[Session], django_assert_max_num_queries: Any
) -> None:
    api_alice.get(path)  # the token's last-use write happens once a minute, not per call
    with django_assert_max_num_queries(6):
        response = api_alice.get(f"{path}?page_size=200")
    assert response.status_code == 200 and response.json()["results"]


def test_standings_carry_each_familys_own_columns(
    db: Any, club: Club, alice: User, players: list[Player]
) -> None:
    rules = services.rule_set_create(
        club=club, name="MCR", family="mcr", params={"preset": "standard"}, by=alice
    )
    season = services.season_save(club=club, name="MCR", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "fan": 8}, by=alice
    )
    data = APIClient().get(f"/api/v1/seasons/{season.pk}/standings/").json()
    assert data["family"] == "mcr" and data["columns"][0] == "table_points"
    first = data["rows"][0]
    assert (first["name"], first["table_points"], first["net"]) == ("A", "4", "48")
    assert first["average_winning_value"] == "8" and first["self_draw_fraction"] == "1"


def test_a_hand_from_tiles_is_described_with_its_value(
    anonymous: Api, club: Club, players: list[Player], alice: User, bob: User
) -> None:
    rules = services.rule_set_create(club=club, name="MCR", family="mcr", params={}, by=alice)
    season = services.season_save(club=club, name="MCR", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
    tiles = {"concealed": "123m456p789s789p55s", "winning_tile": "7s", "seat_wind": "2z"}
    hand, _ = services.hand_record(
        session=session,
        hand_input={"outcome": "discard", "winner": 1, "discarder": 0, "hand": tiles},
        by=bob,
    )
    body = anonymous.get(f"hands/{hand.pk}/").json()
    assert body["description"] == "B wins 14 fan from tiles off A"


def test_a_player_reads_with_the_ema_number_an_organiser_gave(
    anonymous: Api, players: list[Player], alice: User
) -> None:
    services.player_update(player=players[0], name=players[0].name, ema_number="04120012")
    body = anonymous.get(f"players/{players[0].pk}/").json()
    assert body["ema_number"] == "04120012"
    assert anonymous.get(f"players/{players[1].pk}/").json()["ema_number"] == ""
