"""Teams on a phone (375×812) in real Chromium: the organiser makes two teams of a riichi
season from the season's page, reads the team standings and a team's page, which fit the
phone and pass axe-core in the light and the dark scheme; a member reads them in 繁體中文 and
简体中文 without a word of English."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services as core
from games.events.team_services import TeamSettings, team_create
from games.models import Club, Player, Season
from tests.browser.axe import AXE, fits, problems
from tests.browser.phone import choose_language, english_left, follow, page, pytestmark, sign_in
from tests.games.riichi_hanchan import HANDS

__all__ = ["page", "pytestmark"]

# The league's own data on the page: the season, the rule set, the teams and the players.
DATA = {"Riichi", "EMA", "Red", "Blue", "Ann", "Bea", "Cy", "Dot"}


@pytest.fixture
def played(club: Club, alice: User) -> tuple[Season, list[Player]]:
    rules = core.rule_set_create(
        club=club, name="EMA", family="riichi", params={"preset": "ema"}, by=alice
    )
    season = core.season_save(club=club, name="Riichi", rule_set=rules)
    players = [core.player_create(club=club, name=name) for name in ("Ann", "Bea", "Cy", "Dot")]
    session = core.session_start(
        season=season, played_on=dt.date(2026, 11, 1), players=players, by=alice
    )
    for hand in HANDS:
        core.hand_record(session=session, hand_input=hand, by=alice)
    return season, players


def add_team(page: Any, name: str, players: list[str]) -> None:
    page.fill("#id_name", name)
    for player in players:
        page.check(f"label:has-text('{player}') input[name=players]")
    follow(page, "form.stack button.primary")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
def test_an_organiser_makes_teams_on_a_phone(
    page: Any, played: tuple[Season, list[Player]]
) -> None:
    season, _ = played
    sign_in(page, "alice")
    page.goto(f"/c/dragons/seasons/{season.pk}/")
    follow(page, "a:has-text('teams')")
    assert problems(page) == []
    add_team(page, "Red", ["Ann", "Dot"])
    # The new team's page: its place, its points and its players'.
    assert page.inner_text("h1") == "Red"
    shown = page.inner_text(".team-rank")
    assert "Place 1 of 1" in shown and "Placement points" in shown
    assert problems(page) == []
    follow(page, ".summary a")
    add_team(page, "Blue", ["Bea", "Cy"])
    follow(page, ".summary a")
    rows = page.locator("table.team-standings tbody tr").all_inner_texts()
    assert [row.split("\t")[:2] for row in rows] == [["1", "Red"], ["2", "Blue"]]
    # A player already in a team is named when another team takes them.
    add_team(page, "Green", ["Ann"])
    assert "Ann is already in team Red." in page.inner_text("form.stack")
    assert problems(page) == []


def test_a_member_reads_the_teams_in_chinese(
    page: Any, played: tuple[Season, list[Player]], bob: User
) -> None:
    season, (ann, bea, cy, dot) = played
    red = team_create(season=season, settings=TeamSettings("Red", [ann, dot], best_of=1))
    team_create(season=season, settings=TeamSettings("Blue", [bea, cy]))
    sign_in(page, "bob")
    page.goto(f"/c/dragons/seasons/{season.pk}/teams/")
    choose_language(page, "繁體中文")
    assert english_left(page) - DATA == set()
    page.goto(f"/c/dragons/teams/{red.pk}/")
    assert "順位分" in page.inner_text(".team-rank")
    assert english_left(page) - DATA == set() and fits(page)
    choose_language(page, "简体中文")
    assert "队伍" in page.inner_text("body")
    assert english_left(page) - DATA == set() and fits(page)
