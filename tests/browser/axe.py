"""axe-core's WCAG 2.2 A and AA rules (no moderate, serious or critical violation) on the
open page, in the light and the dark colour scheme, and whether the page fits the phone."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.phone import PHONE

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

AXE_SCRIPT = AXE.read_text(encoding="utf-8") if AXE.exists() else ""

IMPACTS = {"moderate", "serious", "critical"}

if not AXE.exists() and os.environ.get("REQUIRE_BROWSER") == "1":
    raise RuntimeError("REQUIRE_BROWSER=1 but axe-core is not installed: run npm ci")


# The page's background in each colour scheme (static/css/app.css's --bg). Each page is
# checked in both, switched as a phone's dark-mode setting switches ``prefers-color-scheme``
# on the open page: light last, the scheme a page is opened in.
BACKGROUNDS = {"dark": "rgb(18, 23, 26)", "light": "rgb(246, 247, 244)"}


def problems(page: Any) -> list[str]:
    """What axe-core finds on the open page, and a page wider than the phone, in each scheme."""
    return in_each_scheme(page, lambda page: axe_findings(page) + sideways(page))


def violations(page: Any) -> list[str]:
    """What axe-core finds on the open page in each colour scheme."""
    return in_each_scheme(page, axe_findings)


def fits(page: Any) -> bool:
    """The open page does not scroll sideways, in either colour scheme."""
    return in_each_scheme(page, sideways) == []


def in_each_scheme(page: Any, check: Callable[[Any], list[str]]) -> list[str]:
    found = []
    for scheme in BACKGROUNDS:
        page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {problem}" for problem in check(page)]
    return found


def sideways(page: Any) -> list[str]:
    width = page.evaluate("document.documentElement.scrollWidth")
    return [f"scrolls sideways: {width} px wide"] if width > PHONE["width"] else []


def axe_findings(page: Any) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, {runOnly: {type: "tag", values: tags}});
            return result.violations.map(v => ({id: v.id, impact: v.impact,
                where: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
        }""",
        TAGS,
    )
    return [f"{v['id']} ({v['impact']}): {v['where']}" for v in found if v["impact"] in IMPACTS]
