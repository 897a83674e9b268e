"""Templates say nothing by accident: Django's ``{# … #}`` comment is one line only, and one
that spans lines is printed on the page as it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SPANNING = re.compile(r"\{#(?:(?!#\}).)*\n", re.S)


def spanning_comments(text: str) -> list[str]:
    return [m.group(0).strip()[:60] for m in SPANNING.finditer(text)]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_comment_spans_lines(path: Path) -> None:
    assert spanning_comments(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_comment_over_two_lines() -> None:
    assert spanning_comments("{# one #}\n{# two\n lines #}") == ["{# two"]
