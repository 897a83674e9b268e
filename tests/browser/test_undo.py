"""After a save the phone stays on a fresh form saying "Hand 1 saved ✓", and Undo takes the
hand back (real Chromium, 375 px)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Hand, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import PHONE, fill_hand, page, pytestmark, sign_in

__all__ = ["page", "pytestmark"]


def test_a_member_saves_a_hand_stays_on_the_form_and_undoes_it(
    page: Any, session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    fill_hand(page)
    tap_save(page)

    page.wait_for_url("**/hands/new/?saved=*")
    assert "Hand 1 saved ✓" in page.inner_text("#saved-hand")
    assert not page.is_checked("fieldset[data-field='winner'] input[value='1']")  # fresh
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("#undo-hand").bounding_box()
    assert box is not None and box["height"] >= 44

    page.click("#undo-hand")
    page.locator(".messages", has_text="Hand 1 undone.").wait_for()
    hand = Hand.objects.get()
    assert hand.is_deleted and hand.revisions.get().reason == "undone"
    assert page.locator("#saved-hand").count() == 0


def test_undo_goes_away_when_its_minute_is_over(page: Any, session: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    fill_hand(page)
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    # The hand was saved 57 seconds ago: Undo is offered for the 2 or 3 seconds left.
    hand = Hand.objects.get()
    Hand.objects.filter(pk=hand.pk).update(recorded_at=timezone.now() - dt.timedelta(seconds=57))
    page.reload()
    assert page.locator("#undo-hand").is_visible()
    page.locator("#undo-hand").wait_for(state="detached", timeout=5000)
    assert "Hand 1 saved ✓" in page.inner_text("#saved-hand")
    hand.refresh_from_db()
    assert not hand.is_deleted
