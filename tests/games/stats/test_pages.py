"""The player's page shows the season's figures and charts; the club's ratings table."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from games.models import Player, Session
from games.stats.replay import ratings_replay
from tests.games.pages import table_rows, text
from tests.games.stats.conftest import League
from tests.games.test_zung_jung_pages import TILES

pytestmark = pytest.mark.django_db


def player_page(league: League, name: str, **query: Any) -> Any:
    return Client().get(f"/c/dragons/players/{league.players[name].pk}/", query)


def test_the_player_page_shows_the_figures(league: League) -> None:
    page = text(player_page(league, "A"))
    for figure in (
        "Sessions 3",
        "Hands 8",
        "Win rate 38%",
        "Deal-in rate 13%",
        "Self-draw rate 13%",
        "Average win 4 faan",
        "Largest win 5 faan",
        "Net -464",
    ):
        assert figure in page
    assert "Best: 2026-06-01, +128" in page and "Worst: 2026-06-15, -512" in page
    assert "lost: 2" in page and "Now: 2 lost in a row" in page


def test_head_to_head_lists_opponents_most_met_first(league: League) -> None:
    rows = table_rows(player_page(league, "A"), "head-to-head")
    assert rows == [["C", "3", "-124"], ["B", "3", "-208"], ["D", "2", "-120"], ["E", "1", "-12"]]


def test_the_charts_are_inline_svg_without_styles(league: League) -> None:
    html = player_page(league, "A").content.decode()
    charts = re.findall(r"<svg class=\"chart\".*?</svg>", html, flags=re.S)
    assert len(charts) == 3
    assert all("style" not in chart and "<script" not in chart for chart in charts)
    net = charts[0]
    assert net.count("<polyline") == 1 and len(re.findall(r"\d,\d", net)) >= 3
    assert charts[1].count("<rect") == 3  # three winning values: 3, 4 and 5 faan


def test_the_date_range_filters_the_page(league: League) -> None:
    page = text(player_page(league, "A", date_from="2026-06-08", date_to="2026-06-08"))
    assert "Sessions 1" in page and "Hands 2" in page and "Win rate 0%" in page


def test_the_rating_shows_its_uncertainty(league: League) -> None:
    assert "Not rated yet." in text(player_page(league, "A"))
    ratings_replay(club_id=league.club.pk, family=league.family)
    page = text(player_page(league, "E"))
    assert "after 1 session" in page and "provisional: still uncertain" in page


def test_the_ratings_table_ranks_by_the_conservative_value(league: League) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    response = Client().get("/c/dragons/ratings/", {"min_games": "3"})
    rows = table_rows(response, "ratings")
    assert [row[1].split()[0] for row in rows] == ["B", "C", "A"]
    values = [float(row[2]) for row in rows]
    assert values == sorted(values, reverse=True)
    assert all("provisional" in row[1] for row in rows)  # three sessions leave σ above 6.8
    season = Client().get("/c/dragons/ratings/", {"season": str(league.season.pk)})
    assert len(table_rows(season, "ratings")) == 5


def test_the_largest_win_links_its_hand_and_names_its_patterns(
    as_bob: Client, zj_session: Session, players: list[Player]
) -> None:
    for fields in ({"how": "discard", "blamed": "1"}, {"how": "self_drawn"}):
        data = {"client_id": str(uuid.uuid4()), "action": "save", "winner": "0", **fields}
        as_bob.post(f"/c/dragons/sessions/{zj_session.pk}/hands/new/", {**data, **TILES})
    response = Client().get(f"/c/dragons/players/{players[0].pk}/")
    page = text(response)
    assert "Largest win 15 points" in page and "All Sequences" in page
    assert f'href="/c/dragons/sessions/{zj_session.pk}/#hand-1"' in response.content.decode()
    api = Client().get(f"/api/v1/players/{players[0].pk}/family-stats/").json()
    largest = api["families"][0]["largest_win"]
    assert (largest["value"], largest["session"]) == (15, zj_session.pk)
    assert "All Sequences" in [p["name"] for p in largest["patterns"]]


def test_a_typed_largest_win_has_no_patterns(league: League) -> None:
    response = player_page(league, "A")
    assert "Largest win 5 faan" in text(response)
    assert "largest-patterns" not in response.content.decode()
