"""The suit-by-suit completion test the MCR waits use agrees with the full search of
``shapes.standard_groupings`` (issue 38: the waits are found suit by suit, cached)."""

from __future__ import annotations

import random

from scoring.engine.mcr.knitted import (
    KNITTED_SETS,
    knitted_straight_groupings,
    knitted_tiles,
    single_wait,
    standard_complete,
    wait_kinds,
)
from scoring.engine.shapes import standard_groupings
from scoring.engine.tiles import KINDS, counts, parse_tiles


def _random_counts(rng: random.Random) -> list[int]:
    held = [0] * KINDS
    kinds = rng.sample(range(KINDS), rng.randint(1, 8))  # few kinds, so many complete
    for _ in range(rng.choice((2, 3, 5, 8, 11, 13, 14))):
        kind = rng.choice(kinds)
        if held[kind] < 4:
            held[kind] += 1
    return held


def test_it_agrees_with_the_grouping_search() -> None:
    rng = random.Random(38)
    complete = 0
    for _ in range(20_000):
        held = _random_counts(rng)
        expected = bool(standard_groupings(tuple(held)))
        assert standard_complete(held) is expected, held
        complete += expected
    assert complete > 500  # the sample holds complete hands, not only broken ones


def test_honours_complete_as_pungs_and_one_pair() -> None:
    assert standard_complete(counts(parse_tiles("111222z33z")))
    assert not standard_complete(counts(parse_tiles("1111z22z")))  # no kong among sets
    assert not standard_complete(counts(parse_tiles("11z22z")))  # two pairs


def test_waits_are_found_suit_by_suit() -> None:
    assert wait_kinds(tuple(counts(parse_tiles("1112345678999m")))) == tuple(range(9))
    assert single_wait(tuple(counts(parse_tiles("123m456p789s12s55z"))))
    assert not single_wait(tuple(counts(parse_tiles("123m456p789s23s55z"))))


def test_a_single_wait_is_one_kind_among_the_waits() -> None:
    rng = random.Random(39)
    singles = 0
    for _ in range(20_000):
        held = [0] * KINDS
        kinds = rng.sample(range(KINDS), rng.randint(1, 10))
        for _ in range(rng.choice((1, 4, 7, 10, 13, 13))):
            kind = rng.choice(kinds)
            held[kind] += held[kind] < 4
        if sum(held) % 3 != 1:
            continue  # not a hand one tile short of a win
        expected = len(wait_kinds(tuple(held))) == 1
        assert single_wait(tuple(held)) is expected, held
        singles += expected
    assert singles > 500


def test_a_single_wait_near_a_knitted_straight_is_one_kind_among_the_waits() -> None:
    rng = random.Random(40)
    knitted_waits = 0
    for _ in range(5_000):
        held = [0] * KINDS
        tiles = list(knitted_tiles(rng.choice(KNITTED_SETS)))
        for t in rng.sample(tiles, rng.choice((7, 8, 8, 9))):
            held[t] += 1
        while sum(held) < rng.choice((10, 13)):
            kind = rng.randrange(KINDS)
            held[kind] += held[kind] < 4
        if sum(held) % 3 != 1:
            continue
        expected = wait_kinds(tuple(held))
        assert single_wait(tuple(held)) is (len(expected) == 1), held
        knitted_waits += any(knitted_straight_groupings(_with(held, t)) for t in expected)
    assert knitted_waits > 200  # the sample holds hands a tile from a knitted straight


def _with(held: list[int], kind: int) -> tuple[int, ...]:
    return tuple(count + (index == kind) for index, count in enumerate(held))


def test_a_single_wait_near_seven_pairs_is_one_kind_among_the_waits() -> None:
    rng = random.Random(42)
    singles = 0
    for _ in range(5_000):
        held = [0] * KINDS
        suit = rng.randrange(3) * 9
        kinds = rng.sample(range(suit, suit + 9), 7) if rng.random() < 0.7 else None
        for kind in kinds or rng.sample(range(KINDS), 7):
            held[kind] += 2
        held[rng.choice([t for t in range(KINDS) if held[t]])] -= 1  # a pair a tile short
        expected = wait_kinds(tuple(held))
        assert single_wait(tuple(held)) is (len(expected) == 1), held
        singles += len(expected) == 1
    assert singles > 500
