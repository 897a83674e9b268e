"""The scripts' words in real Chromium at 375 px: in the member's language, online and from
the phone's copy offline (the worker keeps the JavaScript catalogue per language); English
when there is no catalogue at all; a refused hand's page built as DOM with its scripts run."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Hand, Player, Preferences, Session
from tests.browser.chromium import tap_save
from tests.browser.phone import PHONE, page, pytestmark, ready_offline, sign_in

__all__ = ["page", "pytestmark"]

DRAW = "fieldset[data-field='winner'] label:has(input[value='draw'])"


@pytest.fixture
def bob_plays(players: list[Player], bob: User) -> Player:
    return services.player_link_user(player=players[1], user=bob)


def keep_a_draw_offline(page: Any, session: Session) -> None:
    sign_in(page, "bob")
    ready_offline(page)
    sheet = f"/c/dragons/sessions/{session.pk}/"
    page.goto(sheet)
    ready_offline(page)
    page.context.set_offline(True)
    page.goto(sheet + "hands/new/")
    assert page.get_attribute("html", "data-offline-copy") is not None
    page.click(DRAW)
    tap_save(page)


def test_a_hand_kept_offline_is_told_in_the_members_language(
    page: Any, session: Session, bob: User, bob_plays: Player
) -> None:
    Preferences.objects.create(user=bob, language="zh-hant")
    keep_a_draw_offline(page, session)
    page.locator("#outbox", has_text="這部手機上保存了 1 局").wait_for()
    assert page.get_attribute("html", "lang") == "zh-hant"
    assert not Hand.objects.exists()


def test_without_a_catalogue_the_scripts_speak_english(
    page: Any, live_server: Any, session: Session, bob: User
) -> None:
    # A browser of its own without the worker (whose fetches no route sees), and no catalogue.
    context = page.context.browser.new_context(
        viewport=PHONE, base_url=live_server.url, service_workers="block"
    )
    context.route("**/jsi18n/", lambda route: route.abort())
    plain = context.new_page()
    try:
        sign_in(plain, "bob")
        plain.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
        assert plain.evaluate("typeof window.gettext") == "undefined"
        plain.click("label:has-text('B')")
        plain.click("label:has(input[name='how'][value='self_drawn'])")
        plain.click("button[data-step='1']")
        plain.locator("#preview h2", has_text="Payments").wait_for()
    finally:
        context.close()


def test_a_refused_hand_shows_its_errors_and_the_form_still_works(
    page: Any, session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('B')")
    page.click("label:has-text('Discard 打出')")
    page.locator("fieldset[data-field='blamed'] label").nth(2).click()  # C discarded
    page.fill("input[name=faan]", "")  # refused: a win needs its faan
    tap_save(page)
    page.locator(".errorlist", has_text="Enter the winner's faan.").wait_for()
    # The page's scripts ran again: the form is enhanced and sends through the outbox.
    page.locator("html.has-js").wait_for(state="attached")
    assert page.evaluate("typeof window.mahjongOutbox.submit") == "function"
    page.fill("input[name=faan]", "2")
    page.locator("input[name=faan]").dispatch_event("change")
    page.locator("#preview td", has_text="+16").wait_for()  # hand-form.js previews again
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    assert Hand.objects.get().input == {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
