"""The fan predicates the evaluator does not ask of a hand (``predicates.NEEDS`` and
``SHAPES``: no honour, no kong, no flag, no triplet, another shape) would all answer 0, so
leaving them out cannot change a score (issue 38)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scoring.engine.hand import Hand
from scoring.engine.mcr.evaluator import hand_fans
from scoring.engine.mcr.facts import Facts, HandSummary
from scoring.engine.mcr.knitted import MCR_SHAPES
from scoring.engine.mcr.predicates import (
    ARRANGEMENT_PREDICATES,
    HAND_PREDICATES,
    arrangement_predicates,
    grouped_hand_predicates,
    hand_predicates,
)
from scoring.engine.mcr.rules import STANDARD
from scoring.engine.shapes import arrangements
from tests.engine.mcr.helpers import hand
from tests.engine.mcr.test_fans import EXAMPLES
from tools.hand_gen import random_hands

EVERY_PREDICATE = {**HAND_PREDICATES, **ARRANGEMENT_PREDICATES}


def _facts(played: Hand) -> Iterator[Facts]:
    summary = HandSummary.of(played, STANDARD)
    for arrangement in arrangements(played, MCR_SHAPES):
        yield Facts.of(summary, arrangement)


def _left_out(facts: Facts) -> set[str]:
    traits = facts.summary.traits
    asked = hand_predicates(traits) + arrangement_predicates(
        traits, len(facts.triplets), facts.shape
    )
    return set(EVERY_PREDICATE) - {fan for fan, _ in asked}


def _answers_of_left_out(played: Hand) -> dict[str, int]:
    return {
        fan: EVERY_PREDICATE[fan](facts)
        for facts in _facts(played)
        for fan in _left_out(facts)
        if EVERY_PREDICATE[fan](facts)
    }


@pytest.mark.parametrize(
    ("concealed", "winning", "melds", "context"),
    [pytest.param(*row[1:], id=row[0]) for row in EXAMPLES],
)
def test_no_left_out_predicate_counts_in_a_fan_example(
    concealed: str, winning: str, melds: str, context: dict[str, object]
) -> None:
    assert _answers_of_left_out(hand(concealed, winning, melds, **context)) == {}


def test_no_left_out_predicate_counts_in_random_hands() -> None:
    for played in random_hands(2000, seed=38):
        assert _answers_of_left_out(played) == {}, played


def test_a_hand_without_honours_is_not_asked_for_honour_fans() -> None:
    facts = next(_facts(hand("123m456p789s234s55m", "5m")))
    left_out = _left_out(facts)
    assert {"all_honours", "half_flush", "dragon_pung", "big_four_winds"} <= left_out
    assert {"all_simples", "no_honours", "all_chows"}.isdisjoint(left_out)


def test_an_arrangement_with_one_pung_is_not_asked_for_fans_of_more() -> None:
    facts = next(_facts(hand("123m456p789s222s55m", "5m")))
    left_out = _left_out(facts)
    assert {"all_pungs", "two_concealed_pungs", "four_concealed_pungs"} <= left_out
    assert "pung_of_terminals_or_honours" not in left_out


def test_the_answers_kept_per_fact_are_the_predicates_answers() -> None:
    # A group's predicates read one fact of the hand; hands sharing the fact share the
    # answers, so each answer kept must be what the predicate says of every such hand.
    grouped = 0
    for played in random_hands(3000, seed=41):
        facts = next(_facts(played))
        expected = {
            fan: count
            for fan, predicate in hand_predicates(facts.summary.traits)
            if (count := predicate(facts)) > 0
        }
        assert hand_fans(facts) == expected, played
        _, groups = grouped_hand_predicates(facts.summary.traits)
        grouped += sum(len(members) for _, members, _ in groups)
    assert grouped > 3000 * 3  # most hands ask most of their hand fans in groups
