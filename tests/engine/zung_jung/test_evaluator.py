"""Zung Jung evaluation: every worked example of zung-jung.md §8 under both presets."""

from typing import Any

import pytest

from scoring.engine.errors import HandError
from scoring.engine.hand import hand_from_json
from scoring.engine.zung_jung import OFFICIAL, SEED, evaluate, evaluate_declared
from scoring.engine.zung_jung.notation import hand_json_from_seed

CONTEXT = {"seat_wind": "2z", "prevailing_wind": "1z"}


def hand(text: str, **context: Any) -> Any:
    return hand_from_json(hand_json_from_seed(text, **{**CONTEXT, **context}))


def patterns(result: Any) -> dict[str, int]:
    return {p.id: p.value * p.count for p in result.patterns}


# id, hand, extra context, seed total, seed patterns (id: points), v3.3 total, v3.3 patterns
EXAMPLES = [
    (
        "Z01",
        "-c5c5 -c1c2c3 -b4b5b6 -b6b7b8 +k3k4k5",
        {},
        10,
        {"all_sequences": 5, "concealed_hand": 5},
        10,
        {"all_sequences": 5, "concealed_hand": 5},
    ),
    (
        "Z02",
        "-c5c5 -c2c3c4 -b4b5b6 -b6b7b8 -k3k4k5",
        {},
        20,
        {"all_sequences": 5, "concealed_hand": 5, "self_drawn": 5, "all_simples": 5},
        15,
        {"all_sequences": 5, "concealed_hand": 5, "all_simples": 5},
    ),
    (
        "Z03",
        "+b1b2b3 +b7b8b9 +drdrdr -b5b5b5 +wewe",
        {},
        55,
        {"mixed_one_suit": 40, "dragon_triplet": 10, "two_tailed_terminal_sequences": 5},
        50,
        {"mixed_one_suit": 40, "value_honour": 10},
    ),
    (
        "Z04",
        "+k2k2k2 +k4k4k4 +k6k6k6 -k8k8k8 +k9k9",
        {},
        110,
        {"pure_one_suit": 80, "all_triplets": 30},
        110,
        {"pure_one_suit": 80, "all_triplets": 30},
    ),
    (
        "Z05",
        "-c1c1 -c9c9 -b5b5 -k3k3 -wnwn -dgdg +dwdw",
        {},
        45,
        {"seven_pairs": 30, "concealed_hand": 5, "all_types": 10},
        35,
        {"seven_pairs": 30, "concealed_hand": 5},
    ),
    (
        "Z06",
        "+drdrdr +dgdgdg -c2c3c4 -c6c7c8 +dwdw",
        {},
        100,
        {"little_three_dragons": 40, "dragon_triplet": 20, "mixed_one_suit": 40},
        100,
        {"little_three_dragons": 40, "value_honour": 20, "mixed_one_suit": 40},
    ),
    (
        "Z07",
        "+drdrdr +dgdgdg +dwdwdw +b2b3b4 +b9b9",
        {},
        200,
        {"big_three_dragons": 130, "dragon_triplet": 30, "mixed_one_suit": 40},
        200,
        {"big_three_dragons": 130, "value_honour": 30, "mixed_one_suit": 40},
    ),
    (
        "Z08",
        "-k1k1k1 -k2k2k2 -k3k3k3 -k4k4k4 +k9k9",
        {},
        320,
        {
            "four_concealed_triplets": 125,
            "all_triplets": 30,
            "four_consecutive_triplets": 200,
            "pure_one_suit": 80,
            "concealed_hand": 5,
        },
        320,
        {
            "four_concealed_triplets": 125,
            "all_triplets": 30,
            "four_consecutive_triplets": 200,
            "pure_one_suit": 80,
            "concealed_hand": 5,
        },
    ),
    (
        "Z09",
        "!c1c9b1b9k1k9wewswwwndrdgdw/dr",
        {},
        320,
        {"thirteen_orphans_13_way": 320},
        160,
        {"thirteen_orphans": 160},
    ),
    (
        "Z10",
        "!b1b1b1b2b3b4b5b6b7b8b9b9b9/b9",
        {},
        480,
        {"nine_gates": 480},
        480,
        {"nine_gates": 480},
    ),
    (
        "Z11",
        "+c2c3c4 +b2b3b4 +k2k3k4 -c6c7c8 +b5b5",
        {},
        45,
        {"three_similar_sequences": 35, "all_sequences": 5, "all_simples": 5},
        45,
        {"three_similar_sequences": 35, "all_sequences": 5, "all_simples": 5},
    ),
    (
        "Z12",
        "-k1k2k3 -k4k5k6 -k7k8k9 -c5c5 -b2b3b4",
        {},
        60,
        {
            "nine_tile_straight": 40,
            "two_tailed_terminal_sequences": 5,
            "all_sequences": 5,
            "concealed_hand": 5,
            "self_drawn": 5,
        },
        50,
        {"nine_tile_straight": 40, "all_sequences": 5, "concealed_hand": 5},
    ),
    (
        "Z13",
        "-b3b4b5 -b3b4b5 +wnwnwn +b7b8b9 +wewe",
        {},
        55,
        {"two_identical_sequences": 10, "mixed_one_suit": 40, "wind_triplet": 5},
        50,
        {"two_identical_sequences": 10, "mixed_one_suit": 40},
    ),
    (
        "Z14",
        "+c3c3c3c3 ^b7b7b7b7 +k5k5k5 +dgdgdg +wsws",
        {},
        70,
        {"all_triplets": 30, "two_quartets": 20, "dragon_triplet": 10, "all_types": 10},
        60,
        {"all_triplets": 30, "two_quartets": 20, "value_honour": 10},
    ),
    (
        "Z15",
        "+wewewe +wswsws +wwwwww +c1c2c3 +wnwn",
        {},
        320,
        {"little_four_winds": 320},
        320,
        {"little_four_winds": 320},
    ),
    (
        "Z16",
        "-c2c2 -c2c2 -b5b5 -b6b6 -k7k7 -k8k8 +c4c4",
        {},
        40,
        {"seven_pairs": 30, "concealed_hand": 5, "all_simples": 5},
        40,
        {"seven_pairs": 30, "concealed_hand": 5, "all_simples": 5},
    ),
    (
        "Z17",
        "+c1c2c3 +b5b5b5 +k7k8k9 +wewewe -c9c9",
        {"bonus": "16f7f", "last_tile_of_wall": True},
        26,
        {"wind_triplet": 5, "self_drawn": 5, "final_draw": 10, "bonus_tile": 6},
        10,
        {"final_draw": 10},
    ),
    (
        "Z18",
        "+c1c1c1 +b9b9b9 +wnwnwn +drdrdr -k1k1",
        {},
        160,
        {
            "mixed_greater_terminals": 100,
            "all_triplets": 30,
            "dragon_triplet": 10,
            "wind_triplet": 5,
            "self_drawn": 5,
            "all_types": 10,
        },
        140,
        {"mixed_greater_terminals": 100, "all_triplets": 30, "value_honour": 10},
    ),
    (
        "Z20",
        "-b4b4b4 -b5b5b5 -b6b6b6 +c7c8c9 +dwdw",
        {},
        130,
        {"three_consecutive_triplets": 100, "three_concealed_triplets": 30},
        130,
        {"three_consecutive_triplets": 100, "three_concealed_triplets": 30},
    ),
    (
        "Z21",
        "-c1c1c1 -c2c2c2 -c3c3c3 -k5k6k7 -b8b8",
        {},
        140,
        {
            "three_consecutive_triplets": 100,
            "three_concealed_triplets": 30,
            "concealed_hand": 5,
            "self_drawn": 5,
        },
        135,
        {"three_consecutive_triplets": 100, "three_concealed_triplets": 30, "concealed_hand": 5},
    ),
    (
        "Z22",
        "+k5k5k5 +k6k6k6 +k7k7k7 +k5k6k7 +dgdg",
        {},
        320,
        {"three_mothers": 320},
        140,
        {"three_consecutive_triplets": 100, "mixed_one_suit": 40},
    ),
    (
        "Z24",
        "-b1b2b3 -b4b5b6 -b7b8b9 -k5k5 -k2k3k4",
        {},
        60,
        {
            "nine_tile_straight": 40,
            "two_tailed_terminal_sequences": 5,
            "all_sequences": 5,
            "concealed_hand": 5,
            "self_drawn": 5,
        },
        50,
        {"nine_tile_straight": 40, "all_sequences": 5, "concealed_hand": 5},
    ),
    (
        "Z25",
        "+c1c2c3 +b3b4b5 +k3k4k5 +wewewe +dgdg",
        {},
        15,
        {"wind_triplet": 5, "all_types": 10},
        1,
        {"chicken_hand": 1},
    ),
]


