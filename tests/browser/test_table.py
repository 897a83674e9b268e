"""At the table on a phone (real Chromium, 375 px): hands keep their places after a
deletion, and an organiser invites a member by a link to copy, share or scan."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Club, Membership, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import PHONE, fill_hand, follow, page, pytestmark, sign_in
from tests.games.pages import DISCARD

__all__ = ["page", "pytestmark"]


def places_on_the_sheet(page: Any) -> list[str]:
    cells = page.locator("table.sheet tr.hand td:first-child").all_inner_texts()
    return [cell.strip() for cell in cells]


def test_hands_keep_their_places_after_a_deletion(page: Any, session: Session, bob: User) -> None:
    hands = [services.hand_record(session=session, hand_input=DISCARD, by=bob)[0] for _ in "123"]
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    assert places_on_the_sheet(page) == ["1", "2", "3"]

    follow(page, f"a[href='/c/dragons/hands/{hands[1].pk}/delete/']")
    assert page.inner_text("h1") == "Delete hand 2?"
    page.fill("#id_reason", "entered twice")
    page.click("button.danger")
    page.wait_for_url(f"**/sessions/{session.pk}/**")

    assert places_on_the_sheet(page) == ["1", "2"]  # no gap where hand 2 was
    assert "After hand 1" in page.inner_text("main")
    follow(page, "#add-hand")
    fill_hand(page)
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    assert "Hand 3 saved ✓" in page.inner_text("#saved-hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_organiser_invites_by_link_and_changes_a_role(page: Any, club: Club) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in(page, "alice")
    page.goto("/c/dragons/members/")
    page.select_option("#id_role", "member")
    page.click("button:has-text('Create invitation link')")
    link = page.locator("input[aria-label='Invitation link']").first
    link.wait_for()

    page.click("button[data-copy]")
    page.locator("button[data-copy]", has_text="Copied ✓").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link.input_value()
    assert "/invite/" in link.input_value()
    qr = page.locator("img.qr").first
    # The image loads after the page; a QR code that fails to load never passes the wait.
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    bob = Membership.objects.get(club=club, user__username="bob")
    page.select_option(f"#role-{bob.pk}", "viewer")
    with page.expect_navigation():
        page.locator(f"#role-{bob.pk} ~ button").click()
    bob.refresh_from_db()
    assert bob.role == "viewer"
    assert page.locator(f"#role-{bob.pk}").input_value() == "viewer"
