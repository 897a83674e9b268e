"""A member at a classical table, on a phone-sized screen in real Chromium, enters a hand
player by player with the set picker and sees each score and the payments as they go."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.models import Hand, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import (
    PHONE,
    follow,
    page,
    pytestmark,
    saved_then_sheet,
    sign_in,
    table,
)

__all__ = ["page", "pytestmark", "table"]


def test_a_member_enters_a_classical_hand_on_a_phone(page: Any, table: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{table.pk}/")
    assert "East is A" in page.inner_text("#table-state")
    follow(page, "#add-hand")
    previews: list[str] = []
    page.on("request", lambda r: previews.append(r.url) if "/hands/preview/" in r.url else None)

    with page.expect_response(lambda r: "/hands/preview/" in r.url):
        page.click("fieldset[data-field='mahjong'] label:has-text('B')")
    page.wait_for_timeout(300)
    assert len(previews) == 1  # one request per change, shared by both scripts
    page.click("fieldset[data-field='discarder'] label:has-text('Discarded by C')")
    winner = page.locator("fieldset.player[data-seat='1']")
    assert winner.evaluate("node => getComputedStyle(node).order") == "0"  # B comes first
    winner.locator("[data-add-sets]").click()
    page.click("[data-kind='pung']")
    page.click(".set-picker [data-code='7z']")  # an exposed pung of red dragons
    page.click("[data-kind='chow']")
    page.click(".set-picker [data-code='1s']")
    assert page.input_value("input[name=sets_1]") == "777z 123s"
    winner.locator(".breakdown li", has_text="Pung or Kong of Dragons").wait_for()
    assert winner.locator("[data-total]").inner_text() == "28"  # (4 + 10) x 2 for the dragons
    assert "Going Mah-Jongg 10 pts" in winner.locator(".breakdown").inner_text()
    # C's set is typed: the compact text entry works beside the picker.
    page.fill("input[name=sets_2]", "-444m")
    page.locator("fieldset.player[data-seat='2'] [data-total]", has_text="4").wait_for()
    page.locator("#classical-preview table.matrix").wait_for()
    # Mah-Jongg-only events are offered to the Mah-Jongg player only.
    assert winner.locator("label.mj-only").first.is_visible()
    assert not page.locator("fieldset.player[data-seat='0'] label.mj-only").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Nine tiles a row leave a tile about 34 px wide at 375 px (nine of 44 px would not fit):
    # a thumb gets the whole cell, 48 px tall.
    box = page.locator(".set-picker [data-code='5p']").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 32
    tap_save(page)

    saved_then_sheet(page, table.pk, 1)
    hand = Hand.objects.get()
    assert hand.input["mahjong"] == 1 and hand.input["discarder"] == 2
    assert hand.input["players"][1]["sets"] == ["777z", "123s"]
    assert hand.input["players"][2]["sets"] == ["-444m"]
    assert hand.recorded_by == bob
    assert "B Mah-Jongg off C's discard" in page.inner_text("tr.detail")
    assert "East is B" in page.inner_text("#table-state")
    page.click("details.payments summary")
    assert page.locator("table.matrix").is_visible()
