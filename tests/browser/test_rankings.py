"""On a phone (375×812), light and dark, in the three languages: the EMA ranking page with
its formula and a person's inputs open passes axe-core and does not scroll sideways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.axe import AXE, problems
from tests.browser.phone import PHONE, choose_language, page, pytestmark
from tests.games.events.test_mers_ranking import League, league

__all__ = ["league", "page", "pytestmark"]

URL = "/rankings/?family=riichi&on=2030-06-01"


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
def test_the_ranking_fits_a_phone_in_each_language(page: Any, league: League) -> None:
    page.goto(URL)
    rows = page.locator("table.mers > tbody > tr:not(.inputs)")
    assert rows.count() == 4
    assert page.locator("table.mers-events tbody tr").count() == 2
    page.locator("table.mers details summary").first.click()
    assert page.locator("table.mers-inputs").first.is_visible()
    assert problems(page) == []
    for language, lang in (("繁體中文", "zh-hant"), ("简体中文", "zh-hans")):
        choose_language(page, language)
        page.goto(URL)
        assert page.get_attribute("html", "lang") == lang
        assert "EMA" in page.locator("h1").inner_text()
        page.locator("table.mers details summary").first.click()
        assert problems(page) == [], language
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
