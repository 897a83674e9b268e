"""Every page a member or an organiser reaches, at 375 px in real Chromium, in the light and
the dark colour scheme, passes axe-core's WCAG 2.2 A and AA rules (no moderate, serious or
critical violation) and never scrolls sideways. The pages are found as a person finds them:
by following links from the club."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games.management.commands.seed_demo import DEMO_PASSWORD
from games.models import Session
from tests.browser.axe import (
    AXE,
    BACKGROUNDS,
    problems,
)
from tests.browser.phone import follow, page, pytestmark

__all__ = ["page", "pytestmark"]

# Files and images, not pages; and the API's pages, drf-spectacular's own Swagger UI (its
# one finding, no language on <html>, is in that package's template).
NOT_PAGES = re.compile(r"\.(txt|csv|tsv|svg|json|jsonl|pmn)$|/charts?/|/download/$|^/api/")


def shape(path: str) -> str:
    """One page per route: /c/x/sessions/12/ and /c/x/sessions/13/ are the same page."""
    return re.sub(r"/\d+/", "/N/", path)


def links(page: Any) -> set[str]:
    found = page.eval_on_selector_all(
        "a[href^='/']", "links => links.map(link => link.getAttribute('href'))"
    )
    return {href.split("#")[0] for href in found if not NOT_PAGES.search(href.split("?")[0])}


def crawl(page: Any, start: list[str], depth: int) -> dict[str, list[str]]:
    """The pages reached from ``start`` by following links, one per route, each with what
    is wrong with it (checked while it is open)."""
    seen: dict[str, tuple[str, list[str]]] = {}  # by route: the page and its problems
    frontier = list(start)
    for _ in range(depth + 1):
        following = []
        for path in frontier:
            if shape(path) in seen or "/accounts/logout" in path:
                continue
            page.goto(path)
            following += sorted(links(page))
            seen[shape(path)] = (path, problems(page))
        frontier = following
    return dict(seen.values())


def every_page_passes_axe_and_fits_a_phone(page: Any, who: str) -> None:
    call_command("seed_demo", stdout=StringIO())
    page.goto("/accounts/login/")
    # The pages are shown in the scheme asked for.
    for scheme, background in BACKGROUNDS.items():
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
    page.fill("#id_username", who)
    page.fill("#id_password", DEMO_PASSWORD)
    follow(page, "button.primary")
    # An open table of every family with hands, so that the hand forms are reached too.
    open_sessions = Session.objects.filter(club__slug="jade-dragon", status="open")
    start = ["/", "/c/jade-dragon/", "/calculator/", "/accounts/tokens/"]
    start += [f"/c/jade-dragon/sessions/{s.pk}/" for s in open_sessions]
    pages = crawl(page, start, depth=2)
    # The crawl reached the club's pages and a hand form with its tile picker.
    assert len(pages) >= 12 and any(path.endswith("/hands/new/") for path in pages), pages
    assert {path: found for path, found in pages.items() if found} == {}


# One class each, so that pytest-xdist (``--dist loadscope``) may run the two crawls at once.
@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
class TestTheOrganisersPages:
    def test_every_page_passes_axe_and_fits_a_phone(self, page: Any) -> None:
        every_page_passes_axe_and_fits_a_phone(page, "organiser")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: run npm ci")
class TestTheMembersPages:
    def test_every_page_passes_axe_and_fits_a_phone(self, page: Any) -> None:
        every_page_passes_axe_and_fits_a_phone(page, "member")
