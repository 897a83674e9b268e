"""The content security policy: on every page, nothing inline left to allow, and the API docs
page working under a policy of its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.models import Session

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def policy(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in directives}


def assert_strict(response: Any) -> None:
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")), ids=str)
def test_no_template_has_inline_scripts_or_styles(template: Path) -> None:
    text = template.read_text()
    for pattern in [INLINE_SCRIPT, INLINE_STYLE, EVENT_HANDLER, JAVASCRIPT_URL]:
        assert not pattern.search(text), f"{template.name}: {pattern.pattern}"


def test_the_scan_would_find_what_it_looks_for() -> None:
    assert INLINE_SCRIPT.search('<script>alert(1)</script><script src="/a.js"></script>')
    assert not INLINE_SCRIPT.search('<script src="/a.js" defer></script>')
    assert INLINE_STYLE.search('<p style="color: red">') and INLINE_STYLE.search("<style>")
    assert EVENT_HANDLER.search('<button onclick="go()">')


@pytest.mark.parametrize("path", ["/", "/calculator/", "/accounts/login/", "/c/dragons/"])
def test_pages_carry_the_strict_policy(client: Client, club: Any, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert_strict(response)


def test_a_signed_in_member_pages_carry_it(as_bob: Client, session: Session) -> None:
    for path in [
        f"/c/dragons/sessions/{session.pk}/",
        f"/c/dragons/sessions/{session.pk}/hands/new/",
    ]:
        assert_strict(as_bob.get(path))


def test_api_answers_carry_it(client: Client, club: Any) -> None:
    assert_strict(client.get("/api/v1/clubs/"))


def test_the_api_docs_allow_only_their_own_inline_style(client: Client, db: Any) -> None:
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    directives = policy(response)
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'", "'unsafe-inline'"]
    page = response.content.decode()
    assert not INLINE_SCRIPT.search(page)
    script = re.search(r'<script src="([^"]*\?script[^"]*)"', page)
    assert script, page
    code = client.get(script.group(1).replace("&amp;", "&"))
    assert code.status_code == 200 and b"SwaggerUIBundle" in code.content
