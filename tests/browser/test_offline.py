"""The site opened offline after one visit (real Chromium, 375×812): the service worker keeps
the member's open table, its score sheet and hand form open without a connection, a hand
saved there waits in the outbox and is recorded once; signing out empties the caches."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError

from games import services
from games.models import Hand, Player, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import PHONE, page, pytestmark, ready_offline, sign_in

__all__ = ["page", "pytestmark"]

CACHE_NAMES = "caches.keys()"
KEPT_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls.map((url) => new URL(url).pathname);
}"""


@pytest.fixture
def bob_plays(players: list[Player], bob: User) -> Player:
    return services.player_link_user(player=players[1], user=bob)


def visit_online(page: Any, session: Session) -> None:
    sign_in(page, "bob")  # lands on the member's home, which lists the open table
    ready_offline(page)
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    ready_offline(page)


def test_the_table_opens_offline_and_a_hand_saved_there_is_recorded_once(
    page: Any, session: Session, bob: User, bob_plays: Player
) -> None:
    assert page.viewport_size == PHONE
    visit_online(page, session)
    sheet = f"/c/dragons/sessions/{session.pk}/"
    page.goto("/c/dragons/players/")  # shown online, but not one of the pages to keep
    page.wait_for_timeout(300)
    kept = {url for url in page.evaluate(KEPT_URLS) if not url.startswith("/static/")}
    shell = {"/manifest.webmanifest", "/offline/", "/offline/sessions.json"}
    assert kept == shell | {sheet, sheet + "hands/new/", "/jsi18n/"}

    page.context.set_offline(True)
    page.goto(sheet)
    assert page.get_attribute("html", "data-offline-copy") is not None  # the phone's copy
    assert "Spring" in page.inner_text("h1")
    page.click("#add-hand")
    page.wait_for_url(f"**{sheet}hands/new/")
    assert page.get_attribute("html", "data-offline-copy") is not None
    kept_id = page.evaluate(
        """async (url) => {
        const html = await (await caches.match(url)).text();
        return html.match(/name="client_id" value="([^"]+)"/)[1];
    }""",
        sheet + "hands/new/",
    )
    assert page.input_value("input[name=client_id]") != kept_id  # a new entry of its own

    page.click("label:has-text('Draw 摸和')")
    tap_save(page)
    page.locator("#outbox", has_text="saved on this phone").wait_for()
    assert page.evaluate("window.mahjongOutbox.pending()") == 1
    assert not Hand.objects.exists()

    page.context.set_offline(False)
    page.evaluate("window.mahjongOutbox.flush()")
    page.locator("#outbox", has_text="Saved hands sent").wait_for()
    hand = Hand.objects.get()
    assert hand.input == {"outcome": "draw"} and hand.recorded_by == bob
    page.goto(sheet)
    page.locator("#hand-1").wait_for()
    assert page.get_attribute("html", "data-offline-copy") is None  # online: the server's page
    assert Hand.objects.count() == 1


def test_any_other_page_offline_lists_the_sessions_kept(
    page: Any, session: Session, bob_plays: Player
) -> None:
    visit_online(page, session)
    page.context.set_offline(True)
    page.goto("/c/dragons/players/")
    assert page.inner_text("h1") == "You are offline"
    link = page.locator("#offline-sessions a", has_text="Dragons · Spring · 2026-03-01")
    link.wait_for()
    assert link.get_attribute("href") == f"/c/dragons/sessions/{session.pk}/"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.set_offline(False)


def test_signing_out_empties_the_caches_and_keeps_the_outbox(
    page: Any, session: Session, bob_plays: Player
) -> None:
    visit_online(page, session)
    assert len(page.evaluate(CACHE_NAMES)) == 2  # the app shell and the member's pages
    page.evaluate("localStorage.setItem('mahjong-league-outbox-refused', '[]')")

    page.click(".account-menu summary")
    page.click("button:has-text('Sign out')")
    page.locator("header a", has_text="Sign in").wait_for()
    page.wait_for_load_state()
    assert page.evaluate(CACHE_NAMES) == []
    page.wait_for_timeout(500)  # the home page's own sync, as a visitor, keeps nothing either
    assert page.evaluate(CACHE_NAMES) == []
    assert page.evaluate("localStorage.getItem('mahjong-league-outbox-refused')") == "[]"

    page.context.set_offline(True)
    with pytest.raises(PlaywrightError, match="ERR_"):  # nothing of bob's is left to open
        page.goto(f"/c/dragons/sessions/{session.pk}/")
    page.context.set_offline(False)


