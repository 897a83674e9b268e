"""pymahjonggb as an oracle (mcr.md §10): equal totals on random valid hands and on every
example hand of the fan table. Skipped, with the reason, when the package is missing.

Only hands our validator accepted are passed on (pymahjonggb crashes on some bad input).
The edition points of §3 where we differ (wait fans inside a knitted straight) do not arise:
the random hands hold no knitted straight, and the table's knitted hand waits outside it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.hand import Hand
from scoring.engine.mcr import evaluate
from tests.engine.mcr.helpers import hand
from tests.engine.mcr.test_fans import EXAMPLES
from tools.hand_gen import random_hand

pytest.importorskip(
    "MahjongGB", reason="pymahjonggb (test oracle, pip install pymahjonggb==1.4.0) is missing"
)

from tests.engine.mcr.oracle import oracle_fans


def _ours(built: Hand) -> int:
    result = evaluate(built)
    return result.total_without_bonus + len(built.bonus)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32))
def test_random_valid_hands_score_the_same_total(seed: int) -> None:
    built = random_hand(random.Random(seed))
    assert _ours(built) == oracle_fans(built)[0]


@pytest.mark.parametrize("row", EXAMPLES, ids=[row[0] for row in EXAMPLES])
def test_every_fan_example_scores_the_same_total(
    row: tuple[str, str, str, str, dict[str, Any]],
) -> None:
    _, concealed, winning, melds, context = row
    built = hand(concealed, winning, melds, **context)
    assert _ours(built) == oracle_fans(built)[0], oracle_fans(built)[1]
