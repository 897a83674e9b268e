"""Hand shapes: every grouping once, every winning-tile placement, the registry and waits."""

import random

import pytest

from scoring.engine import shapes
from scoring.engine.hand import hand_from_json
from scoring.engine.shapes import (
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    Group,
    GroupKind,
    arrangements,
    groupings,
    is_winning,
    register_shape,
    waits,
)
from scoring.engine.tiles import counts, format_tiles, parse_tiles


def key(text: str) -> tuple[int, ...]:
    return tuple(counts(parse_tiles(text)))


def readings(shape: str, text: str) -> list[list[str]]:
    return [[group.code() for group in grouping] for grouping in groupings(shape, key(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456p789s11z555s", [["123m", "456p", "555s", "789s", "11z"]]),
        (
            "111222333m55p",
            [["111m", "222m", "333m", "55p"], ["123m", "123m", "123m", "55p"]],
        ),
        (
            "1112345678999m",
            [],  # thirteen tiles complete nothing
        ),
        ("11112345678999m", [["111m", "123m", "456m", "789m", "99m"]]),
        (
            "22334455667788m",
            [
                ["234m", "234m", "567m", "567m", "88m"],
                ["234m", "234m", "678m", "678m", "55m"],
                ["345m", "345m", "678m", "678m", "22m"],
            ],
        ),
        ("5z", []),
        ("55z", [["55z"]]),
        ("1z23m", []),
    ],
)
def test_standard_groupings_are_found_once_each(text: str, expected: list[list[str]]) -> None:
    found = readings(STANDARD, text)
    assert len(found) == len({tuple(reading) for reading in found}), "a reading repeats"
    assert found == expected
    for reading in found:
        assert sorted(parse_tiles("".join(reading))) == sorted(parse_tiles(text))


def test_seven_pairs_and_double_pairs() -> None:
    assert readings(SEVEN_PAIRS, "22224455m667788p") == [
        ["22m", "22m", "44m", "55m", "66p", "77p", "88p"]
    ]
    assert readings(SEVEN_PAIRS, "2224455m6677889p") == []


def test_thirteen_orphans_has_its_pair_last() -> None:
    (reading,) = readings(THIRTEEN_ORPHANS, "19m19p19s12345677z")
    assert reading[-1] == "77z" and len(reading) == 13
    assert readings(THIRTEEN_ORPHANS, "19m19p19s1234567z9m") == [
        ["1m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z", "99m"]
    ]
    assert readings(THIRTEEN_ORPHANS, "19m19p19s1234566z") == []


def test_a_hand_that_is_seven_pairs_and_standard_has_both_readings() -> None:
    hand = hand_from_json({"concealed": "112233m445566p77s", "winning_tile": "7s"})
    found = {(a.shape, tuple(a.codes())) for a in arrangements(hand)}
    assert (SEVEN_PAIRS, ("11m", "22m", "33m", "44p", "55p", "66p", "77s*")) in found
    assert (STANDARD, ("123m", "123m", "456p", "456p", "77s*")) in found


def test_a_discard_that_completes_a_pung_makes_it_exposed_but_a_chow_reading_is_offered() -> None:
    hand = hand_from_json({"concealed": "111123p456s789s55m", "winning_tile": "1p"})
    found = {tuple(a.codes()): a for a in arrangements(hand)}
    in_pung = found[("111p*", "123p", "456s", "789s", "55m")]
    in_chow = found[("111p", "123p*", "456s", "789s", "55m")]
    assert not in_pung.winning_group.concealed
    assert in_chow.groups[0] == Group(GroupKind.PUNG, 9, concealed=True)
    assert len(found) == 2


def test_a_self_drawn_pung_stays_concealed() -> None:
    hand = hand_from_json(
        {"concealed": "111p456s789s55m123m", "winning_tile": "1p", "self_drawn": True}
    )
    (only,) = arrangements(hand)
    assert only.winning_group == Group(GroupKind.PUNG, 9, concealed=True)


def test_declared_melds_come_first_and_are_marked() -> None:
    hand = hand_from_json(
        {
            "concealed": "123m456p55s",
            "melds": [
                {"type": "pung", "tiles": "777z"},
                {"type": "kong", "tiles": "1111s", "concealed": True},
            ],
            "winning_tile": "5s",
        }
    )
    (only,) = arrangements(hand)
    assert only.codes() == ["777z", "1111s", "123m", "456p", "55s*"]
    assert only.groups[0] == Group(GroupKind.PUNG, 33, concealed=False, declared=True)
    assert only.groups[1] == Group(GroupKind.KONG, 18, concealed=True, declared=True)


def test_identical_groups_give_one_placement() -> None:
    hand = hand_from_json({"concealed": "123123m456p789s55z", "winning_tile": "2m"})
    assert len(arrangements(hand)) == 1


def test_a_non_winning_hand_has_no_arrangement() -> None:
    hand = hand_from_json({"concealed": "124m456p789s11z555s", "winning_tile": "1z"})
    assert arrangements(hand) == ()


def test_waits_find_every_completing_tile() -> None:
    assert format_tiles(waits(counts(parse_tiles("1112345678999p")))) == "123456789p"
    assert format_tiles(waits(counts(parse_tiles("19m19p19s1234567z")))) == "19m19p19s1234567z"
    assert format_tiles(waits(counts(parse_tiles("2444m")), [STANDARD])) == "23m"
    assert is_winning(key("19m19p19s12345677z"))
    assert not is_winning(key("19m19p19s12345677z"), [STANDARD])


def test_a_family_can_register_its_own_shape() -> None:
    def knitted_only(tally: tuple[int, ...]) -> tuple[tuple[Group, ...], ...]:
        if tally == key("147m258p369s"):
            return ((Group(GroupKind.KNITTED, 0), Group(GroupKind.KNITTED, 10)),)
        return ()

    register_shape("test_knitted", knitted_only)
    try:
        assert groupings("test_knitted", key("147m258p369s"))[0][1].code() == "258p"
        assert groupings("test_knitted", key("123m")) == ()
    finally:
        del shapes.SHAPE_FINDERS["test_knitted"]
    with pytest.raises(ValueError, match="unknown hand shape"):
        groupings("test_knitted", key("123m"))


def test_arrangement_is_a_value() -> None:
    group = Group(GroupKind.PAIR, 0)
    assert Arrangement(STANDARD, (group,), 0) == Arrangement(STANDARD, (group,), 0)


def _every_split(work: list[int], pair: int | None, sets: list[tuple[str, int]]) -> list[list]:
    """The plain search over all 34 kinds at once, lowest tile first: the reference the
    suit-by-suit search must agree with, reading for reading and in the same order."""
    i = next((t for t in range(34) if work[t]), None)
    if i is None:
        return [[*sets, ("pair", pair)]] if pair is not None else []
    found: list[list] = []
    count = work[i]
    for pairs in (0, 1) if pair is None else (0,):
        for pungs in (1, 0):
            chows = count - 2 * pairs - 3 * pungs
            fits = i < 27 and i % 9 <= 6 and work[i + 1] >= chows and work[i + 2] >= chows
            if chows < 0 or (chows and not fits):
                continue
            taken = [i] + [i + 1, i + 2] * bool(chows)
            for t in taken:
                work[t] -= count if t == i else chows
            added = [("pung", i)] * pungs + [("chow", i)] * chows
            found += _every_split(work, i if pairs else pair, sets + added)
            for t in taken:
                work[t] += count if t == i else chows
    return found


def test_the_suit_by_suit_search_finds_what_the_whole_search_finds_in_its_order() -> None:
    rng = random.Random(38)
    complete = 0
    for _ in range(5_000):
        held = [0] * 34
        kinds = rng.sample(range(34), rng.randint(1, 9))
        for _ in range(rng.choice((2, 5, 8, 11, 14, 14, 17))):
            kind = rng.choice(kinds)
            held[kind] += held[kind] < 5  # five "in form", as a wait search adds one
        found = [
            [(str(group.kind), group.tile) for group in grouping]
            for grouping in groupings(STANDARD, tuple(held))
        ]
        assert found == _every_split(list(held), None, []), held
        complete += bool(found)
    assert complete > 500  # the sample holds complete hands, not only broken ones
