"""Zung Jung settlement: only the winner scores, payoff options, Illegal Call, zero-sum."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import HandError, RulesError
from scoring.engine.zung_jung import OFFICIAL, SEED, Payoff
from scoring.engine.zung_jung.settlement import Outcome, ZungJungHand, settle

DISCARDER_PAYS = SEED.with_options(payoff="discarder_pays_all")


@pytest.mark.parametrize(
    ("hand", "rules", "changes"),
    [
        (ZungJungHand(Outcome.SELF_DRAWN, winner=1, points=25), SEED, (-25, 75, -25, -25)),
        (
            ZungJungHand(Outcome.DISCARD, winner=0, discarder=3, points=40),
            SEED,
            (120, -40, -40, -40),
        ),
        (
            ZungJungHand(Outcome.DISCARD, winner=0, discarder=3, points=40),
            DISCARDER_PAYS,
            (120, 0, 0, -120),
        ),
        (
            ZungJungHand(Outcome.SELF_DRAWN, winner=2, points=10),
            DISCARDER_PAYS,
            (-10, -10, 30, -10),
        ),
        (ZungJungHand(Outcome.DRAW), SEED, (0, 0, 0, 0)),
        (ZungJungHand(Outcome.ILLEGAL_CALL, offender=2), SEED, (40, 40, -120, 40)),
        (
            ZungJungHand(Outcome.ILLEGAL_CALL, offender=0, seats=3),
            SEED.with_options(illegal_call=30),
            (-60, 30, 30),
        ),
        (ZungJungHand(Outcome.DISCARD, winner=1, discarder=0, points=5, seats=2), SEED, (-5, 5)),
    ],
)
def test_it_settles(hand: ZungJungHand, rules: object, changes: tuple[int, ...]) -> None:
    assert settle(hand, rules) == changes  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (ZungJungHand(Outcome.SELF_DRAWN, points=25), "winner"),
        (ZungJungHand(Outcome.SELF_DRAWN, winner=4, points=25), "winner"),
        # Seats as they may arrive in JSON: text, a list, a boolean, a fraction.
        (ZungJungHand(Outcome.SELF_DRAWN, winner="1", points=25), "winner"),  # type: ignore[arg-type]
        (ZungJungHand(Outcome.SELF_DRAWN, winner=[1], points=25), "winner"),  # type: ignore[arg-type]
        (ZungJungHand(Outcome.SELF_DRAWN, winner=True, points=25), "winner"),
        (ZungJungHand(Outcome.DISCARD, winner=1, discarder=0.0, points=5), "discarder"),  # type: ignore[arg-type]
        (ZungJungHand(Outcome.ILLEGAL_CALL, offender="²"), "offender"),  # type: ignore[arg-type]
        (ZungJungHand(Outcome.SELF_DRAWN, winner=1), "points"),
        (ZungJungHand(Outcome.SELF_DRAWN, winner=1, points=0), "points"),
        (ZungJungHand(Outcome.SELF_DRAWN, winner=1, points=481), "points"),
        (ZungJungHand(Outcome.SELF_DRAWN, winner=1, discarder=2, points=5), "discarder"),
        (ZungJungHand(Outcome.DISCARD, winner=1, points=5), "discarder"),
        (ZungJungHand(Outcome.DISCARD, winner=1, discarder=1, points=5), "discarder"),
        (ZungJungHand(Outcome.DRAW, points=5), "points"),
        (ZungJungHand(Outcome.ILLEGAL_CALL), "offender"),
        (ZungJungHand(Outcome.DRAW, seats=5), "seats"),
    ],
)
def test_it_rejects_impossible_results(hand: ZungJungHand, field: str) -> None:
    with pytest.raises(HandError) as error:
        settle(hand, SEED)
    assert error.value.field == field


def test_the_official_preset_has_no_illegal_call_unless_the_club_sets_one() -> None:
    with pytest.raises(HandError, match="no Illegal Call"):
        settle(ZungJungHand(Outcome.ILLEGAL_CALL, offender=1), OFFICIAL)
    rules = OFFICIAL.with_options(illegal_call=40)
    assert settle(ZungJungHand(Outcome.ILLEGAL_CALL, offender=1), rules) == (40, -120, 40, 40)


def test_a_minimum_refuses_smaller_wins() -> None:
    rules = OFFICIAL.with_options(minimum=5)
    with pytest.raises(HandError, match="below the minimum of 5"):
        settle(ZungJungHand(Outcome.SELF_DRAWN, winner=0, points=1), rules)


def test_rule_options_are_checked() -> None:
    with pytest.raises(RulesError, match="payoff 'everyone'"):
        SEED.with_options(payoff="everyone")
    with pytest.raises(RulesError, match="unknown Zung Jung rule 'cap_at'"):
        SEED.with_options(cap_at=300)
    with pytest.raises(RulesError, match="the Illegal Call penalty must be a whole number from 0"):
        SEED.with_options(illegal_call=-40)
    assert DISCARDER_PAYS.payoff is Payoff.DISCARDER_PAYS_ALL


@given(
    outcome=st.sampled_from(list(Outcome)),
    seats=st.integers(2, 4),
    data=st.data(),
    points=st.integers(1, 480),
    payoff=st.sampled_from(list(Payoff)),
)
def test_every_settlement_sums_to_zero(
    outcome: Outcome, seats: int, data: st.DataObject, points: int, payoff: Payoff
) -> None:
    winner, other = data.draw(
        st.lists(st.integers(0, seats - 1), min_size=2, max_size=2, unique=True)
    )
    kwargs: dict[str, int] = {}
    if outcome in (Outcome.SELF_DRAWN, Outcome.DISCARD):
        kwargs = {"winner": winner, "points": points}
    if outcome is Outcome.DISCARD:
        kwargs["discarder"] = other
    if outcome is Outcome.ILLEGAL_CALL:
        kwargs = {"offender": winner}
    changes = settle(ZungJungHand(outcome, seats=seats, **kwargs), SEED.with_options(payoff=payoff))
    assert sum(changes) == 0 and len(changes) == seats
    if outcome in (Outcome.SELF_DRAWN, Outcome.DISCARD):
        assert changes[winner] == points * (seats - 1)
