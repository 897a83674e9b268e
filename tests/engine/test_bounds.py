"""``Bound.read``: the plain numbers a score file is made of are looked up, every other
text is read in full, and both give the same numbers and refuse the same texts."""

import pytest

from scoring.engine.bounds import Bound
from scoring.engine.errors import HandError, RulesError

FAAN = Bound("faan", -3, 13)
WIDE = Bound("points", 0, 10**6)  # too wide to list its plain numbers


@pytest.mark.parametrize(
    ("bound", "text", "number"),
    [
        (FAAN, "7", 7),
        (FAAN, "007", 7),
        (FAAN, "-3", -3),
        (FAAN, "-03", -3),
        (FAAN, "-0", 0),
        (FAAN, "13", 13),
        (WIDE, "1000000", 10**6),
        (WIDE, "0001000000", 10**6),
    ],
)
def test_it_reads_numbers_in_range(bound: Bound, text: str, number: int) -> None:
    assert bound.read(text, field="faan") == number


@pytest.mark.parametrize(
    ("bound", "text"),
    [
        (FAAN, "14"),
        (FAAN, "-4"),
        (FAAN, "--3"),
        (FAAN, "+3"),
        (FAAN, "²"),
        (FAAN, "١"),
        (FAAN, " 3"),
        (FAAN, ""),
        (FAAN, "9" * 5000),
        (WIDE, "-1"),
        (WIDE, "1000001"),
    ],
)
def test_it_refuses_anything_else_naming_the_bound(bound: Bound, text: str) -> None:
    with pytest.raises(RulesError) as refused:
        bound.read(text, field="rules", where="line 3", error=RulesError)

    assert refused.value.field == "rules"
    assert str(refused.value) == f"line 3: {bound.message}"


def test_a_range_that_does_not_allow_negatives_refuses_a_sign() -> None:
    with pytest.raises(HandError):
        Bound("cards left", 0, 13).read("-0", field="losses")


def test_only_a_small_range_lists_its_plain_numbers() -> None:
    assert list(FAAN.plain_numbers) == [str(number) for number in range(-3, 14)]
    assert WIDE.plain_numbers == {}
