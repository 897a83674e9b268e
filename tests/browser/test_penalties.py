"""A member records a penalty from the score sheet on a phone (real Chromium, 375 px): the
sheet shows it, its share of the others, and the totals after it, without scrolling sideways."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.models import Penalty, Player, Session
from tests.browser.phone import PHONE, page, pytestmark, sign_in

__all__ = ["page", "pytestmark"]


def test_a_member_records_a_penalty_on_a_phone(
    page: Any, session: Session, players: list[Player], bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    page.click("#add-penalty")
    page.wait_for_url("**/penalties/new/")
    assert "a chombo costs" in page.inner_text("#chombo-preset")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.select_option("#id_player", str(players[1].pk))
    page.select_option("#id_reason", "lateness")
    page.fill("#id_amount", "300")
    page.click("button.primary")
    page.wait_for_url(f"**/sessions/{session.pk}/")
    page.locator(".messages", has_text="Penalty recorded.").wait_for()
    assert "After penalties" in page.inner_text("table.sheet")
    assert "Lateness, −300" in page.inner_text("#penalties")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    penalty = Penalty.objects.get()
    assert (penalty.player, penalty.amount, penalty.zero_sum) == (players[1], 300, True)
