"""The API's lists page by keyset: every row once, in order, however many share a date,
back again through ``previous``, in a number of queries that does not grow with the rows."""

from __future__ import annotations

import base64
import datetime as dt
import json
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Club, Hand, Player, RuleSet, Season, Session
from tests.api.conftest import DISCARD, Api

DRAW = {"outcome": "draw"}


def walk(api: Api, url: str, link: str = "next") -> tuple[list[int], list[str]]:
    """Every row's id from ``url`` on, following ``link``; and the URLs of the pages."""
    ids: list[int] = []
    pages: list[str] = []
    next_url: str | None = url
    while next_url:
        pages.append(next_url)
        response = api.get(next_url)
        assert response.status_code == 200, response.content
        body = response.json()
        ids += [row["id"] for row in body["results"]]
        next_url = body[link]
    return ids, pages


def start(season: Season, players: list[Player], alice: User, day: int) -> Session:
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, day), players=players, by=alice
    )


@pytest.fixture
def autumn(club: Club, rule_set: RuleSet) -> Season:
    return services.season_save(club=club, name="Autumn", rule_set=rule_set)


def test_sessions_page_newest_first_through_equal_dates_and_back(
    anonymous: Api, season: Season, players: list[Player], alice: User
) -> None:
    # Started out of date order, most of them on one of three days.
    made = [start(season, players, alice, day) for day in [2, 1, 2, 3, 2, 1, 2, 2, 3, 1, 2]]
    expected = [s.pk for s in sorted(made, key=lambda s: (s.played_on, s.pk), reverse=True)]
    ids, pages = walk(anonymous, f"sessions/?season={season.pk}&page_size=3")
    assert ids == expected
    assert len(pages) == 4
    # From the last page, ``previous`` leads back through the same pages.
    last = anonymous.get(pages[-1]).json()
    pages_back = []
    url = last["previous"]
    while url:
        body = anonymous.get(url).json()
        pages_back.append([row["id"] for row in body["results"]])
        url = body["previous"]
    assert pages_back == [expected[6:9], expected[3:6], expected[0:3]]


def test_hands_of_a_season_page_by_session_then_place(
    anonymous: Api,
    season: Season,
    autumn: Season,
    players: list[Player],
    alice: User,
    bob: User,
) -> None:
    spring_sessions = [start(season, players, alice, 1), start(season, players, alice, 1)]
    autumn_session = start(autumn, players, alice, 2)
    # Hands recorded in turn at the three tables: ids interleave across the seasons.
    for _ in range(3):
        for session in [*spring_sessions, autumn_session]:
            services.hand_record(session=session, hand_input=DISCARD, by=bob)
    spring = Hand.objects.filter(session__season=season).order_by("session_id", "number")
    ids, _ = walk(anonymous, f"hands/?season={season.pk}&page_size=4")
    assert ids == [hand.pk for hand in spring]
    ids, _ = walk(anonymous, f"hands/?session={autumn_session.pk}&page_size=2")
    assert ids == list(
        Hand.objects.filter(session=autumn_session).order_by("number").values_list("pk", flat=True)
    )


def test_a_deleted_hand_is_skipped_and_the_pages_still_join(
    anonymous: Api, season: Season, players: list[Player], alice: User, bob: User
) -> None:
    session = start(season, players, alice, 1)
    hands = [services.hand_record(session=session, hand_input=DRAW, by=bob)[0] for _ in range(5)]
    first = anonymous.get(f"hands/?session={session.pk}&page_size=2").json()
    services.hand_delete(hand=hands[2], expected_version=1, reason="wrong", by=bob)
    second = anonymous.get(first["next"]).json()
    assert [row["id"] for row in second["results"]] == [hands[3].pk, hands[4].pk]


def test_players_page_by_id(anonymous: Api, club: Club, players: list[Player]) -> None:
    more = [services.player_create(club=club, name=f"P{n}") for n in range(9)]
    ids, pages = walk(anonymous, f"players/?club={club.slug}&page_size=4")
    assert ids == sorted(player.pk for player in [*players, *more])
    assert len(pages) == 4


def test_a_page_costs_the_same_queries_with_three_times_the_rows(
    anonymous: Api, season: Season, players: list[Player], alice: User, bob: User
) -> None:
    def grow(sessions: int) -> None:
        for _ in range(sessions):
            services.player_create(club=season.club, name=f"Guest {Player.objects.count()}")
            session = start(season, players, alice, 1)
            for _ in range(3):
                services.hand_record(session=session, hand_input=DISCARD, by=bob)

    def cost(path: str) -> int:
        first = anonymous.get(path).json()
        with CaptureQueriesContext(connection) as queries:
            assert anonymous.get(first["next"]).status_code == 200
        return len(queries)

    paths = [f"{name}/?season={season.pk}&page_size=3" for name in ("sessions", "hands")]
    paths.append("players/?page_size=2")
    grow(4)
    small = [cost(path) for path in paths]
    grow(8)
    assert [cost(path) for path in paths] == small


def cursor(position: Any, reverse: bool = False) -> str:
    query = {"p": json.dumps(position), **({"r": "1"} if reverse else {})}
    return base64.b64encode(urlencode(query).encode()).decode()


@pytest.mark.parametrize(
    "path, position",
    [
        ("sessions/", ["2026-05-01"]),  # one column short
        ("sessions/", ["2026-05-01", "1", "2"]),
        ("sessions/", ["2026-02-30", "1"]),
        ("sessions/", ["2026-05-01", "x"]),
        ("sessions/", ["2026-05-01", 1]),  # the API gives out text only
        ("hands/", ["1", str(2**70)]),
        ("hands/", {"session_id": "1"}),
        ("players/", ["-" + str(2**70)]),
    ],
)
def test_a_forged_keyset_cursor_is_a_400(
    anonymous: Api, hand: Hand, path: str, position: Any
) -> None:
    response = anonymous.get(f"{path}?cursor={cursor(position)}")
    assert response.status_code == 400
    assert "cursor" in response.json()["fields"]


def test_a_cursor_made_like_the_apis_works(anonymous: Api, session: Session, bob: User) -> None:
    hands = [services.hand_record(session=session, hand_input=DRAW, by=bob)[0] for _ in range(3)]
    position = [str(session.pk), str(hands[0].number)]
    after = anonymous.get(f"hands/?cursor={cursor(position)}").json()
    assert [row["id"] for row in after["results"]] == [hands[1].pk, hands[2].pk]
    before = anonymous.get(f"hands/?cursor={cursor(position, reverse=True)}").json()
    assert before["results"] == [] and before["previous"] is None
