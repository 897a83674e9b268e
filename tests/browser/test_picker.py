"""The picker, one for every family, on a phone-sized screen in real Chromium: nine tiles a
row, a palette that stays put, four copies of a tile at most, Undo (of a tap and of Clear),
the summary bar at the bottom, the points-or-tiles choice remembered, and the classical set
picker as a compact grid."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Hand, Session
from tests.browser.chromium import settle, tap_save
from tests.browser.phone import (
    PHONE,
    page,
    pytestmark,
    save_offline,
    saved_then_sheet,
    sign_in,
    table,
)

__all__ = ["page", "pytestmark", "table"]

# A Zung Jung hand: 123m 456p 789s 99s in hand, the winning tile 3m last, a pung of 白 declared.
HAND = ["1m", "2m", "4p", "5p", "6p", "7s", "8s", "9s", "9s", "9s", "3m"]


def open_tiles(page: Any, session: Session) -> None:
    """A new hand won by C off A's discard, to be entered by its tiles."""
    page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
    page.click("label:has-text('C')")
    page.click("label:has-text('Discard 食出銃')")
    page.locator("fieldset[data-field='blamed'] label").nth(0).click()
    page.click("label:has-text('Enter the tiles')")


def tap(page: Any, *codes: str) -> None:
    for code in codes:
        page.click(f".picker-palette [data-code='{code}']")


def top(page: Any, selector: str) -> float:
    """Where an element is on the page (not on the screen: scrolling does not change it)."""
    return float(
        page.locator(selector).evaluate("n => n.getBoundingClientRect().top + window.scrollY")
    )


def concealed(page: Any) -> str:
    return str(page.input_value("input[name=concealed]"))


def test_the_palette_has_nine_tiles_a_row_at_phone_width(page: Any, zj_session: Session) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    for suit in "mps":
        one = page.locator(f".picker-palette [data-code='1{suit}']").bounding_box()
        nine = page.locator(f".picker-palette [data-code='9{suit}']").bounding_box()
        assert one["y"] == nine["y"], suit  # 1 to 9 of a suit on one row
        assert nine["x"] > one["x"] and nine["x"] + nine["width"] <= PHONE["width"]
        # A thumb's target: 48 px tall, as wide as nine a row allow.
        assert one["height"] >= 44 and one["width"] >= 32
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_palette_does_not_move_as_tiles_are_added(page: Any, zj_session: Session) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    corners = ".picker-palette [data-code='1m']", ".picker-palette [data-code='8f']"
    before = [top(page, corner) for corner in corners]
    page.click("[data-mode='pung']")
    tap(page, "5z")
    page.click("[data-mode='concealed']")
    tap(page, *HAND)
    tap(page, "1f", "1f")  # a flower, then the same flower refused: a message is shown
    page.locator(".picker-message", has_text="only one").wait_for()
    page.locator("#preview .evaluation-result h3").wait_for()
    assert page.locator(".picker-concealed .tile").count() == 11
    assert [top(page, corner) for corner in corners] == before


def test_a_fifth_copy_of_a_tile_is_refused(page: Any, zj_session: Session) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    tap(page, "5p", "5p", "5p", "5p")
    assert concealed(page) == "5555p"
    assert page.inner_text(".picker-message") == ""
    tap(page, "5p")
    assert concealed(page) == "5555p"
    message = page.locator(".picker-bar [role=alert]")
    assert message.is_visible() and "only four 5筒" in message.inner_text()
    # A set counts its tiles too: a chow with a fifth 5p is refused, one without is not.
    page.click("[data-mode='chow']")
    tap(page, "3p")
    assert page.input_value("input[name=melds]") == ""
    tap(page, "6p")
    assert page.input_value("input[name=melds]") == "678p"
    assert page.inner_text(".picker-message") == ""  # a tap that counts clears the message


def test_undo_takes_back_the_last_tap_and_clear(page: Any, zj_session: Session) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    undo = page.locator("[data-tile-picker] [data-picker-undo]")
    assert undo.is_disabled()  # nothing to undo yet
    tap(page, "1m", "2m", "3m")
    undo.click()
    assert concealed(page) == "12m"
    page.click("[data-mode='pung']")
    tap(page, "7z")
    page.locator(".picker-concealed .tile", has_text="1萬").click()  # a tile taken out is a tap
    assert concealed(page) == "2m" and page.input_value("input[name=melds]") == "777z"
    page.click("[data-tile-picker] [data-picker-clear]")
    assert concealed(page) == "" and page.input_value("input[name=melds]") == ""
    undo.click()  # Clear undone: the hand as it was
    assert concealed(page) == "2m" and page.input_value("input[name=melds]") == "777z"
    undo.click()  # the tile taken out is back
    assert concealed(page) == "12m" and page.input_value("input[name=melds]") == "777z"
    assert page.input_value("input[name=winning_tile]") == "2m"
    undo.click()  # the pung
    assert concealed(page) == "12m" and page.input_value("input[name=melds]") == ""
    undo.click()
    undo.click()
    assert concealed(page) == "" and undo.is_disabled()


