"""Riichi on a phone (375×812): a member records hands of a hanchan, typed and from the
tile picker (one for each winner of a double ron), and the score sheet shows the running
points and the sticks on the table."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Hand, Player, Session
from tests.browser.axe import AXE, violations
from tests.browser.chromium import settle, tap_save
from tests.browser.phone import PHONE, follow, page, pytestmark, sign_in

__all__ = ["page", "pytestmark"]

TSUMO_TILES = ["2m", "3m", "4m", "2p", "2p", "4p", "5p", "6p", "3s", "4s", "6s", "7s", "8s", "5s"]


@pytest.fixture
def hanchan(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(
        club=club, name="EMA", family="riichi", params={"preset": "ema"}, by=alice
    )
    season = services.season_save(club=club, name="Riichi", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )


def choose(page: Any, field: str, label: str) -> None:
    page.click(f"fieldset[data-field='{field}'] label:has-text('{label}')")


def pick(page: Any, field: str, value: str) -> None:
    """Tap the choice of ``field`` whose value is ``value`` (a han or fu of the grids)."""
    page.click(f"fieldset[data-field='{field}'] label:has(input[value='{value}'])")


def more(page: Any) -> None:
    """Open "More" (a limit, yaku, pao, double ron)."""
    if page.get_attribute("details[data-field='more']", "open") is None:
        page.click("details[data-field='more'] > summary")


def tap(page: Any, winner: str, codes: list[str]) -> None:
    """Tap tiles into the picker of the ``winner`` (second, third) of a double ron."""
    palette = page.locator(f".other-winner[data-winner='{winner}'] .picker-palette")
    for code in codes:
        palette.locator(f"[data-code='{code}']").click()


def save(page: Any, place: int) -> None:
    with page.expect_navigation():
        tap_save(page)
    assert f"Hand {place} saved ✓" in page.inner_text("#saved-hand")


def test_a_member_records_a_hanchan_on_a_phone(page: Any, hanchan: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/")
    assert "East 1, 0 honba" in page.inner_text("#table-state")
    follow(page, "#add-hand")  # the form's script has run: only the questions that apply

    # East 1: B declares riichi and wins 3 han 30 fu on C's discard.
    choose(page, "winner", "B")
    assert not page.locator("fieldset[data-field='tenpai']").is_visible()
    choose(page, "how", "Ron")
    choose(page, "blamed", "C")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    choose(page, "riichi", "B")
    page.locator("#preview table").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)

    # East 2: a draw; A declared riichi and is alone tenpai.
    choose(page, "winner", "Exhaustive draw")
    assert not page.locator("fieldset[data-field='how']").is_visible()
    choose(page, "tenpai", "A")
    choose(page, "riichi", "A")
    save(page, 2)

    # East 3, 1 honba: D wins by tsumo, the tiles tapped in with the picker.
    choose(page, "winner", "D")
    choose(page, "how", "Tsumo")
    choose(page, "value_mode", "Enter the tiles")
    for code in TSUMO_TILES:  # the last tap is the winning tile
        page.click(f".picker-palette [data-code='{code}']")
    assert page.input_value("input[name=concealed]") == "234m22456p345678s"
    page.locator("#preview .evaluation-result").wait_for()
    assert "3 han" in page.inner_text("#preview .evaluation-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 3)

    page.goto(f"/c/dragons/sessions/{hanchan.pk}/")
    hands = list(Hand.objects.order_by("number"))
    assert [h.input["outcome"] for h in hands] == ["ron", "draw", "tsumo"]
    # D (South at East 3) takes 700 + 100 from each non-dealer, 1,300 + 100 from the
    # dealer C, and A's riichi stick.
    assert [int(s.points) for s in hands[2].scores.order_by("seat")] == [-800, -800, -1400, 4000]
    table = page.inner_text("#table-state")
    assert "East 4, 0 honba" in table and "Riichi sticks on the table: 0" in table
    assert "31200" in table  # A: 30,000 + 2,000 at the draw − 800 for D's tsumo
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_double_ron_is_entered_on_a_phone(page: Any, hanchan: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/hands/new/")
    others = page.locator("fieldset[data-field='other_winners']")
    choose(page, "winner", "B")
    choose(page, "how", "Tsumo")
    assert not others.is_visible()  # only a ron has more winners
    choose(page, "how", "Ron")
    choose(page, "blamed", "C")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    assert not others.is_visible()  # behind "More"
    more(page)
    assert others.is_visible()
    more(page)
    page.select_option("select[name=second_winner]", "3")
    page.select_option("select[name=second_limit]", "mangan")
    page.locator("#preview table").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)
    hand = Hand.objects.get(session=hanchan)
    assert [int(s.points) for s in hand.scores.order_by("seat")] == [0, 3900, -11900, 8000]
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/")
    assert "D ron mangan off C" in page.inner_text("body")


def test_the_calculator_asks_for_riichi_and_dora_under_riichi_rules(page: Any) -> None:
    page.goto("/calculator/")
    extras = page.locator("fieldset[data-family='riichi']")
    page.select_option("select[name=rules]", "zung_jung:seed")
    assert not extras.is_visible()
    page.select_option("select[name=rules]", "riichi:ema")
    assert extras.is_visible()
    for code in TSUMO_TILES:  # the last tap is the winning tile
        page.click(f".picker-palette [data-code='{code}']")
    page.check("input[name=riichi]")
    page.fill("input[name=dora_indicators]", "1m")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The typing above asks for live previews: let them answer before the form is sent (a
    # click during one once left the navigation unseen for 30 s on PostgreSQL in CI).
    settle(page)
    with page.expect_navigation():
        page.click("button.primary.big")
    # On a discard: riichi, pinfu, tanyao and dora 2m, 4 han 30 fu.
    assert "4 han · 30 fu" in page.inner_text("#preview")
    assert "Riichi" in page.inner_text("#preview")


@pytest.fixture
def club_hanchan(club: Club, players: list[Player], alice: User) -> Session:
    rules = services.rule_set_create(
        club=club, name="Club", family="riichi", params={"preset": "club"}, by=alice
    )
    season = services.season_save(club=club, name="Club riichi", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 2), players=players, by=alice
    )


def test_abortive_draws_nagashi_pao_and_a_second_winners_tiles_on_a_phone(
    page: Any, club_hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    url = f"/c/dragons/sessions/{club_hanchan.pk}/hands/new/"
    page.goto(url)
    liable = page.locator("fieldset[data-field='liable']")
    abortive = page.locator("fieldset[data-field='abortive']")
    nagashi = page.locator("fieldset[data-field='nagashi']")

    # East 1: four riichi, an abortive draw.
    choose(page, "winner", "Exhaustive draw")
    assert abortive.is_visible() and nagashi.is_visible() and not liable.is_visible()
    page.check("input[name=abortive]")
    for seat in "ABCD":
        choose(page, "riichi", seat)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)

    # East 1, 1 honba: B's nagashi mangan.
    choose(page, "winner", "Exhaustive draw")
    choose(page, "nagashi", "B")
    save(page, 2)

    # East 2, 2 honba: A ron 3 han 30 fu and the dealer B from their tiles (pinfu, tanyao:
    # 2 han 30 fu), both on D's discard (club: double ron); A, nearest D, takes the sticks.
    choose(page, "winner", "A")
    more(page)
    assert liable.is_visible() and not abortive.is_visible()
    choose(page, "how", "Ron")
    choose(page, "blamed", "D")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    more(page)
    page.select_option("select[name=second_winner]", "1")
    page.click("fieldset[data-field='other_winners'] summary >> nth=0")
    tap(page, "second", TSUMO_TILES)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 3)

    # East 2, 3 honba: C tsumo daisangen, D liable; D falls below zero and the game ends.
    choose(page, "winner", "C")
    choose(page, "how", "Tsumo")
    more(page)
    page.select_option("select[name=limit]", "yakuman")
    page.select_option("select[name=liable]", "3")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    with page.expect_navigation():
        tap_save(page)

    hands = list(Hand.objects.filter(session=club_hanchan).order_by("number"))
    assert [h.input["outcome"] for h in hands] == ["abortive", "draw", "ron", "tsumo"]
    assert [[int(s.points) for s in h.scores.order_by("seat")] for h in hands] == [
        [-1000, -1000, -1000, -1000],
        [-4000, 8000, -2000, -2000],
        [8500, 2900, 0, -7400],
        [0, 0, 32900, -32900],
    ]
    assert hands[2].input["wins"][1]["hand"]["concealed"] == "234m22456p345678s"
    page.goto(f"/c/dragons/sessions/{club_hanchan.pk}/")
    body = page.inner_text("body")
    assert "Abortive draw" in body and "D liable (pao)" in body
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_second_winners_liable_player_is_chosen_on_a_phone(
    page: Any, club_hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{club_hanchan.pk}/hands/new/")
    choose(page, "winner", "A")
    choose(page, "how", "Ron")
    choose(page, "blamed", "D")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    more(page)
    page.select_option("select[name=second_winner]", "1")
    page.select_option("select[name=second_limit]", "haneman")
    page.select_option("select[name=second_liable]", "2")
    tap_save(page)
    # Refused beside the second winner's liable player, the rest of the entry kept.
    error = page.locator(".other-winner[data-winner='second'] .errorlist")
    error.wait_for()
    assert "Second winner: liability (pao) is for a yakuman" in error.inner_text()
    assert page.input_value("select[name=second_liable]") == "2"
    page.select_option("select[name=second_limit]", "yakuman")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)
    hand = Hand.objects.get(session=club_hanchan)
    assert hand.input["wins"][1] == {"winner": 1, "yakuman": 1, "liable": 2}
    assert [int(s.points) for s in hand.scores.order_by("seat")] == [5800, 32000, -16000, -21800]


def test_a_double_ron_is_recorded_from_both_winners_tiles_on_a_phone(
    page: Any, hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/hands/new/")
    # B, in riichi, and D both ron C's discard, each hand tapped in with its own picker.
    choose(page, "winner", "B")
    choose(page, "how", "Ron")
    choose(page, "blamed", "C")
    choose(page, "value_mode", "Enter the tiles")
    first = page.locator("fieldset[data-field='tiles'] .picker-palette")
    for code in TSUMO_TILES:  # the last tap is the winning tile
        first.locator(f"[data-code='{code}']").click()
    choose(page, "riichi", "B")
    more(page)
    page.select_option("select[name=second_winner]", "3")
    second = page.locator(".other-winner[data-winner='second']")
    assert not second.locator("[data-tile-picker]").is_visible()  # until their tiles are asked for
    second.locator("summary").click()
    second.locator("[data-mode='pung']").click()
    tap(page, "second", ["5z"])  # a called pung of white dragons
    second.locator("[data-mode='concealed']").click()
    tap(page, "second", ["5m", "6m", "7m", "6m", "7m", "5p", "6p", "7p", "3s", "3s", "8m"])
    assert "14 tiles" in second.locator(".picker-count").inner_text()
    assert second.locator(".picker-concealed .tile.winning").get_attribute("data-code") == "8m"
    values = [
        page.input_value(f"input[name=second_{name}]")
        for name in ("concealed", "melds", "winning_tile")
    ]
    assert values == ["566778m567p33s", "555z", "8m"]
    # the first winner's picker kept its own tiles
    assert page.input_value("input[name=concealed]") == "234m22456p345678s"
    second.locator("[data-picker-undo]").click()  # takes back the 8m alone
    assert page.input_value("input[name=second_concealed]") == "56677m567p33s"
    tap(page, "second", ["8m"])
    page.locator("#preview table").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)

    hand = Hand.objects.get(session=hanchan)
    assert hand.input["wins"][1] == {
        "winner": 3,
        "hand": {
            "concealed": "566778m567p33s",
            "melds": [{"type": "pung", "tiles": "555z", "concealed": False}],
            "winning_tile": "8m",
        },
    }
    # B: riichi, pinfu, tanyao, 3 han 30 fu, 3,900 less the stick; D: white dragons, 1 han
    # 30 fu, 1,000, and the stick as the winner nearest the discarder.
    assert [int(s.points) for s in hand.scores.order_by("seat")] == [0, 2900, -4900, 2000]


def test_a_typed_riichi_ron_fits_one_phone_screen(page: Any, hanchan: Session, bob: User) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/hands/new/")
    # What typing the value ignores is hidden; a limit, yaku, pao and double ron wait in "More".
    assert not page.locator("input[name=dora_indicators]").is_visible()
    choose(page, "riichi", "B")
    choose(page, "winner", "B")
    choose(page, "how", "Ron")
    choose(page, "blamed", "C")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    page.locator("#preview table").wait_for()
    assert not page.locator("input[name=dora_indicators]").is_visible()
    assert not page.locator("select[name=second_winner]").is_visible()
    assert page.is_visible("details[data-field='more'] > summary")
    # Nothing scrolled: every tap was on the first screen, and so is Save.
    assert page.evaluate("window.scrollY") == 0
    box = page.locator("#save-hand").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "+3900" in page.inner_text("#preview")  # 3,900; B takes back their own stick
    save(page, 1)
    hand = Hand.objects.get(session=hanchan)
    assert hand.input == {
        "outcome": "ron",
        "wins": [{"winner": 1, "han": 3, "fu": 30}],
        "discarder": 2,
        "riichi": [1],
    }


def test_the_riichi_picker_has_red_fives_and_no_flowers(
    page: Any, club_hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{club_hanchan.pk}/hands/new/")
    choose(page, "winner", "D")
    choose(page, "how", "Tsumo")
    choose(page, "value_mode", "Enter the tiles")
    palette = page.locator("fieldset[data-field='tiles'] .picker-palette")
    assert palette.locator("[data-code='1f']").count() == 0  # riichi plays no flowers
    assert palette.locator(".palette-row").count() == 5  # 萬 筒 索, honours, red fives
    red = palette.locator("[data-code='0p']")
    assert red.get_attribute("aria-label") == "red 5筒 (0p)"
    # The same hand as the tsumo of the EMA hanchan, its 5p the red one.
    for code in ["0p" if code == "5p" else code for code in TSUMO_TILES]:
        palette.locator(f"[data-code='{code}']").click()
    assert page.input_value("input[name=concealed]") == "234m22406p345678s"
    red.click()  # one red 5p in the set
    assert "only one red 5筒" in page.inner_text(".picker-bar:not(.picker-inline)")
    page.locator("#preview .evaluation-result").wait_for()
    assert "Red five" in page.inner_text("#preview .evaluation-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save(page, 1)
    hand = Hand.objects.get(session=club_hanchan)
    assert hand.input["wins"][0]["hand"]["concealed"] == "234m22406p345678s"


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
def test_the_riichi_form_passes_axe_in_light_and_dark(
    page: Any, club_hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{club_hanchan.pk}/hands/new/")
    choose(page, "riichi", "B")
    choose(page, "winner", "B")
    choose(page, "how", "Ron")
    choose(page, "blamed", "C")
    pick(page, "han", "3")
    pick(page, "fu", "30")
    more(page)
    page.locator("#preview table").wait_for()
    assert violations(page) == []
    choose(page, "value_mode", "Enter the tiles")  # the picker, its red fives and dora
    page.click("fieldset[data-field='tiles'] [data-code='0p']")
    assert violations(page) == []


def test_the_chombos_cost_shows_once_chombo_is_chosen(
    page: Any, hanchan: Session, bob: User
) -> None:
    sign_in(page, "bob")
    page.goto(f"/c/dragons/sessions/{hanchan.pk}/hands/new/")
    cost = page.locator("#chombo-cost")
    assert not cost.is_visible()
    choose(page, "winner", "B")
    assert not cost.is_visible()
    choose(page, "winner", "Chombo")
    assert cost.inner_text() == "Under these rules a chombo costs 20,000 off the final score."
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
