"""Payment methods 0-4 on hand-computed examples, the manual's matrix, and zero sums (§5)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.classical.model import PaymentMethod
from scoring.engine.classical.payments import net, settle
from scoring.engine.errors import HandError

# The manual's hand 3: Joe (seat 0, North) went Mahjong; Keith (seat 1) is East.
JOE, KEITH, LARRY, DAVID = range(4)
MANUAL_SCORES = [Fraction(s) for s in (104, 64, 24, 4)]


def nets(
    scores: list[int], winner: int | None, east: int, method: int, discarder: int | None = None
) -> list[Fraction]:
    matrix = settle(
        [Fraction(s) for s in scores],
        winner=winner,
        east=east,
        method=PaymentMethod(method),
        discarder=discarder,
    )
    return list(net(matrix))


@pytest.mark.parametrize(
    ("method", "discarder", "expected"),
    [
        (0, None, [312, -104, -104, -104]),
        (1, None, [416, -208, -104, -104]),
        (2, None, [260, 120, -140, -240]),
        (3, None, [416, -8, -164, -244]),
        (4, LARRY, [416, 0, -416, 0]),
        (4, None, [416, -208, -104, -104]),  # self-drawn: as method 1
    ],
)
def test_every_row_of_the_manuals_payment_table(
    method: int, discarder: int | None, expected: list[int]
) -> None:
    assert nets([104, 64, 24, 4], JOE, KEITH, method, discarder) == expected


def test_the_manuals_method_3_matrix() -> None:
    matrix = settle(MANUAL_SCORES, winner=JOE, east=KEITH, method=PaymentMethod(3))
    assert matrix == (
        (0, 208, 104, 104),
        (-208, 0, 80, 120),
        (-104, -80, 0, 20),
        (-104, -120, -20, 0),
    )


@pytest.mark.parametrize(
    ("method", "east", "expected"),
    [
        (0, 1, [50, -50]),
        (1, 1, [100, -100]),  # East loses
        (2, 1, [60, -60]),
        (3, 1, [100, -100]),
        (4, 1, [100, -100]),
        (1, 0, [100, -100]),  # East wins
        (2, 0, [60, -60]),
    ],
)
def test_two_players(method: int, east: int, expected: list[int]) -> None:
    assert nets([50, 20], 0, east, method, 1 if method == 4 else None) == expected


@pytest.mark.parametrize(
    ("method", "east", "discarder", "expected"),
    [
        (0, 0, None, [-40, -40, 80]),
        (1, 0, None, [-80, -40, 120]),
        (2, 0, None, [-100, 30, 70]),
        (3, 0, None, [-120, 0, 120]),
        (4, 0, 1, [0, -120, 120]),
        (4, 0, None, [-80, -40, 120]),
        (1, 2, None, [-80, -80, 160]),  # East wins: everyone pays double
        (2, 2, None, [-80, 0, 80]),
        (3, 2, None, [-100, -60, 160]),
    ],
)
def test_three_players(method: int, east: int, discarder: int | None, expected: list[int]) -> None:
    assert nets([10, 30, 40], 2, east, method, discarder) == expected


def test_east_doubling_is_not_capped_by_the_limit() -> None:
    matrix = settle(
        [Fraction(1000), Fraction(0), Fraction(0), Fraction(0)],
        winner=0,
        east=1,
        method=PaymentMethod(3),
    )
    assert matrix[1][0] == -2000
    assert net(matrix)[0] == 4000


def test_a_draw_pays_nothing() -> None:
    for method in PaymentMethod:
        assert set(nets([104, 64, 24, 4], None, 1, method)) == {0}


def test_a_cannon_moves_the_payments_to_the_winner_onto_the_discarder() -> None:
    matrix = settle(
        MANUAL_SCORES, winner=JOE, east=KEITH, method=PaymentMethod(3), discarder=LARRY, cannon=True
    )
    assert list(net(matrix)) == [416, 200, -476, -140]
    assert matrix[JOE] == (0, 0, 416, 0)
    assert matrix[KEITH][LARRY] == 80  # the losers still settle their differences (A10)


@pytest.mark.parametrize(
    ("winner", "discarder", "cannon", "message"),
    [
        (0, 0, False, "the Mahjong player cannot have discarded the winning tile"),
        (0, None, True, "a cannon needs the player who discarded the winning tile"),
        (None, 1, False, "a draw has no discarder"),
        (5, None, False, "the winner must be one of the 4 players at the table"),
    ],
)
def test_impossible_payments_are_refused(
    winner: int | None, discarder: int | None, cannon: bool, message: str
) -> None:
    with pytest.raises(HandError, match=message):
        settle(
            MANUAL_SCORES,
            winner=winner,
            east=1,
            method=PaymentMethod(3),
            discarder=discarder,
            cannon=cannon,
        )


@st.composite
def hands(draw: st.DrawFn) -> dict[str, object]:
    size = draw(st.integers(2, 4))
    seats = st.integers(0, size - 1)
    scores = draw(st.lists(st.fractions(0, 2000, max_denominator=8), min_size=size, max_size=size))
    winner = draw(st.none() | seats)
    discarder = None if winner is None else draw(st.none() | seats.filter(lambda s: s != winner))
    return {
        "scores": scores,
        "winner": winner,
        "east": draw(seats),
        "method": draw(st.sampled_from(PaymentMethod)),
        "discarder": discarder,
        "cannon": discarder is not None and draw(st.booleans()),
    }


@given(hands())
def test_every_settlement_is_antisymmetric_and_sums_to_zero(hand: dict[str, object]) -> None:
    scores = hand.pop("scores")
    assert isinstance(scores, list)
    matrix = settle(scores, **hand)  # type: ignore[arg-type]
    size = len(scores)
    assert all(matrix[i][j] == -matrix[j][i] for i in range(size) for j in range(size))
    assert sum(net(matrix)) == 0
