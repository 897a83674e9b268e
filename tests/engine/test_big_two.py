"""The Big Two engine: frying, taking on all losses, zero-sum settlement, validation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.big_two import (
    BigTwoHand,
    BigTwoRules,
    BigTwoSeatScore,
    hand_from_tokens,
    is_regular,
    real_loss,
    real_losses,
    seat_scores,
    settle,
    validate,
)
from scoring.engine.errors import HandError, RulesError

CARDS = "cards left must be a whole number from 0 to 13"


@pytest.mark.parametrize(
    ("fry_threshold", "loss", "real"),
    [
        (10, 0, 0),
        (10, 9, 9),
        (10, 10, 20),
        (10, 11, 22),
        (10, 12, 24),
        (10, 13, 39),
        (10, 20, 60),
        (11, 10, 10),
        (11, 11, 22),
        (13, 12, 12),
        (13, 13, 39),
        (14, 13, 13),
        (14, 14, 42),
        (1000, 99, 99),
    ],
)
def test_real_loss_fries_from_f_and_triples_from_13(
    fry_threshold: int, loss: int, real: int
) -> None:
    assert real_loss(loss, BigTwoRules(fry_threshold)) == real


@pytest.mark.parametrize(
    ("hand", "nets"),
    [
        (BigTwoHand((0, 11, 12, 13)), (85, -3, -11, -71)),
        (BigTwoHand((1, 1, 1, 0)), (-1, -1, -1, 3)),
        (BigTwoHand((3, 0, 1, 2), takes_all=0), (-18, 6, 6, 6)),
        (BigTwoHand((0, 1, 1, 1), takes_all=0), (-9, 3, 3, 3)),
    ],
)
def test_the_simple_example_settles_as_the_reference(
    hand: BigTwoHand, nets: tuple[int, ...]
) -> None:
    assert settle(hand, BigTwoRules()) == nets


def test_the_seat_taking_all_losses_takes_the_real_losses_of_all_four() -> None:
    hand = BigTwoHand((0, 10, 13, 2), takes_all=3)

    assert real_losses(hand, BigTwoRules()) == (0, 0, 0, 20 + 39 + 2)


def test_wins_and_fries_stay_with_the_original_seats() -> None:
    scores = seat_scores(BigTwoHand((0, 10, 3, 1), takes_all=3), BigTwoRules())

    assert scores == (
        BigTwoSeatScore(raw_loss=0, real_loss=0, net=24, won=True, fried=False),
        BigTwoSeatScore(raw_loss=10, real_loss=0, net=24, won=False, fried=True),
        BigTwoSeatScore(raw_loss=3, real_loss=0, net=24, won=False, fried=False),
        BigTwoSeatScore(raw_loss=1, real_loss=24, net=-72, won=False, fried=False),
    )


hands = st.builds(
    lambda winner, others, taker: BigTwoHand((*others[:winner], 0, *others[winner:]), taker),
    st.integers(0, 3),
    st.lists(st.integers(1, 13), min_size=3, max_size=3),
    st.none() | st.integers(0, 3),
)
rules = st.builds(BigTwoRules, st.integers(10, 1000))


@given(hands, rules)
def test_every_settlement_sums_to_zero(hand: BigTwoHand, rules: BigTwoRules) -> None:
    assert sum(settle(hand, rules)) == 0


@given(hands, rules)
def test_each_seat_nets_the_total_minus_four_times_its_real_loss(
    hand: BigTwoHand, rules: BigTwoRules
) -> None:
    losses = real_losses(hand, rules)
    total = sum(real_loss(loss, rules) for loss in hand.losses)

    assert sum(losses) == total
    assert settle(hand, rules) == tuple(total - 4 * loss for loss in losses)
    if hand.takes_all is not None:
        assert [loss for seat, loss in enumerate(losses) if seat != hand.takes_all] == [0] * 3


@given(hands, rules)
def test_seat_facts_come_from_the_raw_losses(hand: BigTwoHand, rules: BigTwoRules) -> None:
    scores = seat_scores(hand, rules)

    assert [score.won for score in scores] == [loss == 0 for loss in hand.losses]
    assert [score.fried for score in scores] == [
        loss >= rules.fry_threshold for loss in hand.losses
    ]


@pytest.mark.parametrize(
    ("hand", "field", "message"),
    [
        (BigTwoHand((0, 1, 2)), "losses", "enter the cards left for each of the 4 seats"),
        (BigTwoHand((0, 1, 2, -1)), "losses", f"North: {CARDS}"),
        (BigTwoHand((0, 1, 2, True)), "losses", f"North: {CARDS}"),
        (BigTwoHand((0, 1.5, 2, 3)), "losses", f"South: {CARDS}"),  # type: ignore[arg-type]
        (BigTwoHand((0, 14, 2, 3)), "losses", f"South: {CARDS}"),
        (BigTwoHand((0, 1, 2**31, 3)), "losses", f"West: {CARDS}"),
        (BigTwoHand((10**30, 0, 1, 3)), "losses", f"East: {CARDS}"),
        (BigTwoHand((1, 1, 2, 3)), "losses", "exactly one seat must have 0 cards left: the winner"),
        (BigTwoHand((0, 0, 2, 3)), "losses", "exactly one seat must have 0 cards left: the winner"),
        (
            BigTwoHand((0, 1, 2, 3), takes_all=4),
            "takes_all",
            "the player taking on all losses must be one of the 4 players at the table",
        ),
    ],
)
def test_validation_names_the_field(hand: BigTwoHand, field: str, message: str) -> None:
    with pytest.raises(HandError) as error:
        validate(hand)

    assert (error.value.field, error.value.message) == (field, message)


def test_settle_validates_first() -> None:
    with pytest.raises(HandError):
        settle(BigTwoHand((1, 1, 1, 1)), BigTwoRules())


def test_the_most_cards_left_settle_within_the_bound() -> None:
    assert settle(BigTwoHand((0, 13, 13, 13)), BigTwoRules()) == (117, -39, -39, -39)


@pytest.mark.parametrize("threshold", [1001, 2**31, 10**30])
def test_the_fry_threshold_is_at_most_1000(threshold: int) -> None:
    with pytest.raises(RulesError) as error:
        BigTwoRules(threshold)
    assert (error.value.field, error.value.message) == (
        "fry_threshold",
        "the fry threshold must be a whole number from 10 to 1000",
    )


@pytest.mark.parametrize(("threshold", "message"), [(9, "fry threshold 9 is below 10")])
def test_the_fry_threshold_is_at_least_10(threshold: int, message: str) -> None:
    with pytest.raises(RulesError) as error:
        BigTwoRules(threshold)

    assert (error.value.field, error.value.message) == ("fry_threshold", message)


def test_the_fry_threshold_is_a_whole_number() -> None:
    with pytest.raises(RulesError):
        BigTwoRules(True)


@pytest.mark.parametrize(
    ("tokens", "hand"),
    [
        (["0", "11", "12", "13"], BigTwoHand((0, 11, 12, 13))),
        (["00", "010", "013", "0003t"], BigTwoHand((0, 10, 13, 3), takes_all=3)),
        (["0t", "1", "1", "1"], BigTwoHand((0, 1, 1, 1), takes_all=0)),
    ],
)
def test_tokens_read_as_numbers_with_an_optional_t(tokens: list[str], hand: BigTwoHand) -> None:
    assert hand_from_tokens(tokens) == hand


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        (["1", "1", "1", "1"], "game does not have exactly one winner (loss `0`)"),
        (["0", "00", "1", "2"], "game does not have exactly one winner (loss `0`)"),
        (["0", "0t", "1t", "2"], "game does not have exactly one winner (loss `0`)"),
        (["0", "1t", "2t", "3"], "multiple players taking on all losses (suffix `t`)"),
    ],
)
def test_token_checks_use_the_reference_messages_in_order(tokens: list[str], message: str) -> None:
    with pytest.raises(HandError) as error:
        hand_from_tokens(tokens)

    assert error.value.message == message


@pytest.mark.parametrize(
    ("games", "total", "regular"),
    [(3, 10, True), (2, 10, False), (2, 8, True), (1, 8, False), (0, 0, True)],
)
def test_a_regular_player_has_played_a_quarter_of_all_games(
    games: int, total: int, regular: bool
) -> None:
    assert is_regular(games, total) is regular
