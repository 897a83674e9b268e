"""The Zung Jung family adapter: parameters, typed and tile input, scores and facts."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.families import get_family
from scoring.forms.tiles import parse_melds

FAMILY = get_family("zung_jung")
PARAMS = FAMILY.default_params()
ALL_SEQUENCES = {"concealed": "123m456m789p234s55s", "winning_tile": "4s", "self_drawn": True}
DRAGON_PUNGS = {
    "concealed": "11m22m33m77z",
    "melds": [{"type": "pung", "tiles": "555z"}, {"type": "pung", "tiles": "666z"}],
    "winning_tile": "3m",
}


def points(hand: dict[str, Any], params: dict[str, Any] = PARAMS) -> list[int]:
    cleaned = FAMILY.clean_hand(hand, params)
    return [int(result.points) for result in FAMILY.score_hand(cleaned, params)]


def test_typed_points_are_paid_by_each_loser() -> None:
    assert points({"outcome": "discard", "winner": 1, "discarder": 2, "points": 25}) == [
        -25,
        75,
        -25,
        -25,
    ]


def test_the_discarder_can_pay_for_everyone() -> None:
    params = {**PARAMS, "payoff": "discarder_pays_all"}
    hand = {"outcome": "discard", "winner": 1, "discarder": 2, "points": 25}
    assert points(hand, params) == [0, 75, -75, 0]


def test_tiles_are_evaluated_and_their_total_is_paid() -> None:
    hand = {"outcome": "self_drawn", "winner": 0, "hand": ALL_SEQUENCES}
    assert points(hand) == [45, -15, -15, -15]
    evaluation = FAMILY.evaluate(FAMILY.clean_hand(hand, PARAMS), PARAMS)
    assert evaluation is not None and evaluation["total"] == 15
    assert [p["id"] for p in evaluation["patterns"]] == [
        "all_sequences",
        "concealed_hand",
        "self_drawn",
    ]


def test_the_winner_is_credited_with_the_hand_value() -> None:
    hand = {"outcome": "discard", "winner": 3, "discarder": 1, "hand": DRAGON_PUNGS}
    results = FAMILY.score_hand(FAMILY.clean_hand(hand, PARAMS), PARAMS)
    assert [r.won for r in results] == [False, False, False, True]
    assert [r.blamed for r in results] == [False, True, False, False]
    assert results[3].hand_value == FAMILY.evaluate(hand, PARAMS)["total"]  # type: ignore[index]
    assert sum(r.points for r in results) == 0


def test_an_illegal_call_costs_the_penalty_to_each_other_player() -> None:
    results = FAMILY.score_hand({"outcome": "illegal_call", "offender": 2}, PARAMS)
    assert [int(r.points) for r in results] == [40, 40, -120, 40]
    assert [r.false_win for r in results] == [False, False, True, False]


def test_a_draw_pays_nothing() -> None:
    assert points({"outcome": "draw"}) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("hand", "field", "words"),
    [
        (
            {"outcome": "self_drawn", "winner": 0, "hand": {**ALL_SEQUENCES, "self_drawn": False}},
            "hand",
            "self-drawn",
        ),
        (
            {
                "outcome": "self_drawn",
                "winner": 0,
                "hand": {**ALL_SEQUENCES, "concealed": "123m456m789p234s5s"},
            },
            "concealed",
            "13 tiles",
        ),
        (
            {
                "outcome": "self_drawn",
                "winner": 0,
                "hand": {**ALL_SEQUENCES, "concealed": "123m456m789p234s59s"},
            },
            "concealed",
            "no winning",
        ),
        (
            {"outcome": "self_drawn", "winner": 0, "points": 5, "hand": ALL_SEQUENCES},
            "points",
            "not both",
        ),
        ({"outcome": "discard", "winner": 0, "discarder": 0, "points": 5}, "discarder", "winner"),
        ({"outcome": "discard", "winner": 0, "points": 5}, "discarder", "missing"),
        ({"outcome": "self_drawn", "winner": 0}, "points", "missing"),
        ({"outcome": "win", "winner": 0}, "outcome", "outcome"),
        ({"outcome": "draw", "colour": "red"}, "colour", "unknown"),
    ],
)
def test_bad_hands_name_the_field(hand: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, PARAMS)
    assert caught.value.field == field
    assert words in caught.value.message


def test_a_minimum_refuses_cheap_hands() -> None:
    params = {**PARAMS, "minimum": 20}
    with pytest.raises(EngineError, match="need 20"):
        FAMILY.clean_hand({"outcome": "self_drawn", "winner": 0, "hand": ALL_SEQUENCES}, params)


def test_flowers_count_only_when_the_rule_set_plays_them() -> None:
    hand = {"outcome": "self_drawn", "winner": 0, "hand": {**ALL_SEQUENCES, "bonus": "1f"}}
    with_flowers = FAMILY.evaluate(hand, PARAMS)
    without = FAMILY.evaluate(hand, {**PARAMS, "flowers": False})
    assert with_flowers is not None and without is not None
    assert with_flowers["total"] == without["total"] + 2


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"preset": "riichi"}, "preset"),
        ({"payoff": "winner_takes_all"}, "payoff"),
        ({"minimum": "five"}, "minimum"),
        ({"illegal_call": -5}, "illegal_call"),
        ({"flowers": "yes"}, "flowers"),
    ],
)
def test_bad_parameters_name_the_field(params: dict[str, Any], field: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_params({**PARAMS, **params})
    assert caught.value.field == field


def test_the_official_preset_has_no_illegal_call_unless_the_club_sets_one() -> None:
    cleaned = FAMILY.clean_params(
        {"preset": "official", "payoff": "each_loser_pays", "flowers": False}
    )
    assert cleaned["illegal_call"] is None
    with pytest.raises(EngineError, match="no Illegal Call"):
        FAMILY.clean_hand({"outcome": "illegal_call", "offender": 1}, cleaned)


def test_declared_sets_are_read_from_text() -> None:
    assert parse_melds("123m, 555z -7777p") == [
        {"type": "chow", "tiles": "123m", "concealed": False},
        {"type": "pung", "tiles": "555z", "concealed": False},
        {"type": "kong", "tiles": "7777p", "concealed": True},
    ]


@pytest.mark.parametrize("text", ["12m", "135m", "55z5", "1x2"])
def test_impossible_declared_sets_are_refused(text: str) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        parse_melds(text)


def test_a_hand_from_tiles_is_described_with_its_points_even_without_its_evaluation() -> None:
    hand = {"outcome": "self_drawn", "winner": 2, "hand": ALL_SEQUENCES}
    total = FAMILY.evaluate(hand, PARAMS)["total"]
    text = FAMILY.describe_hand(hand, ["A", "B", "C", "D"], params=PARAMS)
    assert text == f"C self-drawn, {total} points from tiles (自摸)"
