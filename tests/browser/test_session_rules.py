"""An organiser at a phone-sized screen in real Chromium switches a classical session's
rules from the next hand, then re-scores the session under a corrected rules file."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.models import HandRevision, RuleSet, Session
from tests.browser.phone import PHONE, follow, page, pytestmark, sign_in
from tests.games import session_rules
from tests.games.session_rules import (
    CORRECTED_RULES,
    HOUSE_RULES,
    SEQUENCE,
    changes,
    new_version,
    record,
    rules,
)

__all__ = ["page", "pytestmark"]
house = session_rules.house
game = session_rules.game


def test_an_organiser_switches_then_rescores_on_a_phone(
    page: Any, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    sign_in(page, "alice")
    page.goto(f"/c/dragons/sessions/{game.pk}/")
    follow(page, "#change-rules")
    page.select_option("#id_version", "2")
    follow(page, "#preview-switch")
    assert page.inner_text("#rules-switch").startswith("From hand 5: House v2 — payment method 2")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    follow(page, "#confirm-switch")
    page.wait_for_url(f"**/sessions/{game.pk}/")
    assert "From hand 5: House v2" in page.inner_text("tr.rules-change")
    game.refresh_from_db()
    assert game.rule_set_version.number == 2

    record(game, SEQUENCE[4:6], alice)
    new_version(house, rules(CORRECTED_RULES, 2), alice)
    page.goto(f"/c/dragons/sessions/{game.pk}/")
    follow(page, "#rescore")
    page.select_option("#id_version", "3")
    follow(page, "#preview-rescore")
    assert page.locator("#rescore-preview tr.changed").count() == 5  # all but the draw
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.fill("#id_reason", "Mah-Jongg is 30")
    follow(page, "#confirm-rescore")
    page.wait_for_url(f"**/sessions/{game.pk}/")
    assert HandRevision.objects.filter(hand__session=game).count() == 5
    assert changes(game)[0] == [-52, -36, 124, -36]
    assert page.locator("tr.rules-change").count() == 0  # every hand under version 3 now


def test_rotate_turns_the_table_view_without_a_reload_on_a_phone(
    page: Any, game: Session, alice: User
) -> None:
    record(game, SEQUENCE[:2], alice)
    sign_in(page, "alice")
    page.goto(f"/c/dragons/sessions/{game.pk}/")
    assert "Keith started the round" in page.inner_text("#table-state")
    rows = "#table-state table.stakes tbody tr"
    assert page.locator(rows).evaluate_all("rows => rows.map(r => r.dataset.seat)") == [
        "0",
        "1",
        "2",
        "3",
    ]
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.click("#table-state a.rotate[data-seat='1']")
    order = page.locator(rows).evaluate_all("rows => rows.map(r => r.dataset.seat)")
    assert order == ["2", "3", "0", "1"] and requests == []
    assert page.url.endswith("?bottom=1#table-state")
    box = page.locator("#table-state a.rotate").first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