@pytest.mark.parametrize(
    ("text", "context", "total", "expected"),
    [pytest.param(row[1], row[2], row[3], row[4], id=row[0]) for row in EXAMPLES],
)
def test_seed_preset_scores_the_worked_examples(
    text: str, context: dict[str, Any], total: int, expected: dict[str, int]
) -> None:
    result = evaluate(hand(text, **context), SEED)
    assert (result.total, patterns(result)) == (total, expected)


@pytest.mark.parametrize(
    ("text", "context", "total", "expected"),
    [pytest.param(row[1], row[2], row[5], row[6], id=row[0]) for row in EXAMPLES],
)
def test_official_preset_scores_the_worked_examples(
    text: str, context: dict[str, Any], total: int, expected: dict[str, int]
) -> None:
    result = evaluate(hand(text, **context), OFFICIAL)
    assert (result.total, patterns(result)) == (total, expected)


def test_z19_a_declared_win_without_a_winning_hand_is_an_illegal_call() -> None:
    data = {"concealed": "1p2s3m444p567s789m55z", "winning_tile": "5z", **CONTEXT}
    result = evaluate_declared(hand_from_json(data), SEED)
    assert (result.total, patterns(result)) == (-40, {"illegal_call": -40})
    with pytest.raises(HandError, match="no winning hand"):
        evaluate(hand_from_json(data), SEED)
    with pytest.raises(HandError, match="no winning hand"):  # v3.3 has no Illegal Call
        evaluate_declared(hand_from_json(data), OFFICIAL)