def test_undo_offline_stays_in_the_app_and_says_it_needs_a_connection(
    page: Any, session: Session, bob_plays: Player
) -> None:
    visit_online(page, session)
    form = f"/c/dragons/sessions/{session.pk}/hands/new/"
    page.goto(form)
    page.click("label:has-text('Draw 摸和')")
    with page.expect_navigation():
        tap_save(page)
    assert "Hand 1 saved ✓" in page.inner_text("#saved-hand")
    shown = page.url

    page.context.set_offline(True)
    page.click("#undo-hand")
    note = page.locator("#saved-hand .needs-connection")
    note.wait_for()
    assert "Undo needs a connection" in note.inner_text()
    assert page.url == shown and page.is_visible("#save-hand")  # still the app's own page
    assert Hand.objects.count() == 1

    # A hand saved offline is kept on the phone: the last save's banner and its Undo give way
    # to the outbox's.
    page.click("label:has-text('Draw 摸和')")
    tap_save(page)
    page.locator("#outbox", has_text="1 hand is saved on this phone").wait_for()
    assert page.locator("#saved-hand").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.context.set_offline(False)
    page.evaluate("window.mahjongOutbox.flush()")
    page.locator("#outbox", has_text="Saved hands sent").wait_for()
    assert Hand.objects.count() == 2


def test_the_offline_sheet_lists_the_hands_kept_on_the_phone(
    page: Any, session: Session, bob_plays: Player
) -> None:
    visit_online(page, session)
    sheet = f"/c/dragons/sessions/{session.pk}/"
    page.context.set_offline(True)
    page.goto(sheet + "hands/new/")
    page.click("label:has-text('Draw 摸和')")
    tap_save(page)
    page.locator("#outbox", has_text="saved on this phone").wait_for()

    page.goto(sheet)
    assert page.get_attribute("html", "data-offline-copy") is not None  # the phone's copy
    kept = page.locator("#kept-hands")
    assert kept.is_visible()
    assert "Kept on this phone, not yet sent" in kept.inner_text()
    [item] = kept.locator(".kept-hand").all()
    assert "Hand 1" in item.inner_text() and "not yet sent" in item.inner_text()
    assert "Draw 摸和" in item.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Back online, the outbox sends it and the sheet shows the server's hand instead.
    page.context.set_offline(False)
    with page.expect_navigation():  # the sheet reloads once the hand is sent
        page.evaluate("window.mahjongOutbox.flush()")
    page.locator("#hand-1").wait_for()
    assert not page.locator("#kept-hands").is_visible()
    assert Hand.objects.count() == 1


def test_the_home_page_offline_offers_no_sign_in_to_a_signed_in_member(
    page: Any, session: Session, bob_plays: Player
) -> None:
    visit_online(page, session)
    page.context.set_offline(True)
    page.goto("/")
    assert page.inner_text("h1") == "You are offline"
    assert "Sign in" not in page.inner_text("header")
    page.context.set_offline(False)


def test_amend_and_delete_offline_say_they_need_a_connection_and_lose_nothing(
    page: Any, session: Session, bob_plays: Player, alice: User
) -> None:
    hand, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
    visit_online(page, session)
    page.goto(f"/c/dragons/hands/{hand.pk}/edit/")
    page.click("fieldset[data-field='winner'] label:has-text('B')")
    page.click("label:has-text('Self-drawn 自摸')")
    page.locator("fieldset[data-field='faan'] .quick-values button", has_text="3").click()
    page.fill("input[name=reason]", "B won it")
    shown = page.url

    page.context.set_offline(True)
    page.click("button:has-text('Save amendment')")
    note = page.locator("#hand-form + .needs-connection")
    note.wait_for()
    assert "Amending a hand needs a connection" in note.inner_text()
    # Still the app's page, with everything typed, and the button ready for another try.
    assert page.url == shown and page.input_value("input[name=reason]") == "B won it"
    assert page.input_value("input[name=faan]") == "3"
    assert page.is_enabled("button:has-text('Save amendment')")
    hand.refresh_from_db()
    assert hand.input == {"outcome": "draw"}

    page.context.set_offline(False)
    with page.expect_navigation():
        page.click("button:has-text('Save amendment')")
    hand.refresh_from_db()
    assert hand.input == {"outcome": "self_drawn", "winner": 1, "faan": 3}

    page.goto(f"/c/dragons/hands/{hand.pk}/delete/")
    page.fill("input[name=reason]", "played again")
    page.context.set_offline(True)
    page.click("button:has-text('Delete hand')")
    note = page.locator("form + .needs-connection")
    note.wait_for()
    assert "Deleting a hand needs a connection" in note.inner_text()
    hand.refresh_from_db()
    assert not hand.is_deleted
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.context.set_offline(False)
    with page.expect_navigation():
        page.click("button:has-text('Delete hand')")
    hand.refresh_from_db()
    assert hand.is_deleted
