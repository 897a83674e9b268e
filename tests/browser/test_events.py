"""A riichi evening in real Chromium: the organiser sets it up and publishes round 1 on a
phone (375×812), a player's phone shows their table, wind and the clock and records at the
table, and the room's screen (1920×1080) shows the clock, then the standings; the phone and
the screen show the same time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services as core
from games.events import selectors
from games.events.models import Event, Round
from games.models import Club, Hand, Player, Season
from tests.browser.chromium import tap_save
from tests.browser.phone import (
    PHONE,
    REPORT_CSP_VIOLATIONS,
    follow,
    page,
    pytestmark,
    sign_in,
)
from tests.games.riichi_hanchan import HANDS

__all__ = ["page", "pytestmark"]

SCREEN = {"width": 1920, "height": 1080}


@pytest.fixture
def riichi(club: Club, alice: User) -> Season:
    rules = core.rule_set_create(
        club=club, name="EMA", family="riichi", params={"preset": "ema"}, by=alice
    )
    return core.season_save(club=club, name="Riichi", rule_set=rules)


@pytest.fixture
def sixteen(club: Club, bob: User) -> list[Player]:
    players = [core.player_create(club=club, name=f"Player {n:02}") for n in range(1, 17)]
    core.player_link_user(player=players[6], user=bob)
    return players


@pytest.fixture
def other_context(page: Any, live_server: Any) -> Iterator[Any]:
    """Another device: ``other_context(viewport)`` opens a page in a context of its own."""
    contexts: list[Any] = []

    def open_page(viewport: dict[str, int]) -> Any:
        context = page.context.browser.new_context(viewport=viewport, base_url=live_server.url)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def seconds_shown(device: Any) -> int:
    text = device.locator("[data-clock-time]").first.inner_text()
    minutes, seconds = text.split(":")[-2:]
    return int(minutes) * 60 + int(seconds)


def fits(device: Any, width: int) -> bool:
    return bool(device.evaluate("document.documentElement.scrollWidth") <= width)


def organiser_publishes_round_one(page: Any, riichi: Season) -> Event:
    sign_in(page, "alice")
    page.goto("/c/dragons/events/new/")
    page.fill("#id_name", "Riichi night")
    page.select_option("#id_season", str(riichi.pk))
    page.select_option("#id_rule_set", str(riichi.rule_set_id))
    page.fill("#id_rounds", "4")
    follow(page, "button.primary")
    for box in page.locator("input[name=players]").all():
        box.check()
    follow(page, "form[action$='/players/'] button.primary")
    page.select_option("#id_method", "fewest_meetings")
    follow(page, "button[name=preview]")
    assert "No pair meets twice." in page.inner_text(".seating-preview")
    assert fits(page, PHONE["width"])
    follow(page, "button[name=publish]")
    follow(page, "text=Start the clock")
    return Event.objects.get(name="Riichi night")


def test_a_riichi_night_from_seating_to_the_screen(
    page: Any, other_context: Any, riichi: Season, sixteen: list[Player], alice: User
) -> None:
    event = organiser_publishes_round_one(page, riichi)
    round_ = Round.objects.get(event=event, number=1)
    table = next(
        t for t in selectors.round_tables(round=round_) if "Player 07" in {s.name for s in t.seats}
    )
    wind = next(s.wind for s in table.seats if s.name == "Player 07").capitalize()

    phone = other_context(PHONE)
    sign_in(phone, "bob")
    seat = phone.locator(".cards li", has_text="Riichi night")
    assert f"Round 1 · Table {table.number} · you are {wind}" in seat.inner_text()
    phone.locator("[data-clock-time]", has_text=re.compile(r"^(89|90):")).wait_for()
    assert fits(phone, PHONE["width"])

    screen = other_context(SCREEN)
    screen.goto(f"/screen/{event.screen_token}/?seconds=3")
    screen.locator("[data-clock-time]", has_text=re.compile(r"^(89|90):")).wait_for()
    assert "Table 4" in screen.inner_text("[data-screen-page]:not([hidden])")
    # The same clock on the phone and on the screen, read at (almost) the same moment.
    assert abs(seconds_shown(phone) - seconds_shown(screen)) <= 1

    # Bob opens his table from his phone and records the first hand there; the table
    # plays the rest of its hanchan.
    follow(phone, "text=Open your table")
    follow(phone, "#add-hand")
    # East 1: the South seat declares riichi and wins 3 han 30 fu on the West seat's discard.
    south, west = table.seats[1].name, table.seats[2].name
    phone.click(f"fieldset[data-field='winner'] label:has-text('{south}')")
    phone.click("fieldset[data-field='how'] label:has-text('Ron')")
    phone.click(f"fieldset[data-field='blamed'] label:has-text('{west}')")
    phone.click("fieldset[data-field='han'] label:has(input[value='3'])")
    phone.click("fieldset[data-field='fu'] label:has(input[value='30'])")
    phone.click(f"fieldset[data-field='riichi'] label:has-text('{south}')")
    phone.locator("#preview table").wait_for()
    with phone.expect_navigation():
        tap_save(phone)
    assert Hand.objects.get(session=table.session).input == HANDS[0]
    for hand in HANDS[1:]:
        core.hand_record(session=table.session, hand_input=hand, by=alice)

    screen.locator("[data-screen-page]:not([hidden]) table.standings").wait_for(timeout=15000)
    standings = screen.inner_text("[data-screen-page]:not([hidden]) table.standings")
    assert all(seat.name in standings for seat in table.seats)
    assert fits(screen, SCREEN["width"])


def test_round_two_is_seated_swiss_with_a_substitute(
    page: Any, other_context: Any, riichi: Season, sixteen: list[Player], club: Club
) -> None:
    event = organiser_publishes_round_one(page, riichi)
    screen = other_context(SCREEN)
    screen.goto(f"/screen/{event.screen_token}/?seconds=60")
    assert "Round 1" in screen.inner_text("h1")

    core.player_create(club=club, name="Guest")
    follow(page, "text=Finish the round")
    page.reload()
    page.select_option("#id_player", label="Player 03")
    page.select_option("#id_substitute", label="Guest")
    page.fill("#id_from_round", "2")
    follow(page, "form[action$='/change/'] button")
    assert "for Player 03 from round 2" in page.inner_text("main")
    page.select_option("#id_method", "swiss")
    follow(page, "button[name=preview]")
    preview = page.inner_text(".seating-preview")
    assert "Guest" in preview and "Player 03" not in preview
    follow(page, "button[name=publish]")
    assert fits(page, PHONE["width"])

    second = Round.objects.get(event=event, number=2)
    seated = {s.name for t in selectors.round_tables(round=second) for s in t.seats}
    assert "Guest" in seated and "Player 03" not in seated
    # The screen moves on to the round just published by itself, at its next reading of the
    # clock: every 30 s, or at once when it is shown again (as here).
    screen.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    screen.locator("h1", has_text="Round 2").wait_for()
