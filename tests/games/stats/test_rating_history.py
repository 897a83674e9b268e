"""The player page's rating history: μ − 3σ after each rated session, drawn on the server
inside the band μ ± 3σ, one point per session kept in the ratings."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.stats.models import Rating
from games.stats.replay import ratings_replay
from games.stats.svg import HEIGHT, MARGIN_BOTTOM, MARGIN_TOP, Frame
from tests.games.stats.conftest import League

pytestmark = pytest.mark.django_db


def rating_chart(league: League, name: str) -> str:
    page = Client().get(f"/c/dragons/players/{league.players[name].pk}/").content.decode()
    [chart] = [
        chart
        for chart in re.findall(r"<svg class=\"chart\".*?</svg>", page, flags=re.S)
        if "Rating (μ − 3σ)" in chart
    ]
    return chart


def test_the_chart_has_a_point_for_each_rated_session_at_its_rating(league: League) -> None:
    assert "Not rated yet" in rating_chart(league, "A")
    ratings_replay(club_id=league.club.pk, family=league.family)
    history = list(Rating.objects.filter(player=league.players["A"]).order_by("id"))
    assert len(history) == 3  # A played three sessions
    chart = rating_chart(league, "A")
    [line] = re.findall(r'<polyline points="([^"]+)"', chart)
    points = [tuple(map(float, pair.split(","))) for pair in line.split()]
    assert len(points) == len(history)
    assert [x for x, _ in points] == sorted(x for x, _ in points)  # in play order
    # Each point stands where its μ − 3σ is on the chart's scale (0 to the band's top).
    lows = [r.mu - 3 * r.sigma for r in history]
    highs = [r.mu + 3 * r.sigma for r in history]
    frame = Frame(len(history), round(min(0.0, *lows)), round(max(highs)))
    assert [y for _, y in points] == [round(frame.y(low), 1) for low in lows]
    assert MARGIN_TOP <= min(y for _, y in points) <= HEIGHT - MARGIN_BOTTOM
    assert "<polygon" in chart  # the band μ ± 3σ
