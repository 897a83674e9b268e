"""Hong Kong payments: multipliers, every result kind under both rule switches, zero sum."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import HandError, RulesError
from scoring.engine.hk import (
    HKHand,
    HKRules,
    Outcome,
    Responsibility,
    Spiciness,
    hand_from_tokens,
    multiplier,
    settle,
)

HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
SPICY = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]


@pytest.mark.parametrize(("faan", "expected"), list(enumerate(HALF_SPICY)))
def test_half_spicy_multiplier_table(faan: int, expected: int) -> None:
    assert multiplier(faan, Spiciness.HALF) == expected


@pytest.mark.parametrize(("faan", "expected"), list(enumerate(SPICY)))
def test_spicy_multiplier_table(faan: int, expected: int) -> None:
    assert multiplier(faan, Spiciness.SPICY) == expected


def test_half_spicy_formula_continues_past_13() -> None:
    assert multiplier(20, Spiciness.HALF) == 4096
    assert multiplier(21, Spiciness.HALF) == 6144


@pytest.mark.parametrize("spiciness", list(Spiciness))
@pytest.mark.parametrize("faan", range(14))
def test_self_drawn_winner_nets_three_multipliers_at_base_one(
    spiciness: Spiciness, faan: int
) -> None:
    rules = HKRules(spiciness=spiciness)
    changes = settle(HKHand(Outcome.SELF_DRAWN, winner=2, faan=faan), rules)
    assert changes[2] == 3 * multiplier(faan, spiciness)


def hand(outcome: Outcome, winner: int | None = None, blamed: int | None = None) -> HKHand:
    faan = None if outcome in (Outcome.DRAW, Outcome.FALSE_WIN) else 3
    return HKHand(outcome, winner=winner, faan=faan, blamed=blamed)


# Winner seat 0, blamed seat 1, base 2, 3 faan (p = 16), maximum 6 (p' = 2 × 32 = 64 half,
# 2 × 64 = 128 spicy): a false winner pays 3p' to each of the three others.
TABLE = [
    ("half", "half", hand(Outcome.DRAW), [0, 0, 0, 0]),
    ("half", "half", hand(Outcome.SELF_DRAWN, 0), [48, -16, -16, -16]),
    ("half", "half", hand(Outcome.DISCARD, 0, 1), [32, -16, -8, -8]),
    ("full", "half", hand(Outcome.DISCARD, 0, 1), [32, -32, 0, 0]),
    ("half", "half", hand(Outcome.DISCARD_GUARANTEE, 0, 1), [32, -32, 0, 0]),
    ("half", "half", hand(Outcome.SELF_DRAW_GUARANTEE, 0, 1), [48, -48, 0, 0]),
    ("full", "half", hand(Outcome.SELF_DRAW_GUARANTEE, 0, 1), [48, -48, 0, 0]),
    ("half", "half", hand(Outcome.FALSE_WIN, None, 1), [192, -576, 192, 192]),
    ("full", "half", hand(Outcome.FALSE_WIN, None, 1), [192, -576, 192, 192]),
    ("half", "spicy", hand(Outcome.FALSE_WIN, None, 1), [384, -1152, 384, 384]),
    ("full", "spicy", hand(Outcome.DRAW), [0, 0, 0, 0]),
    ("full", "spicy", hand(Outcome.SELF_DRAWN, 0), [48, -16, -16, -16]),
    ("half", "spicy", hand(Outcome.DISCARD, 0, 1), [32, -16, -8, -8]),
    ("full", "spicy", hand(Outcome.DISCARD, 0, 1), [32, -32, 0, 0]),
    ("half", "spicy", hand(Outcome.DISCARD_GUARANTEE, 0, 1), [32, -32, 0, 0]),
    ("full", "spicy", hand(Outcome.SELF_DRAW_GUARANTEE, 0, 1), [48, -48, 0, 0]),
]


@pytest.mark.parametrize(("responsibility", "spiciness", "result", "expected"), TABLE)
def test_every_result_under_both_switches(
    responsibility: str, spiciness: str, result: HKHand, expected: list[int]
) -> None:
    rules = HKRules(
        base=Fraction(2),
        max_faan=6,
        responsibility=Responsibility(responsibility),
        spiciness=Spiciness(spiciness),
    )
    changes = settle(result, rules)
    assert list(changes) == expected
    assert sum(changes) == 0


def test_comprehensive_peer_file_totals() -> None:
    rules = HKRules(base=Fraction(2), max_faan=6, responsibility=Responsibility.HALF)
    lines = ["- - - -", "- - - f", "1 - - -", "- 2 d -", "- - 6 D", "- - 6 S"]
    totals = [Fraction(0)] * 4
    for line in lines:
        changes = settle(hand_from_tokens(line.split(), rules), rules)
        totals = [t + c for t, c in zip(totals, changes, strict=True)]
    assert totals == [200, 204, 500, -904]


def test_fractional_base_stays_exact() -> None:
    rules = HKRules(base=Fraction(1, 10), responsibility=Responsibility.HALF)
    changes = settle(HKHand(Outcome.DISCARD, winner=1, faan=0, blamed=2), rules)
    assert changes == (Fraction(-1, 20), Fraction(1, 5), Fraction(-1, 10), Fraction(-1, 20))


@pytest.mark.parametrize(
    ("result", "rules", "field", "words"),
    [
        (HKHand(Outcome.SELF_DRAWN, winner=0, faan=7), HKRules(max_faan=6), "faan", "maximum of 6"),
        (HKHand(Outcome.DISCARD, winner=0, faan=2, blamed=0), HKRules(), "blamed", "winner"),
        (
            HKHand(Outcome.DISCARD_GUARANTEE, winner=0, faan=2, blamed=1),
            HKRules(responsibility=Responsibility.FULL),
            "outcome",
            "full responsibility",
        ),
        (HKHand(Outcome.DISCARD, winner=0, faan=2), HKRules(), "blamed", "choose"),
        (HKHand(Outcome.SELF_DRAWN, winner=0), HKRules(), "faan", "faan"),
        (HKHand(Outcome.SELF_DRAWN, winner=4, faan=1), HKRules(), "winner", "one of the 4 players"),
        (HKHand(Outcome.SELF_DRAWN, winner=0, faan=-1), HKRules(), "faan", "at least 0"),
        (HKHand(Outcome.DRAW, faan=3), HKRules(), "faan", "no faan"),
        (HKHand(Outcome.FALSE_WIN, winner=1, blamed=2), HKRules(), "winner", "no winner"),
        (HKHand(Outcome.SELF_DRAWN, winner=0, faan=2, blamed=1), HKRules(), "blamed", "no"),
    ],
)
def test_invalid_hands_name_the_field(
    result: HKHand, rules: HKRules, field: str, words: str
) -> None:
    with pytest.raises(HandError) as caught:
        settle(result, rules)
    assert caught.value.field == field
    assert words in caught.value.message


def test_faan_equal_to_the_maximum_is_allowed() -> None:
    assert settle(HKHand(Outcome.SELF_DRAWN, winner=0, faan=6), HKRules(max_faan=6))[0] == 96


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"base": Fraction(-1)}, "base"),
        ({"max_faan": -1}, "max_faan"),
        ({"max_faan": 1.5}, "max_faan"),
    ],
)
def test_bad_rules_are_rejected(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RulesError) as caught:
        HKRules(**kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("tokens", "rules", "message"),
    [
        (
            "7 d d -",
            HKRules(max_faan=6),
            "game declared with winner's faan exceeding maximum faan (6)",
        ),
        ("1 2 - -", HKRules(), "game declared with multiple winners (digits entries)"),
        (
            "1 d f -",
            HKRules(),
            "game declared with multiple players blamed (suffix `d`, `S`, or `f`)",
        ),
        (
            "- d - -",
            HKRules(),
            "game declared with no winner yet non-false-win blame (suffix `d`, `D`, or `S`)",
        ),
        ("1 f - -", HKRules(), "game declared with winner yet false-win blame (suffix `f`)"),
        (
            "1 D - -",
            HKRules(),
            "discard-guarantee `D` is redundant under full responsibility (全銃)",
        ),
    ],
)
def test_score_file_tokens_keep_the_reference_messages(
    tokens: str, rules: HKRules, message: str
) -> None:
    with pytest.raises(HandError, match=None) as caught:
        hand_from_tokens(tokens.split(), rules)
    assert caught.value.message == message


seats = st.integers(min_value=0, max_value=3)


@st.composite
def hands_and_rules(draw: st.DrawFn) -> tuple[HKHand, HKRules]:
    responsibility = draw(st.sampled_from(list(Responsibility)))
    rules = HKRules(
        base=draw(st.fractions(min_value=0, max_value=1000, max_denominator=10_000)),
        max_faan=draw(st.integers(min_value=0, max_value=40)),
        responsibility=responsibility,
        spiciness=draw(st.sampled_from(list(Spiciness))),
    )
    outcomes = [
        o
        for o in Outcome
        if not (o is Outcome.DISCARD_GUARANTEE and responsibility is Responsibility.FULL)
    ]
    outcome = draw(st.sampled_from(outcomes))
    winner = draw(seats) if outcome.has_winner else None
    blamed = draw(seats.filter(lambda s: s != winner)) if outcome.has_blamed else None
    faan = draw(st.integers(0, rules.max_faan)) if outcome.has_winner else None
    return HKHand(outcome, winner=winner, faan=faan, blamed=blamed), rules


@given(hands_and_rules())
def test_every_settlement_sums_to_exactly_zero(case: tuple[HKHand, HKRules]) -> None:
    result, rules = case
    changes = settle(result, rules)
    assert sum(changes) == 0
    assert all(isinstance(change, Fraction) for change in changes)


@given(hands_and_rules())
def test_only_the_winner_gains_and_blameless_never_pay_more_than_the_blamed(
    case: tuple[HKHand, HKRules],
) -> None:
    result, rules = case
    changes = settle(result, rules)
    if result.winner is not None:
        assert changes[result.winner] == max(changes)
    if result.blamed is not None:
        assert changes[result.blamed] == min(changes)
