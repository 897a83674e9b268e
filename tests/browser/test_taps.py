"""Taps per hand at the table (issue 36): each family's usual hand recorded on a 375×812 phone
in real Chromium, every tap counted, Save included. The user guide states these counts
(docs/user-guide.md, "Taps per hand"): a Hong Kong win in 5, a typed riichi ron in 6."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, Hand, Player, Session
from scoring.families import get_family
from tests.browser.chromium import settle
from tests.browser.phone import page, pytestmark, sign_in

__all__ = ["page", "pytestmark"]


class Taps:
    """A finger on the page: each tap counted, and each digit typed into a box."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.digits = 0

    def on(self, selector: str) -> None:
        self.taps += 1
        self.page.locator(selector).first.click()

    def choose(self, field: str, label: str) -> None:
        self.on(f"fieldset[data-field='{field}'] label:has-text('{label}')")

    def value(self, field: str, value: int) -> None:
        """The usual value's button under the faan, fan or points box."""
        self.on(f"fieldset[data-field='{field}'] .quick-values button[data-value='{value}']")

    def type(self, selector: str, text: str) -> None:
        self.taps += 1  # into the box
        self.page.locator(selector).click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        self.digits += len(text)

    def save(self) -> None:
        # The preview of the last tap answered first (the server is not asked twice at once).
        settle(self.page)
        with self.page.expect_navigation():
            self.on("#save-hand")
        assert "Hand 1 saved ✓" in self.page.inner_text("#saved-hand")


def table(club: Club, players: list[Player], by: User, family: str) -> Session:
    """A session under the family's demo rules (the rules a new club is shown)."""
    demo = get_family(family).demo
    assert demo is not None
    rules = services.rule_set_create(
        club=club, name=demo.rules_name, family=family, params=demo.params, by=by
    )
    season = services.season_save(club=club, name=family, rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=by
    )


@pytest.fixture
def start(page: Any, club: Club, players: list[Player], alice: User, bob: User) -> Any:
    def open_form(family: str) -> tuple[Taps, Session]:
        session = table(club, players, alice, family)
        sign_in(page, "bob")
        page.goto(f"/c/dragons/sessions/{session.pk}/hands/new/")
        return Taps(page), session

    return open_form


def test_a_hong_kong_win_off_a_discard_takes_5_taps(start: Any) -> None:
    finger, session = start("hk")
    finger.choose("winner", "B")
    finger.choose("how", "Discard")
    finger.choose("blamed", "C")
    finger.value("faan", 3)
    finger.save()
    assert (finger.taps, finger.digits) == (5, 0)
    hand = Hand.objects.get(session=session)
    assert hand.input == {"outcome": "discard", "winner": 1, "faan": 3, "blamed": 2}


def test_a_typed_riichi_ron_takes_6_taps(start: Any) -> None:
    finger, session = start("riichi")
    finger.choose("winner", "B")
    finger.choose("how", "Ron")
    finger.choose("blamed", "C")
    finger.on("fieldset[data-field='han'] label:has(input[value='3'])")
    finger.on("fieldset[data-field='fu'] label:has(input[value='30'])")
    finger.save()
    assert (finger.taps, finger.digits) == (6, 0)
    hand = Hand.objects.get(session=session)
    assert hand.input["wins"] == [{"winner": 1, "han": 3, "fu": 30}]


def test_a_typed_mcr_win_off_a_discard_takes_5_taps(start: Any) -> None:
    finger, session = start("mcr")
    finger.choose("winner", "B")
    finger.choose("how", "Discard")
    finger.choose("blamed", "C")
    finger.value("fan", 8)
    finger.save()
    assert (finger.taps, finger.digits) == (5, 0)
    hand = Hand.objects.get(session=session)
    assert (hand.input["winner"], hand.input["fan"]) == (1, 8)


def test_a_typed_zung_jung_win_off_a_discard_takes_5_taps(start: Any) -> None:
    finger, session = start("zung_jung")
    finger.choose("winner", "B")
    finger.choose("how", "Discard")
    finger.choose("blamed", "C")
    finger.value("points", 25)
    finger.save()
    assert (finger.taps, finger.digits) == (5, 0)
    hand = Hand.objects.get(session=session)
    assert (hand.input["winner"], hand.input["points"]) == (1, 25)


def test_a_big_two_game_takes_a_box_a_player_and_save(start: Any) -> None:
    finger, session = start("big_two")
    for seat, cards in enumerate(["3", "0", "7", "12"]):
        finger.type(f"input[name='cards_{seat}']", cards)
    finger.save()
    assert (finger.taps, finger.digits) == (5, 5)
    hand = Hand.objects.get(session=session)
    assert hand.input["losses"] == [3, 0, 7, 12]
