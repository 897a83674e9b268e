"""A season page computes its standings once: its four charts and its downloads reuse them
while they are current, and compute them anew once a hand has changed them."""

from __future__ import annotations

import datetime as dt
import re

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import charts, services
from games.models import Club, Player, Season, Session


def standings_queries(queries: CaptureQueriesContext) -> int:
    return sum('SUM("games_sessionseattotal"' in q["sql"] for q in queries.captured_queries)


def big_two_session(club: Club, alice: User, players: list[Player]) -> Session:
    rules = services.rule_set_create(
        club=club, name="B2", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="Big Two", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )
    services.hand_record(session=session, hand_input={"losses": [0, 11, 12, 13]}, by=alice)
    return session


def visit(client: Client, season: Season, query: str = "") -> tuple[int, list[str]]:
    """The season page and everything it links for the browser to fetch: how many times
    the standings were computed, and the charts' texts."""
    base = f"/c/dragons/seasons/{season.pk}/"
    with CaptureQueriesContext(connection) as queries:
        assert client.get(base + query).status_code == 200
        svgs = [client.get(f"{base}charts/{slug}.svg{query}") for slug in charts.CHARTS]
        assert client.get(f"{base}standings.csv{query}").status_code == 200
    texts = [re.findall(r"<text [^>]*>([^<]*)</text>", svg.content.decode()) for svg in svgs]
    return standings_queries(queries), [text for chart in texts for text in chart]


def test_the_page_its_four_charts_and_its_csv_compute_the_standings_once(
    as_charlie: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = big_two_session(club, alice, players)
    computed, texts = visit(as_charlie, session.season)
    assert computed == 1 and "No games yet" not in texts
    assert visit(as_charlie, session.season, "?min_games=1")[0] == 1


def test_a_new_hand_makes_the_charts_compute_the_standings_anew(
    as_charlie: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = big_two_session(club, alice, players)
    visit(as_charlie, session.season)
    services.player_update(player=players[0], name="Ann")
    base = f"/c/dragons/seasons/{session.season_id}/charts/wins-net.svg"
    assert "Ann" in as_charlie.get(base).content.decode()
    services.hand_record(session=session, hand_input={"losses": [3, 0, 2, 1]}, by=alice)
    with CaptureQueriesContext(connection) as queries:
        as_charlie.get(base)
    assert standings_queries(queries) == 1
