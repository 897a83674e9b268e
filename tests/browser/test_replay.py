"""Stepping through a game record's replay on a phone-sized screen in real Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Club
from tests.browser.chromium import HAVE_CHROMIUM
from tests.browser.phone import PHONE, page  # noqa: F401 (the fixture)
from tests.games.test_replay import EXAMPLE_1_ACTIONS, import_example

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="no browser: install Debian's chromium"),
]


def test_a_visitor_steps_through_a_replay_on_a_phone(
    page: Any,  # noqa: F811
    club: Club,
    alice: User,
) -> None:
    hand = import_example(club, alice)
    page.goto(f"/c/dragons/sessions/{hand.session_id}/")
    page.click("text=Replay")
    page.wait_for_url(f"**/hands/{hand.pk}/replay/")
    # Marks this document: it survives only if stepping never loads another page.
    page.evaluate("window.sameDocument = true")
    assert page.inner_text("[data-action]") == "The deal"

    page.click("[data-go='next']")
    assert page.inner_text("[data-step-number]") == "1"
    assert page.inner_text("[data-action]") == "Sandy7169 draws White dragon"
    assert page.locator("[data-seat='0'] .tile.drawn").inner_text() == "白"
    for _ in range(6):
        page.click("[data-go='next']")
    assert page.inner_text("[data-action]") == "Alec (钧力） kongs the discard Red dragon"
    assert page.locator("[data-seat='1'] .meld .tile").count() == 4
    assert page.locator("[data-seat='2'] [data-part='discards'] .tile").count() == 0
    assert page.url.endswith("?step=7")
    page.click("[data-go='previous']")
    assert page.inner_text("[data-step-number]") == "6"
    assert page.locator("[data-seat='2'] [data-part='discards'] .tile").inner_text() == "中"

    assert page.locator("[data-fans]").is_hidden()
    page.click("[data-go='last']")
    assert page.inner_text("[data-step-number]") == str(EXAMPLE_1_ACTIONS)
    assert page.locator("[data-fans]").is_visible()
    assert "忘却氤氲: 9 fan" in page.inner_text("[data-fans]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("[data-go='next']").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44

    page.click("[data-go='first']")
    assert page.inner_text("[data-action]") == "The deal"
    assert page.evaluate("window.sameDocument") is True
    # Reloading the address shown gives the same step, rendered by the server.
    page.click("[data-go='next']")
    page.reload()
    assert page.inner_text("[data-step-number]") == "1"