def test_the_summary_bar_stays_at_the_bottom_with_the_count_total_and_payments(
    page: Any, zj_session: Session
) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    page.click("[data-mode='pung']")
    tap(page, "5z")
    page.click("[data-mode='concealed']")
    tap(page, *HAND)
    total = page.locator("#preview .evaluation-result h3")
    total.wait_for()
    bar = page.locator(".picker-bar")
    page.locator(".picker-palette").scroll_into_view_if_needed()
    box = bar.bounding_box()
    assert box["y"] + box["height"] == PHONE["height"]  # on screen, at its bottom edge
    assert page.inner_text(".picker-count") == "14 tiles"
    assert page.inner_text(".picker-total") == total.inner_text()  # e.g. "15 points"
    payments = page.locator(".picker-payments .payment").all_inner_texts()
    preview = page.locator("#preview .preview-table tr").all_inner_texts()
    assert [p.split() for p in payments] == [row.split() for row in preview]
    assert any(p.startswith("C +") for p in payments)
    # Typing the points instead: no picker, no bar.
    page.click("label:has-text('Type the points')")
    assert not bar.is_visible()


def test_points_or_tiles_is_remembered_from_one_hand_form_to_the_next(
    page: Any, zj_session: Session, competition_session: Session, bob: User
) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)  # the member chooses the tiles once
    page.goto(f"/c/dragons/sessions/{competition_session.pk}/hands/new/")  # an MCR table
    assert page.is_checked("input[name=value_mode][value=tiles]")
    page.click("label:has-text('A')")
    assert page.locator("[data-tile-picker] .picker-palette").is_visible()  # not asked again
    page.click("label:has-text('Type the fan')")
    page.goto(f"/c/dragons/sessions/{zj_session.pk}/hands/new/")
    assert page.is_checked("input[name=value_mode][value=points]")
    page.click("label:has-text('C')")
    page.click("label:has-text('Enter the tiles')")
    # An amendment shows the hand as it was entered, whatever the phone remembers.
    hand, _ = services.hand_record(
        session=zj_session, hand_input={"outcome": "self_drawn", "winner": 2, "points": 10}, by=bob
    )
    page.goto(f"/c/dragons/hands/{hand.pk}/edit/")
    assert page.is_checked("input[name=value_mode][value=points]")
    assert page.input_value("input[name=points]") == "10"


def test_the_classical_set_picker_is_a_compact_grid_on_a_phone(
    page: Any, table: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{table.pk}/hands/new/")
    page.click("fieldset[data-field='mahjong'] label:has-text('B')")
    page.click("fieldset[data-field='discarder'] label:has-text('Discarded by C')")
    winner = page.locator("fieldset.player[data-seat='1']")
    winner.locator("[data-add-sets]").click()
    picker = page.locator(".set-picker")
    assert picker.bounding_box()["height"] < 600  # it was one column 2,400 px tall
    one, nine = (picker.locator(f"[data-code='{n}s']").bounding_box() for n in (1, 9))
    assert one["y"] == nine["y"] and one["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    palette = ".set-picker [data-code='1m']"
    before = top(page, palette)
    page.click("[data-kind='pung']")
    tap(page, "7z")
    page.click("[data-kind='chow']")
    tap(page, "1s", "8s")  # a chow from 8 does not exist: refused with a reason
    assert "starts at 1 to 7" in page.inner_text(".picker-message")
    assert page.input_value("input[name=sets_1]") == "777z 123s"
    assert top(page, palette) == before  # the sets show below the palette
    assert page.inner_text(".picker-count") == "B: 2 sets"
    winner.locator("[data-total]", has_text="28").wait_for()
    page.locator(".picker-total", has_text="28").wait_for()

    # C's turn: a kong of 中 would be a fifth 中 at the table; Undo and Clear work per tap.
    page.locator("fieldset.player[data-seat='2'] [data-add-sets]").click()
    page.click("[data-kind='kong']")
    tap(page, "7z")
    assert "only four 中" in page.inner_text(".picker-message")
    page.click("[data-how='-']")
    tap(page, "4m")
    assert page.input_value("input[name=sets_2]") == "-4444m"
    # Each change asks for a live preview, whose answer reflows the players' lists: let it
    # land before a click, so that the button is where the click goes.
    settle(page)
    page.click(".set-picker [data-picker-clear]")
    assert page.input_value("input[name=sets_2]") == ""
    settle(page)
    page.click(".set-picker [data-picker-undo]")
    assert page.input_value("input[name=sets_2]") == "-4444m"
    tap_save(page)

    saved_then_sheet(page, table.pk, 1)
    hand = Hand.objects.get()
    assert hand.input["mahjong"] == 1 and hand.input["discarder"] == 2
    assert hand.input["players"][1]["sets"] == ["777z", "123s"]
    assert hand.input["players"][2]["sets"] == ["-4444m"]


def test_a_hand_kept_offline_leaves_an_empty_picker_for_the_next(
    page: Any, zj_session: Session
) -> None:
    sign_in(page, "bob")
    open_tiles(page, zj_session)
    page.click("[data-mode='pung']")
    tap(page, "5z")
    page.click("[data-mode='concealed']")
    tap(page, *HAND)
    page.locator("#preview .evaluation-result h3").wait_for()
    save_offline(page)
    assert page.evaluate("window.mahjongOutbox.pending()") == 1
    # The next hand: no tiles, nothing to undo, and still entered by its tiles.
    page.wait_for_function("!document.querySelector('.picker-concealed .tile')")
    assert concealed(page) == "" and page.input_value("input[name=melds]") == ""
    assert page.locator("[data-tile-picker] [data-picker-undo]").is_disabled()
    assert page.is_checked("input[name=value_mode][value=tiles]")
    page.context.set_offline(False)
