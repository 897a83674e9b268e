"""The patterns the evaluator does not ask of an arrangement (``patterns.NEEDS`` and
``SHAPES``: no honour, no kong, no flag, no triplet, no chow, another shape) would all answer
0, so leaving them out cannot change a score (issue 38)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.hand import Hand
from scoring.engine.shapes import DEFAULT_SHAPES, arrangements
from scoring.engine.zung_jung.facts import Facts, HandSummary
from scoring.engine.zung_jung.patterns import PATTERNS, asked
from tests.engine.zung_jung.test_evaluator import EXAMPLES, hand
from tools.hand_gen import random_hands


def _answers_of_left_out(played: Hand) -> dict[str, int]:
    summary = HandSummary.of(played)
    found: dict[str, int] = {}
    for arrangement in arrangements(played, DEFAULT_SHAPES):
        facts = Facts.of(summary, arrangement)
        for pattern in PATTERNS:
            if not asked(pattern, facts.traits, facts.shape) and pattern.predicate(facts):
                found[pattern.id] = pattern.predicate(facts)
    return found


@pytest.mark.parametrize(
    ("text", "context"), [pytest.param(row[1], row[2], id=row[0]) for row in EXAMPLES]
)
def test_no_left_out_pattern_counts_in_a_worked_example(text: str, context: dict[str, Any]) -> None:
    assert _answers_of_left_out(hand(text, **context)) == {}


def test_no_left_out_pattern_counts_in_random_hands() -> None:
    for played in random_hands(2000, seed=38):
        assert _answers_of_left_out(played) == {}, played


def test_a_hand_without_kongs_or_flags_is_not_asked_for_them() -> None:
    played = hand("-c5c5 -c1c2c3 -b4b5b6 -b6b7b8 +k3k4k5")
    facts = Facts.of(HandSummary.of(played), arrangements(played, DEFAULT_SHAPES)[0])
    skipped = {p.id for p in PATTERNS if not asked(p, facts.traits, facts.shape)}
    assert {"one_quartet", "final_draw", "robbing_quartet", "seven_pairs"} <= skipped
    assert {"all_triplets", "two_concealed_triplets", "three_mothers"} <= skipped
    assert {"all_sequences", "concealed_hand", "all_simples"}.isdisjoint(skipped)
