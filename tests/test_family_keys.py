"""A rule family is one package and one registration: nothing else names its key.

Templates, views, the API, exports, scripts and JavaScript ask the family object (its unit,
its score-file format, its charts, …) instead of comparing ``family == "…"``.
"""

import re
import subprocess
from pathlib import Path

import pytest

from scoring.engine.evaluation import FAMILY_MODULES
from scoring.families import FAMILIES

ROOT = Path(__file__).resolve().parents[1]
KEYS = sorted(set(FAMILIES) | set(FAMILY_MODULES))
# The registrations: the league's (scoring/families/__init__.py) and the engine's own for the
# command line (its evaluation registry, and the score-file subcommands with the table that
# dispatches to them, named for the formats: ``mahjong-score hk``). The developers' tools
# (benchmarks, generators) drive that command line by its words and do not ship.
REGISTRATIONS = ("scoring/families/__init__.py", "scoring/engine/evaluation.py")
ENGINE_COMMAND_LINE = ("scoring/engine/scorefile_cli.py", "scoring/engine/cli.py", "tools/")
SOURCES = ("*.py", "*.html", "*.js", "*.css", "*.txt")
# A key as a word inside quotes: "mcr", 'big_two', family.key == "hk", `hk:` rules strings…
KEY_WORDS = "|".join(map(re.escape, KEYS))
QUOTED = re.compile(r"""["'`](?:""" + KEY_WORDS + r""")(?::[\w-]*)?["'`]""")


def family_packages() -> tuple[str, ...]:
    """Where each family lives: its league package, engine package and hand forms."""
    places = []
    for key in KEYS:
        for base in ("scoring/families", "scoring/engine", "scoring/forms", "templates/scoring"):
            places += [f"{base}/{key}/", f"{base}/{key}.py", f"{base}/{key}_"]
    return tuple(places)


def tracked_sources() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", *SOURCES], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [
        path
        for path in listed.stdout.split()
        if not path.startswith(("tests/", "docs/"))
        and "/migrations/" not in path
        and not path.startswith(REGISTRATIONS + ENGINE_COMMAND_LINE + family_packages())
    ]


def naming_lines(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return [
        f"{path}:{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if QUOTED.search(line)
    ]


def test_no_module_outside_a_family_names_its_key() -> None:
    found = [line for path in tracked_sources() for line in naming_lines(path)]
    assert found == [], "ask the family instead:\n" + "\n".join(found)


@pytest.mark.parametrize("line", ['family == "mcr"', "{% if family.key == 'big_two' %}"])
def test_the_check_sees_a_comparison(line: str) -> None:
    assert QUOTED.search(line)
