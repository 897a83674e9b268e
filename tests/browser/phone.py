"""What the browser tests share: a phone-sized page of the shared Chromium (the ``page``
fixture, under the site's content security policy), the module marks of a browser test, and
what a person does on the phone (sign in, follow a link, save a hand offline, choose a
language…)."""

from __future__ import annotations

import datetime as dt
import gc
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections

from games import services
from games.models import Club, Player, Session
from tests.browser.chromium import (
    HAVE_CHROMIUM,
    chromium,
    service_worker_settled,
    tap_save,
    track_requests,
    wait_until_answered,
)
from tests.browser.turns import taking_turns
from tests.conftest import PASSWORD

PHONE = {"width": 375, "height": 812}

if not HAVE_CHROMIUM and os.environ.get("REQUIRE_BROWSER") == "1":
    raise RuntimeError("REQUIRE_BROWSER=1 but Debian's chromium is not installed")


pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not HAVE_CHROMIUM,
        reason="no browser: install Debian's chromium package (apt-get install chromium)",
    ),
]


@pytest.fixture
def page(live_server: Any) -> Iterator[Any]:
    yield from phone_page(live_server)


def phone_page(live_server: Any, color_scheme: str = "light") -> Iterator[Any]:
    """A page at phone size in a fresh context of the shared browser, in the given colour
    scheme (what the phone's dark-mode setting sends as ``prefers-color-scheme``)."""
    context = chromium().new_context(
        viewport=PHONE, base_url=live_server.url, color_scheme=color_scheme
    )
    # Every page of every browser test runs under the site's content security policy:
    # a violation (an inline script or style, a foreign source) fails the test.
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    page = context.new_page()
    track_requests(page)
    violations: list[str] = []
    page.on("console", lambda message: violations.extend(csp_violation(message)))
    with taking_turns():
        yield page
        context.close()
    wait_until_answered()
    assert not violations, violations
    # Inside Playwright's event loop the ORM has a connection of its own: close it, or
    # the test database could not be dropped at the end. A cursor left unfinished in a
    # reference cycle holds a read lock on its table until it is collected: one collection
    # here, so that emptying the database after the test finds no table locked.
    gc.collect()
    connections.close_all()


REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI);
});
"""


def csp_violation(message: Any) -> list[str]:
    text: str = message.text
    if "CSP violation" in text or "Content Security Policy" in text:
        return [text]
    return []


def sign_in(page: Any, username: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    follow(page, "button.primary")


def follow(page: Any, selector: str) -> None:
    """Click what opens another page (a link, a form's button) and wait until that page has
    loaded. A click returns once the navigation has begun; the new page's deferred scripts
    (the hand form's) may not have run yet, and a click on the form before they do meets none
    of their listeners."""
    with page.expect_navigation():
        page.click(selector)


def saved_then_sheet(page: Any, session_pk: int, place: int) -> None:
    """After a save the form stays for the next hand, saying so; its link opens the sheet."""
    page.wait_for_url("**/hands/new/?saved=*")
    banner = page.locator("#saved-hand")
    assert f"Hand {place} saved ✓" in banner.inner_text()
    banner.locator("a", has_text="Score sheet").click()
    page.wait_for_url(f"**/sessions/{session_pk}/#hand-*")


def save_offline(page: Any) -> None:
    """Save the hand form with the phone offline: the hand waits in the outbox."""
    service_worker_settled(page)  # not installing as the connection goes
    page.context.set_offline(True)
    tap_save(page)
    page.locator("#outbox", has_text="saved on this phone").wait_for()


# What the league's data calls things (names typed by people: the players are A to D), and
# names Chinese writes as they are (the API, file formats); not the site's words.
DATA = {"Dragons", "Spring", "Half", "rules", "bob", "ABCD", "API", "CSV", "TSV"}

WORD = re.compile(r"[A-Za-z]{3,}")


def english_left(page: Any) -> set[str]:
    """Words of English on the page outside the language menu and the league's own data."""
    text = page.evaluate(
        """() => {
          const body = document.body.cloneNode(true);
          const aside = '.language-menu, script, noscript, [hidden]';
          body.querySelectorAll(aside).forEach(e => e.remove());
          return body.innerText;
        }"""
    )
    return set(WORD.findall(text)) - DATA


def choose_language(page: Any, name: str) -> None:
    page.click(".language-menu summary")
    follow(page, f".language-menu button:has-text('{name}')")


def fill_hand(phone: Any) -> None:
    """B wins 1 faan off C (the form's first faan step)."""
    phone.click("label:has-text('B')")
    phone.click("label:has-text('Discard 打出')")
    phone.locator("fieldset[data-field='blamed'] label").nth(2).click()
    phone.click("button[data-step='1']")


def ready_offline(page: Any) -> None:
    """Wait until the worker has kept what this page asked for."""
    page.wait_for_selector("html[data-offline-ready='1']", state="attached", timeout=20000)


@pytest.fixture
def table(club: Club, players: list[Player], alice: User) -> Session:
    """A, B and C at a classical table under Millington's rules file."""
    rules = services.rule_set_create(
        club=club,
        name="Millington",
        family="classical",
        params={"rules": "millington", "stake": 1000},
        by=alice,
    )
    season = services.season_save(club=club, name="Classical", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players[:3], by=alice
    )
