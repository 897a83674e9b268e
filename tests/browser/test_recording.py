"""A member at the table, on a phone-sized screen in real Chromium, records a hand."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.models import Hand, Session
from tests.browser.chromium import (
    service_worker_settled,
    tap_save,
)
from tests.browser.phone import (
    PHONE,
    follow,
    page,
    pytestmark,
    save_offline,
    saved_then_sheet,
    sign_in,
)

__all__ = ["page", "pytestmark"]  # the fixture; browser, transactional, needs Chromium


def test_a_member_records_a_hand_on_a_phone(page: Any, session: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    follow(page, "#add-hand")

    page.click("label:has-text('B')")  # the winner
    page.click("label:has-text('Discard 打出')")
    page.locator("fieldset[data-field='blamed'] label").nth(2).click()  # C discarded
    page.click("button[data-step='1']")
    page.click("button[data-step='1']")
    page.locator("#preview td", has_text="+16").wait_for()  # 2 faan at base 2, half responsibility
    tap_save(page)

    saved_then_sheet(page, session.pk, 1)
    row = page.locator("#hand-1")
    assert row.locator("td").all_inner_texts()[1:] == ["-4\n-4", "+16\n16", "-8\n-8", "-4\n-4"]
    assert "B wins 2 faan off C" in page.inner_text("tr.detail")
    hand = Hand.objects.get()
    assert hand.input == {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
    assert hand.recorded_by == bob


def test_the_hand_form_fits_a_phone_and_has_big_targets(page: Any, session: Session) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('B')")  # a winner: the how and faan questions appear
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    for locator in [
        "fieldset[data-field='winner'] label span",
        "button[data-step='1']",
        "#save-hand",
    ]:
        box = page.locator(locator).first.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, locator


def test_a_member_builds_a_hand_with_the_tile_picker(
    page: Any, zj_session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{zj_session.pk}/hands/new/")
    page.click("label:has-text('C')")
    page.click("label:has-text('Discard 食出銃')")
    page.locator("fieldset[data-field='blamed'] label").nth(0).click()  # A discarded
    page.click("label:has-text('Enter the tiles')")
    page.click("[data-mode='pung']")
    page.click(".picker-palette [data-code='5z']")  # an exposed pung of white dragons
    page.click("[data-mode='concealed']")
    for code in ["1m", "2m", "4p", "5p", "6p", "7s", "8s", "9s", "9s", "9s", "3m"]:
        page.click(f".picker-palette [data-code='{code}']")  # the last tap is the winning tile
    page.locator("#preview .evaluation-result h3").wait_for()
    assert page.input_value("input[name=concealed]") == "123m456p78999s"
    assert page.input_value("input[name=melds]") == "555z"
    assert page.input_value("input[name=winning_tile]") == "3m"
    assert page.locator("#preview .patterns li").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tap_save(page)

    saved_then_sheet(page, zj_session.pk, 1)
    hand = Hand.objects.get()
    assert hand.source == "tiles" and hand.recorded_by == bob
    assert hand.input["outcome"] == "discard" and hand.input["discarder"] == 0
    assert hand.input["hand"]["melds"] == [{"type": "pung", "tiles": "555z", "concealed": False}]
    assert "from tiles" in page.inner_text("tr.detail")


def save_a_draw_offline(page: Any, session: Session) -> None:
    """Bob signs in and saves a draw with the phone offline: it waits in the outbox."""
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('Draw 摸和')")
    save_offline(page)


def test_a_hand_entered_offline_is_kept_and_sent_when_back_online(
    page: Any, session: Session, bob: User
) -> None:
    save_a_draw_offline(page, session)
    assert Hand.objects.count() == 0
    assert page.evaluate("window.mahjongOutbox.pending()") == 1
    first_id = page.evaluate("JSON.parse(localStorage.getItem('mahjong-league-outbox'))[0].id")
    # The form is cleared for the next hand, under a new entry id.
    assert page.input_value("input[name=client_id]") != first_id
    assert not page.is_checked("input[name=winner][value=draw]")

    page.context.set_offline(False)
    page.evaluate("window.mahjongOutbox.flush()")
    page.locator("#outbox", has_text="Saved hands sent").wait_for()
    hand = Hand.objects.get()
    assert hand.input == {"outcome": "draw"} and str(hand.client_id) == first_id
    assert page.evaluate("window.mahjongOutbox.pending()") == 0


def test_a_resent_hand_is_recorded_once(page: Any, session: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('Draw 摸和')")
    entry = page.evaluate(
        """() => {
        const form = document.getElementById('hand-form');
        const fields = [];
        new FormData(form).forEach((v, k) => fields.push([k, v]));
        fields.push(['action', 'save']);
        const id = form.querySelector('[name=client_id]').value;
        const item = {id: id, url: location.href, label: 'x', fields: fields};
        localStorage.setItem('mahjong-league-outbox', JSON.stringify([item]));
        return id;
    }"""
    )
    tap_save(page)  # the same entry, sent directly as well
    # Recorded by this send (the form stays for the next hand) or already by the outbox's.
    page.wait_for_url(lambda url: "#hand-1" in url or "saved=" in url)
    if "saved=" in page.url:
        page.goto(f"/c/dragons/sessions/{session.pk}/")
    # The score sheet sends what the outbox holds, then reloads to show it.
    page.locator("#outbox", has_text="Saved hands sent").or_(
        page.locator("#hand-1")
    ).first.wait_for()
    page.wait_for_load_state()
    assert outbox_size(page) == 0
    assert Hand.objects.count() == 1 and str(Hand.objects.get().client_id) == entry


def outbox_size(page: Any) -> int:
    for _ in range(50):
        try:
            size: int = page.evaluate(
                "JSON.parse(localStorage.getItem('mahjong-league-outbox') || '[]').length"
            )
        except Exception:  # the page reloaded under us; ask again
            page.wait_for_timeout(100)
            continue
        if size == 0:
            return 0
        page.wait_for_timeout(100)
    return size


def test_an_mcr_hand_in_the_south_round_with_a_penalty_on_a_phone(
    page: Any, competition_session: Session
) -> None:
    session = competition_session
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    assert "Hand 6 of 16 · South 南 round" in page.inner_text("#table-state")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    follow(page, "#add-hand")

    page.click("fieldset[data-field='winner'] label:has-text('B')")
    # Hand 6 under competition seating: B sits North (A and B swapped for the South round).
    assert page.input_value("select[name=seat_wind]") == "4z"
    assert page.input_value("select[name=prevailing_wind]") == "2z"
    page.click("label:has-text('Discard 點和')")
    page.locator("fieldset[data-field='blamed'] label").nth(0).click()  # A discarded
    page.fill("input[name=fan]", "8")
    assert not page.is_visible("input[name=penalty_2]")  # closed until needed
    page.click("details.penalties summary")
    page.fill("input[name=penalty_2]", "-10")
    page.press("input[name=penalty_2]", "Tab")  # a change event: the preview follows
    page.locator("#preview td", has_text="-18").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("details.penalties summary").bounding_box()
    assert box["height"] >= 44
    tap_save(page)

    saved_then_sheet(page, session.pk, 6)
    hand = Hand.objects.get(session=session, number=6)
    assert hand.input["penalties"] == [0, 0, -10, 0]
    assert "penalties: C −10" in page.inner_text("#hand-6 + tr.detail")


def test_the_header_takes_one_row_and_the_account_menu_opens(
    page: Any, session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/")
    header = page.locator("header.top").bounding_box()
    assert header["height"] <= 48  # one row of 44 px targets
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.click(".account-menu summary")
    page.click(".account-menu >> text=API tokens")
    page.wait_for_url("**/accounts/tokens/")
    page.click(".account-menu summary")
    page.click(".account-menu button:has-text('Sign out')")
    page.locator("text=Sign in").first.wait_for()


def test_the_api_docs_work_under_the_content_security_policy(page: Any, club: Any) -> None:
    page.goto("/api/v1/docs/")
    page.locator(".swagger-ui .info .title", has_text="Mahjong League API").wait_for()
    page.locator(".opblock-summary-path", has_text="/api/v1/hands/").first.wait_for()


def keep_on_the_phone(page: Any) -> str:
    """Save the hand form while offline, then come back online: the hand waits in the
    outbox; returns its entry id."""
    save_offline(page)
    page.context.set_offline(False)
    entry_id: str = page.evaluate("JSON.parse(localStorage.getItem('mahjong-league-outbox'))[0].id")
    return entry_id


def test_a_hand_kept_while_signed_out_is_recorded_once_after_signing_in(
    page: Any, session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('Draw 摸和')")
    service_worker_settled(page)
    page.route("**/hands/new/", lambda route: route.abort())  # no network for the hand yet
    entry_id = keep_on_the_phone(page)
    page.goto("/")
    page.click(".account-menu summary")
    page.click("button:has-text('Sign out')")
    # Signed out once the page has emptied the offline caches and posted (offline-app.js).
    page.locator("header a", has_text="Sign in").wait_for()
    page.wait_for_load_state()
    page.unroute("**/hands/new/")

    page.evaluate("window.mahjongOutbox.flush()")  # signed out: the sign-in page answers
    page.locator("#outbox", has_text="Sign in to send them").wait_for()
    assert page.evaluate("window.mahjongOutbox.pending()") == 1 and not Hand.objects.exists()

    sign_in(page, "bob")  # a new sign-in: the kept form's CSRF token is out of date
    page.locator("#outbox", has_text="Saved hands sent").wait_for()
    hand = Hand.objects.get()
    assert str(hand.client_id) == entry_id and hand.input == {"outcome": "draw"}
    assert outbox_size(page) == 0


def test_a_proxy_error_keeps_the_hand_for_later(page: Any, session: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('Draw 摸和')")
    service_worker_settled(page)
    page.route(
        "**/hands/new/",
        lambda route: (
            route.fulfill(status=502, body="<h1>Bad gateway</h1>", content_type="text/html")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    tap_save(page)
    page.locator("#outbox", has_text="could not take").wait_for()
    assert page.evaluate("window.mahjongOutbox.pending()") == 1 and not Hand.objects.exists()
    page.unroute("**/hands/new/")
    page.evaluate("window.mahjongOutbox.flush()")
    page.locator("#outbox", has_text="Saved hands sent").wait_for()
    assert Hand.objects.count() == 1 and page.evaluate("window.mahjongOutbox.pending()") == 0


def test_a_kept_hand_the_server_refuses_is_shown_fixed_and_sent(
    page: Any, session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('B')")
    page.click("label:has-text('Discard 打出')")
    page.locator("fieldset[data-field='blamed'] label").nth(2).click()  # C discarded
    page.fill("input[name=faan]", "")  # the server will refuse a win without its faan
    service_worker_settled(page)
    page.route("**/hands/new/", lambda route: route.abort())
    entry_id = keep_on_the_phone(page)
    page.unroute("**/hands/new/")

    page.evaluate("window.mahjongOutbox.flush()")
    refused = page.locator(f".outbox-refused[data-entry='{entry_id}']")
    refused.wait_for()
    assert "Enter the winner's faan." in refused.inner_text()
    assert page.evaluate("window.mahjongOutbox.pending()") == 0
    assert page.evaluate("window.mahjongOutbox.refused()") == 1

    refused.locator("a.outbox-fix").click()  # the hand comes back into the form
    page.locator("#outbox", has_text="back in the form").wait_for()
    assert page.input_value("input[name=client_id]") == entry_id
    assert page.is_checked("fieldset[data-field='winner'] input[value='1']")
    page.fill("input[name=faan]", "2")
    tap_save(page)
    page.wait_for_url("**/hands/new/?saved=*")
    hand = Hand.objects.get()
    assert str(hand.client_id) == entry_id
    assert hand.input == {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
    assert page.evaluate("window.mahjongOutbox.refused()") == 0


def test_a_send_asked_for_while_one_is_under_way_follows_it_at_once(
    page: Any, session: Session, bob: User
) -> None:
    """Back online, the outbox sends by itself; a send asked for before that try has failed
    (here: held, then cut) is made as soon as it has, not at the next retry, 15 s later."""
    save_a_draw_offline(page, session)
    held: list[Any] = []  # the first try, answered below; the others go to the server
    page.route("**/hands/new/", lambda route: route.continue_() if held else held.append(route))
    page.context.set_offline(False)  # the outbox's own try, held unanswered
    for _ in range(200):  # up to 10 s for that try to reach the route
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "back online, the outbox did not try to send"
    page.evaluate("window.mahjongOutbox.flush()")  # asked for while that try is under way
    held[0].abort()
    page.locator("#outbox", has_text="Saved hands sent").wait_for(timeout=10_000)
    assert Hand.objects.count() == 1 and page.evaluate("window.mahjongOutbox.pending()") == 0