def test_z23_five_west_winds_are_rejected_not_scored() -> None:
    with pytest.raises(HandError, match="5 copies of 3z"):
        hand("+c8c8c8 +wswsws +wwwwww -dwdwdw +wwww")


@pytest.mark.parametrize(
    ("text", "context", "total", "expected"),
    [
        (
            "+b1b1b1 +b9b9b9 -b1b2b3 -c3c3 +b7b8b9",
            {"bonus": "5f"},
            122,
            {"two_tailed_terminals": 120, "bonus_tile": 2},
        ),
        (
            "+b1b2b3 +b7b8b9 -k1k2k3 -c3c3 +k7k8k9",
            {"bonus": "2f"},
            17,
            {"two_tailed_terminal_sequences": 10, "all_sequences": 5, "bonus_tile": 2},
        ),
        (
            "+c1c1c1 +c9c9c9 +b1b1b1 +b9b9b9 +k9k9",
            {},
            400,
            {"pure_greater_terminals": 400},
        ),
    ],
)
def test_more_seed_checks(
    text: str, context: dict[str, Any], total: int, expected: dict[str, int]
) -> None:
    result = evaluate(hand(text, **context), SEED)
    assert (result.total, patterns(result)) == (total, expected)


def test_the_result_has_the_hand_json_shape() -> None:
    result = evaluate(hand("+k2k2k2 +k4k4k4 +k6k6k6 -k8k8k8 +k9k9"), SEED).to_json()
    assert result == {
        "ok": True,
        "family": "zung_jung",
        "preset": "seed",
        "total": 110,
        "total_without_bonus": 110,
        "meets_minimum": True,
        "limit": False,
        "patterns": [
            {
                "id": "all_triplets",
                "name": "All Triplets",
                "name_zh": "對對和",
                "value": 30,
                "count": 1,
            },
            {
                "id": "pure_one_suit",
                "name": "Pure One-Suit",
                "name_zh": "清一色",
                "value": 80,
                "count": 1,
            },
        ],
        "arrangement": ["222m", "444m", "666m", "888m", "99m"],
    }
