"""The hand form at the table, on a 375×812 phone in real Chromium: the game's state and the
totals on the form, what a save saved, and the usual faan as buttons (issue 36, items 1, 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Hand, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import follow, phone_page, pytestmark, sign_in

__all__ = ["pytestmark"]

DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}


@pytest.fixture
def page(live_server: Any) -> Iterator[Any]:
    yield from phone_page(live_server)


def test_the_form_shows_the_game_and_the_totals_and_says_what_was_saved(
    page: Any, session: Session, alice: User
) -> None:
    services.hand_record(session=session, hand_input=DISCARD, by=alice)
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")

    line = page.locator("#table-now .table-line")
    assert line.inner_text() == "Hand 2 · East round · B deals"
    totals = page.locator("#table-now .running-totals td").all_inner_texts()
    assert totals == ["-4", "+16", "-8", "-4"]
    # The state and the totals sit on the first screen, above the questions.
    box = page.locator("#table-now").bounding_box()
    assert box["y"] + box["height"] <= 812

    page.click("label:has-text('C')")  # the winner
    page.click("label:has-text('Self-drawn 自摸')")
    page.locator("fieldset[data-field='faan'] .quick-values button", has_text="3").click()
    page.locator("#preview td", has_text="+").first.wait_for()
    with page.expect_navigation():
        tap_save(page)

    saved = page.locator("#saved-hand")
    assert "Hand 2 saved ✓" in saved.inner_text()
    assert page.locator("#saved-what").inner_text() == "C self-drawn, 3 faan (自摸), C +48"
    assert line.inner_text() == "Hand 3 · East round · C deals"
    totals = page.locator("#table-now .running-totals td").all_inner_texts()
    assert totals == ["-20", "0", "+40", "-20"]


def test_a_tap_on_a_faan_button_fills_it_and_the_preview_follows_without_leaving_the_box(
    page: Any, session: Session
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    follow(page, "#add-hand")

    page.click("label:has-text('B')")
    page.click("label:has-text('Discard 打出')")
    page.locator("fieldset[data-field='blamed'] label").nth(2).click()  # C discarded
    buttons = page.locator("fieldset[data-field='faan'] .quick-values button")
    # HK_HALF's maximum is 6: 0 to 6, each one tap.
    assert buttons.all_inner_texts() == ["0", "1", "2", "3", "4", "5", "6"]
    buttons.nth(2).click()
    assert page.input_value("input[name='faan']") == "2"
    assert buttons.nth(2).get_attribute("aria-pressed") == "true"
    page.locator("#preview td", has_text="+16").wait_for()

    # Typing updates the preview as it is typed: the box keeps the focus (no change event).
    page.focus("input[name='faan']")
    page.keyboard.press("Backspace")
    page.keyboard.type("3")
    page.locator("#preview td", has_text="+32").wait_for()
    assert page.evaluate("document.activeElement.name") == "faan"
    assert buttons.nth(3).get_attribute("aria-pressed") == "true"

    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    assert Hand.objects.get().input == {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}
