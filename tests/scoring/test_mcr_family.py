"""The MCR family adapter: typed fan or tiles, the 8-fan minimum, duplicate wins, winds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.families import get_family
from scoring.families.mcr import winds_for_hand

FAMILY = get_family("mcr")
PARAMS = FAMILY.default_params()
DUPLICATE = {**PARAMS, "scoring": "duplicate"}
MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s"}  # 14 fan


def points(hand: dict[str, Any], params: dict[str, Any] = PARAMS) -> list[int]:
    return [int(r.points) for r in FAMILY.score_hand(FAMILY.clean_hand(hand, params), params)]


def test_a_discard_win_costs_the_discarder_eight_plus_fan_and_the_others_eight() -> None:
    assert points({"outcome": "discard", "winner": 0, "discarder": 2, "fan": 8}) == [
        32,
        -8,
        -16,
        -8,
    ]


def test_a_self_drawn_win_costs_everyone_eight_plus_fan() -> None:
    assert points({"outcome": "self_drawn", "winner": 3, "fan": 10}) == [-18, -18, -18, 54]


def test_tiles_are_evaluated_with_every_fan() -> None:
    hand = {"outcome": "discard", "winner": 1, "discarder": 0, "hand": MIXED_STRAIGHT}
    assert points(hand) == [-22, 38, -8, -8]
    evaluation = FAMILY.evaluate(hand, PARAMS)
    assert evaluation is not None and evaluation["total"] == 14
    assert "mixed_straight" in [p["id"] for p in evaluation["patterns"]]
    results = FAMILY.score_hand(hand, PARAMS)
    assert results[1].hand_value == 14 and results[0].blamed and not results[0].false_win


def test_a_hand_under_eight_fan_is_no_win() -> None:
    cheap = {"concealed": "123m456m789p234s55s", "winning_tile": "4s"}
    with pytest.raises(EngineError, match="needs 8") as caught:
        FAMILY.clean_hand(
            {"outcome": "discard", "winner": 0, "discarder": 1, "hand": cheap}, PARAMS
        )
    assert caught.value.field == "hand"
    with pytest.raises(EngineError) as typed:
        FAMILY.clean_hand({"outcome": "discard", "winner": 0, "discarder": 1, "fan": 7}, PARAMS)
    assert typed.value.field == "fan"


def test_a_false_win_pays_the_penalty_to_each_other_player() -> None:
    params = {**PARAMS, "false_win_penalty": 30}
    results = FAMILY.score_hand({"outcome": "false_win", "offender": 1}, params)
    assert [int(r.points) for r in results] == [30, -90, 30, 30]
    assert [r.false_win for r in results] == [False, True, False, False]


def test_duplicate_scoring_lets_two_players_win_on_one_discard() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "fan": 12,
        "discarder": 0,
        "winners": [{"seat": 3, "fan": 12}],
    }
    assert points(hand, DUPLICATE) == [-32, 36, -8, 36]  # python-majiang example_2.pmn


def test_standard_scoring_has_one_winner() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "fan": 12,
        "discarder": 0,
        "winners": [{"seat": 3, "fan": 12}],
    }
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, PARAMS)
    assert caught.value.field == "winners"


def test_flowers_are_refused_when_the_rule_set_plays_without_them() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "discarder": 0,
        "hand": {**MIXED_STRAIGHT, "bonus": "1f"},
    }
    assert FAMILY.evaluate(hand, PARAMS)["total"] == 15  # type: ignore[index]
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, {**PARAMS, "flowers": False})
    assert caught.value.field == "bonus"


@pytest.mark.parametrize(
    ("number", "prevailing", "first_seat"),
    [
        (1, "1z", "1z"),
        (2, "1z", "4z"),
        (4, "1z", "2z"),
        (5, "2z", "1z"),
        (16, "4z", "2z"),
        (17, "1z", "1z"),
    ],
)
def test_the_winds_follow_the_sixteen_hand_game(
    number: int, prevailing: str, first_seat: str
) -> None:
    winds = winds_for_hand(number)
    assert winds["prevailing_wind"] == prevailing and winds["seat_winds"][0] == first_seat
    assert sorted(winds["seat_winds"]) == ["1z", "2z", "3z", "4z"]


def test_table_points_are_shared_when_tied() -> None:
    shares = FAMILY.session_table_points([Fraction(10), Fraction(10), Fraction(-5), Fraction(-15)])
    assert shares == (3, 3, 1, 0)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"preset": "riichi"}, "rules"),
        ({"false_win_penalty": -1}, "false_win_penalty"),
        ({"scoring": "team"}, "scoring"),
        ({"flowers": 1}, "flowers"),
    ],
)
def test_bad_parameters_name_the_field(params: dict[str, Any], field: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_params({**PARAMS, **params})
    assert caught.value.field == field
