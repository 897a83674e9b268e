"""A season's sessions page: 50 to a page, newest first, by keyset links."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Player, Season, Session

SESSION_LINK = re.compile(r'<a href="/c/dragons/sessions/(\d+)/">')
PAGE_LINK = re.compile(r'<a class="button" href="\?(before|after)=([^"]+)">')


def start_many(season: Season, players: list[Player], alice: User, count: int) -> list[Session]:
    """``count`` sessions on five days, started out of date order: many share a date."""
    return [
        services.session_start(
            season=season,
            played_on=dt.date(2026, 6, 1 + (n * 3) % 5),
            players=players,
            by=alice,
        )
        for n in range(count)
    ]


def newest_first(sessions: list[Session]) -> list[int]:
    return [s.pk for s in sorted(sessions, key=lambda s: (s.played_on, s.pk), reverse=True)]


def page(client: Client, season: Season, query: str = "") -> tuple[list[int], dict[str, str]]:
    response = client.get(f"/c/dragons/seasons/{season.pk}/sessions/{query}")
    assert response.status_code == 200
    html = response.content.decode()
    links = {kind: f"?{kind}={mark}" for kind, mark in PAGE_LINK.findall(html)}
    return [int(pk) for pk in SESSION_LINK.findall(html)], links


def test_older_links_walk_every_session_once_newest_first(
    as_charlie: Client, season: Season, players: list[Player], alice: User
) -> None:
    made = start_many(season, players, alice, 123)
    seen, pages, query = [], [], ""
    while True:
        ids, links = page(as_charlie, season, query)
        seen += ids
        pages.append(ids)
        if "before" not in links:
            break
        query = links["before"]
    assert seen == newest_first(made)
    assert [len(ids) for ids in pages] == [50, 50, 23]
    # And the newer links walk back through the same pages.
    back = []
    while "after" in links:
        ids, links = page(as_charlie, season, links["after"])
        back.append(ids)
    assert back == [pages[1], pages[0]]


def test_a_page_shows_its_sessions_live_hands(
    as_charlie: Client, season: Season, players: list[Player], alice: User, bob: User
) -> None:
    session = start_many(season, players, alice, 1)[0]
    hands = [
        services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)[0]
        for _ in range(3)
    ]
    services.hand_delete(hand=hands[0], expected_version=1, reason="wrong", by=bob)
    html = as_charlie.get(f"/c/dragons/seasons/{season.pk}/sessions/").content.decode()
    assert "2 hands" in html


def test_a_page_costs_the_same_queries_with_three_times_the_sessions(
    as_charlie: Client, season: Season, players: list[Player], alice: User
) -> None:
    def cost() -> int:
        _, links = page(as_charlie, season)
        with CaptureQueriesContext(connection) as queries:
            page(as_charlie, season, links["before"])
        return len(queries)

    start_many(season, players, alice, 60)
    fewer = cost()
    start_many(season, players, alice, 120)
    assert cost() == fewer


@pytest.mark.parametrize(
    "query", ["?before=x", "?before=2026-02-30.1", "?after=2026-06-01.x", "?before=2026-06-01.-1"]
)
def test_a_page_mark_the_site_did_not_give_is_a_400(
    as_charlie: Client, season: Season, query: str
) -> None:
    response = as_charlie.get(f"/c/dragons/seasons/{season.pk}/sessions/{query}")
    assert response.status_code == 400


def test_the_first_page_is_where_the_old_link_led(
    as_charlie: Client, season: Season, players: list[Player], alice: User
) -> None:
    made = start_many(season, players, alice, 3)
    ids, links = page(as_charlie, season)
    assert ids == newest_first(made) and links == {}
