"""The look of the pages on a 375 px phone: the top bar takes one row in every language, and
the small links (the 🀄 home link, the players' names heading a score sheet) are targets of
at least 44 × 44 px."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games.management.commands.seed_demo import DEMO_PASSWORD
from games.models import Session
from tests.browser.phone import choose_language, follow, page, pytestmark

__all__ = ["page", "pytestmark"]

ROW = 48  # one row of 44 px targets, with room for rounding


@pytest.fixture
def organiser_page(page: Any) -> Any:
    call_command("seed_demo", stdout=StringIO())
    page.goto("/accounts/login/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", DEMO_PASSWORD)
    follow(page, "button.primary")
    return page


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        """nodes => nodes.filter(n => n.offsetParent !== null).map(n => {
            const box = n.getBoundingClientRect();
            return {top: box.top, width: box.width, height: box.height};
        })""",
    )
    return found


@pytest.mark.parametrize("language", ["English", "繁體中文", "简体中文"])
def test_the_top_bar_is_one_row_with_the_club_name_whole(
    organiser_page: Any, language: str
) -> None:
    page = organiser_page
    page.goto("/c/jade-dragon/")
    choose_language(page, language)
    assert page.locator("header.top").bounding_box()["height"] <= ROW
    tops = {round(box["top"]) for box in boxes(page, "header.top > *")}
    assert len(tops) == 1, tops
    club = page.locator("header.top .club-link")
    assert club.inner_text() == "Jade Dragon Club"
    assert club.evaluate("n => n.scrollWidth <= n.clientWidth"), "the club's name is cut"


def test_the_top_bar_and_the_sheet_names_are_big_targets(organiser_page: Any) -> None:
    page = organiser_page
    session = Session.objects.filter(club__slug="jade-dragon", status="open").first()
    assert session is not None
    page.goto(f"/c/jade-dragon/sessions/{session.pk}/")
    targets = boxes(page, "header.top a, header.top summary, table.sheet thead a")
    assert len(targets) >= 7  # home, calculator, club, account, language, four players
    small = [box for box in targets if box["width"] < 44 or box["height"] < 44]
    assert small == []
