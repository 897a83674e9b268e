"""The four charts of the 2013 Big Two analysis, drawn as SVG for a Big Two season."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import charts, selectors, services
from games.importing import score_import
from games.models import Club, Player, Season
from scoring.score_files import BIG_TWO_FORMAT
from tests.browser import phone
from tests.browser.chromium import HAVE_CHROMIUM
from tests.browser.phone import PHONE

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=4)

browser_page = phone.page  # the phone-sized Chromium page fixture

BIG_TWO_2013 = Path(__file__).resolve().parents[1] / "engine" / "data" / "big-two-scorer"
REGULARS = ["C", "H", "T", "S", "Js", "Jj", "L"]


@pytest.fixture
def season_2013(club: Club, alice: User) -> Season:
    rules = services.rule_set_create(
        club=club, name="Big Two", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="2013", rule_set=rules)
    score_import.import_scores(
        season=season,
        text=(BIG_TWO_2013 / "big-two-2013.txt").read_text(),
        score_format=BIG_TWO_FORMAT,
        by=None,
        create_players=True,
    )
    return season


def chart(client: Client, season: Season, slug: str) -> str:
    response = client.get(f"/c/dragons/seasons/{season.pk}/charts/{slug}.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    return response.content.decode()


def labels(svg: str) -> list[str]:
    """The text of every annotation (a player's name) in the SVG, in drawing order."""
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def test_the_charts_plot_the_regular_players_and_the_average(season_2013: Season) -> None:
    rows = charts.chart_rows(selectors.season_standings(season=season_2013))
    assert [row.name for row in rows] == [*REGULARS, "*"]
    # ℓ*: the average player's real losses per game, 18482 over 4416 seat-games.
    assert rows[-1].real_losses_per_game == Fraction(18482, 4416)
    assert rows[-1].win_fraction == Fraction(1, 4) and rows[-1].net_score_per_game == 0


@pytest.mark.parametrize("slug", sorted(charts.CHARTS))
def test_each_chart_is_an_svg_naming_the_regular_players(
    as_charlie: Client, season_2013: Season, slug: str
) -> None:
    svg = chart(as_charlie, season_2013, slug)
    assert svg.startswith("<?xml") and "<svg" in svg
    texts = labels(svg)
    assert all(name in texts for name in [*REGULARS, "*"])
    assert "MW" not in texts and "JG" not in texts  # occasional players are left out
    assert charts.CHARTS[slug].title in texts
    # Nothing fetched from elsewhere: no scripts, no web fonts, no external links.
    assert "<script" not in svg and "@font-face" not in svg and 'xlink:href="http' not in svg


def test_the_net_score_chart_draws_the_theoretical_line(
    as_charlie: Client, season_2013: Season
) -> None:
    assert "s = 4(ℓ* − ℓ)" in labels(chart(as_charlie, season_2013, "losses-net"))
    assert "s = 4(ℓ* − ℓ)" not in labels(chart(as_charlie, season_2013, "wins-net"))


def test_the_line_passes_through_the_average_player() -> None:
    points: list[tuple[float, float]] = []

    class Axes:
        def plot(self, xs: list[float], ys: list[float], **_: object) -> None:
            points.extend(zip(xs, ys, strict=True))

        def legend(self) -> None:
            pass

    charts._theoretical_line(Axes(), 4.0, [3.0, 5.0])
    # s = 4(ℓ* − ℓ), drawn 5 % past the players on each side: through (ℓ*, 0).
    assert points == [(2.9, pytest.approx(4.4)), (5.1, pytest.approx(-4.4))]


def test_the_big_two_season_page_shows_the_four_charts(
    as_charlie: Client, season_2013: Season
) -> None:
    page = as_charlie.get(f"/c/dragons/seasons/{season_2013.pk}/").content.decode()
    for slug in charts.CHARTS:
        assert f'src="/c/dragons/seasons/{season_2013.pk}/charts/{slug}.svg"' in page


def test_a_season_without_games_shows_no_charts_but_the_view_still_draws(
    as_charlie: Client, club: Club, alice: User
) -> None:
    rules = services.rule_set_create(
        club=club, name="B2", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="Empty", rule_set=rules)
    assert "charts/" not in as_charlie.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    assert "No games yet" in labels(chart(as_charlie, season, "wins-net"))


def test_names_are_escaped_in_the_svg(
    as_charlie: Client, club: Club, alice: User, players: list[Player]
) -> None:
    rules = services.rule_set_create(
        club=club, name="B2", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="Odd names", rule_set=rules)
    odd = services.player_create(club=club, name="<b>&amp")
    session = services.session_start(
        season=season, played_on=dt.date(2026, 1, 1), players=[odd, *players[1:]], by=alice
    )
    services.hand_record(session=session, hand_input={"losses": [0, 1, 2, 3]}, by=alice)
    svg = chart(as_charlie, season, "losses-wins")
    assert "&lt;b&gt;&amp;amp" in svg and "<b>" not in svg


# Texts matplotlib would read as maths (between two $): one that is not valid maths made
# every chart of the season answer 500; a valid one was drawn as a formula, not the name.
MATHS_NAMES = ["$\\frac{1}{$", "$x^$", "$\\alpha$", "a$b$c", "\\$", "$_$", "${}$"]


def test_names_matplotlib_would_read_as_maths_are_drawn_as_written(
    as_alice: Client, club: Club, alice: User
) -> None:
    rules = services.rule_set_create(
        club=club, name="B2", family="big_two", params={"fry_threshold": 10}, by=alice
    )
    season = services.season_save(club=club, name="Maths", rule_set=rules)
    # Two names typed into the players form, the rest from an imported score file.
    for name in MATHS_NAMES[:2]:
        assert as_alice.post("/c/dragons/players/", {"name": name}).status_code == 302
    seatings = [MATHS_NAMES[:4], MATHS_NAMES[3:]]
    text = "".join(f"{' '.join(seats)}\n0 1 2 3\n3 0 1 2\n" for seats in seatings)
    score_import.import_scores(
        season=season, text=text, score_format=BIG_TWO_FORMAT, by=alice, create_players=True
    )
    for slug in charts.CHARTS:
        texts = labels(chart(as_alice, season, slug))
        assert all(name in texts for name in MATHS_NAMES), texts


def test_charts_are_only_for_big_two_and_known_names(
    as_charlie: Client, season: Season, season_2013: Season
) -> None:
    assert as_charlie.get(f"/c/dragons/seasons/{season.pk}/charts/wins-net.svg").status_code == 404
    missing = f"/c/dragons/seasons/{season_2013.pk}/charts/nonsense.svg"
    assert as_charlie.get(missing).status_code == 404
    page = as_charlie.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    assert "charts/" not in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="no browser: install Debian's chromium package")
def test_the_charts_fit_a_phone_screen(browser_page: Any, season_2013: Season) -> None:
    page = browser_page
    page.goto(f"/c/dragons/seasons/{season_2013.pk}/")
    images = page.locator(".charts img")
    assert images.count() == 4
    for index in range(4):
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        page.wait_for_function(
            "image => image.complete && image.naturalWidth > 0", arg=image.element_handle()
        )
        box = image.bounding_box()
        assert 300 < box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_strangers_get_no_chart_or_session_list_of_a_private_club(
    as_alice: Client, private_club: Club, dave: User
) -> None:
    rules = services.rule_set_create(
        club=private_club, name="B2", family="big_two", params={"fry_threshold": 10}, by=dave
    )
    season = services.season_save(club=private_club, name="Secret", rule_set=rules)
    assert as_alice.get(f"/c/tigers/seasons/{season.pk}/charts/wins-net.svg").status_code == 404
    assert as_alice.get(f"/c/tigers/seasons/{season.pk}/sessions/").status_code == 404
