"""A member at the table reads the site in 繁體中文 on a phone: records a Hong Kong hand and
an MCR hand by its tiles without meeting a word of English, then a friend reads the
standings in 简体中文."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Club, Hand, Player, Session
from scoring.chinese import to_simplified
from tests.browser.chromium import tap_save
from tests.browser.phone import (
    PHONE,
    choose_language,
    english_left,
    follow,
    page,
    pytestmark,
)
from tests.conftest import PASSWORD

__all__ = ["page", "pytestmark"]


def sign_in_in_chinese(page: Any) -> None:
    page.goto("/accounts/login/")
    choose_language(page, "繁體中文")
    assert page.get_attribute("html", "lang") == "zh-hant"
    page.fill("#id_username", "bob")
    page.fill("#id_password", PASSWORD)
    follow(page, "button.primary")


def mcr_session(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(club=club, name="國標規則", family="mcr", params={}, by=alice)
    season = services.season_save(club=club, name="國標賽季", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


def test_hands_recorded_in_zh_hant_and_standings_read_in_zh_hans(
    page: Any, session: Session, club: Club, players: list[Player], alice: User, bob: User
) -> None:
    sign_in_in_chinese(page)

    # A Hong Kong hand: B wins 2 faan off C's discard.
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    follow(page, "#add-hand")
    assert english_left(page) == set(), "the HK hand form"
    page.click("fieldset[data-field='winner'] label:has-text('B')")
    page.click("label:has-text('食出銃')")
    page.locator("fieldset[data-field='blamed'] label").nth(2).click()
    page.click("button[data-step='1']")
    page.click("button[data-step='1']")
    page.locator("#preview td", has_text="+16").wait_for()
    assert "找數" in page.inner_text("#preview")
    assert english_left(page) == set(), "the HK hand form with its preview"
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    assert "第 1 局已儲存 ✓" in page.inner_text("#saved-hand")
    page.locator("#saved-hand a", has_text="計分表").click()
    page.wait_for_url(f"**/sessions/{session.pk}/#hand-*")
    assert "B 食 C 出銃，2 番" in page.inner_text("tr.detail")
    assert english_left(page) == set(), "the HK score sheet"

    # An MCR hand by its tiles: a Pure Straight (清龍), B wins off A's discard.
    mcr = mcr_session(club, players, alice)
    page.goto(f"/c/dragons/sessions/{mcr.pk}/hands/new/")
    page.click("fieldset[data-field='winner'] label:has-text('B')")
    page.click("label:has-text('點和')")
    page.locator("fieldset[data-field='blamed'] label").nth(0).click()
    page.click("label:has-text('輸入牌')")
    for code in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"]:
        page.click(f".picker-palette [data-code='{code}']")
    page.click(".picker-palette [data-code='5p']")  # the last tap is the winning tile
    page.locator("#preview .evaluation-result h3").wait_for()
    patterns = page.inner_text("#preview .patterns")
    assert "清龍" in patterns and "清龙" not in patterns
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert english_left(page) == set(), "the MCR hand form with its evaluation"
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    hand = Hand.objects.get(session=mcr)
    assert hand.source == "tiles" and hand.recorded_by == bob

    # The standings, in 简体中文.
    choose_language(page, "简体中文")
    page.goto(f"/c/dragons/seasons/{session.season.pk}/")
    assert page.get_attribute("html", "lang") == "zh-hans"
    standings = page.inner_text("main")
    assert "排名榜" in standings and to_simplified("排名榜") == "排名榜"
    assert to_simplified(standings) == standings, "a Traditional character on a zh-Hans page"
    assert english_left(page) == set(), "the standings"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
