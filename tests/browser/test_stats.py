"""On a phone (375×812), the player's page and its charts render inside the screen's width,
under the site's content security policy (the ``page`` fixture fails on any violation)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Club
from games.stats.replay import ratings_replay
from tests.browser.phone import PHONE, page, pytestmark
from tests.games.stats.conftest import League, build_league

__all__ = ["page", "pytestmark"]


@pytest.fixture
def league(club: Club, alice: User) -> League:
    return build_league(club, alice)


def test_the_player_page_and_its_charts_fit_a_phone(page: Any, league: League) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    page.goto(f"/c/dragons/players/{league.players['A'].pk}/")
    charts = page.locator("svg.chart")
    assert charts.count() == 3
    for index in range(3):
        box = charts.nth(index).bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.locator("svg.chart polyline").count() == 2  # net, and the rating's μ − 3σ
    assert page.locator("svg.chart rect").count() == 3  # the winning values' bars
    assert page.get_by_text("Win rate").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The chart's labels are drawn large enough to read once scaled to the phone.
    size = page.evaluate(
        "(() => { const t = document.querySelector('svg.chart text');"
        " return t.getBoundingClientRect().height; })()"
    )
    assert size >= 9


def test_the_ratings_table_fits_a_phone(page: Any, league: League) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    page.goto("/c/dragons/ratings/")
    assert page.locator("table.ratings tbody tr").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
