"""Two phones at one table, in real Chromium at 375 px: the second to save the same hand is
shown it before recording another, and an open score sheet shows new hands by itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Hand, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import (
    PHONE,
    REPORT_CSP_VIOLATIONS,
    fill_hand,
    page,  # noqa: F401 (the fixture)
    pytestmark,  # noqa: F401 (browser, transactional database, skipped without Chromium)
    sign_in,
)


@pytest.fixture
def second_phone(page: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    context = page.context.browser.new_context(viewport=PHONE, base_url=live_server.url)
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    yield context.new_page()
    context.close()


def record_first(phone: Any, session: Session) -> None:
    """Bob's phone records the hand first (the form stays for the next one)."""
    sign_in(phone, "bob")
    phone.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    fill_hand(phone)
    tap_save(phone)
    phone.wait_for_url("**/hands/new/?saved=*")


def test_the_second_phone_is_asked_before_recording_the_same_hand_again(
    page: Any,  # noqa: F811
    second_phone: Any,
    session: Session,
    alice: User,
    bob: User,
) -> None:
    sign_in(page, "alice")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")  # opened before bob saves
    record_first(second_phone, session)

    fill_hand(page)
    tap_save(page)
    warning = page.locator("#recorded-meanwhile")
    warning.wait_for()
    assert "Hand 1 was just recorded by bob: B wins 1 faan off C" in warning.inner_text()
    assert Hand.objects.filter(session=session).count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_open_score_sheet_shows_a_new_hand_without_a_reload(
    page: Any,  # noqa: F811
    second_phone: Any,
    session: Session,
    alice: User,
    bob: User,
) -> None:
    sign_in(page, "alice")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    page.evaluate("window.sheetMark = 'not reloaded'")
    assert page.locator("#hand-1").count() == 0

    record_first(second_phone, session)

    # The page polls every ten seconds while shown.
    page.locator("#hand-1").wait_for(timeout=15000)
    assert "B wins 1 faan off C" in page.inner_text("#live-sheet")
    assert page.evaluate("window.sheetMark") == "not reloaded"
