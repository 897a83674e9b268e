"""docs/hand-format.md's examples give what it says, and every document that the docs and
``mahjong-score --help`` name is in the repository."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import cli
from scoring.engine.evaluation import evaluate_object, parse_rules
from scoring.families import get_family

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "hand-format.md"
# A fenced block: its info string (``json hand rules=mcr``) and its text.
BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
DOCUMENT = re.compile(r"[\w./-]+\.md\b")


def blocks(kind: str) -> list[tuple[str, Any, str, Any]]:
    """Each ``json <kind>`` block's argument and data, with the kind and data of the block
    that follows it."""
    found = [(info.split(), json.loads(text)) for info, text in BLOCK.findall(DOC.read_text())]
    pairs = []
    for (info, data), (following, expected) in pairwise(found):
        if info[:2] == ["json", kind]:
            argument = info[2].partition("=")[2]
            pairs.append((argument, data, " ".join(following), expected))
    return pairs


def contains(actual: Any, expected: Any) -> bool:
    """``actual`` holds what ``expected`` states: a dict's keys may be more, a list's items
    are compared in order."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and contains(actual[key], value) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return bool(actual == expected)


HANDS = blocks("hand")
RECORDS = blocks("record")


def test_the_doc_has_an_example_of_every_family() -> None:
    families = {rules.partition(":")[0] for rules, *_ in HANDS} | {f for f, *_ in RECORDS}
    assert families == {"zung_jung", "mcr", "classical", "riichi", "hk", "big_two"}


@pytest.mark.parametrize(("rules", "hand", "kind", "expected"), HANDS, ids=[h[0] for h in HANDS])
def test_each_hand_example_scores_as_the_doc_says(
    rules: str, hand: dict[str, Any], kind: str, expected: dict[str, Any]
) -> None:
    assert kind == "json result"
    family, preset = parse_rules(rules)

    result = evaluate_object(family, hand, preset)

    assert contains(result, expected), result


@pytest.mark.parametrize(
    ("family_key", "record", "kind", "expected"), RECORDS, ids=[r[0] for r in RECORDS]
)
def test_each_record_example_settles_as_the_doc_says(
    family_key: str, record: dict[str, Any], kind: str, expected: list[int]
) -> None:
    assert kind == "json points"
    family = get_family(family_key)
    params = family.default_params()

    results = family.score_hand(family.clean_hand(record, params), params)

    assert [result.points for result in results] == [Decimal(p) for p in expected]


def named_documents(text: str, where: Path) -> list[str]:
    """The documents ``text`` names that are not in the repository (a name is looked up
    beside ``where``, at the top and in docs/)."""
    return [
        name
        for name in DOCUMENT.findall(text)
        if not any((base / name).is_file() for base in (where, ROOT, ROOT / "docs"))
    ]


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_docs_name_only_documents_in_the_repository(doc: Path) -> None:
    assert named_documents(doc.read_text(encoding="utf-8"), doc.parent) == []


COMMANDS = [[], *([command] for command in cli.COMMANDS), ["rules", "check"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "top")
def test_every_help_names_only_documents_in_the_repository(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli.main([*command, "--help"])
    shown = capsys.readouterr().out

    assert named_documents(shown, ROOT) == []
    assert "shared" not in shown
