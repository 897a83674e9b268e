"""The quick reading of plain hand objects gives every answer the full reading gives."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scoring.engine.errors import HandError
from scoring.engine.riichi import PRESETS, evaluate_data, preset
from scoring.engine.riichi.evaluator import evaluate
from scoring.engine.riichi.hand_input import riichi_hand_from_json
from scoring.engine.riichi.quick import library_input
from tools.bench_hands import hand_lines
from tools.riichi_varied_hands import varied_line

PLAIN = {
    "concealed": "234m22456p345s",
    "melds": [{"type": "chow", "tiles": "678s", "concealed": False}],
    "winning_tile": "5s",
    "seat_wind": "2z",
    "prevailing_wind": "1z",
    "dora_indicators": "3p",
}
CLOSED = {**PLAIN, "concealed": "234m22456p345678s", "melds": [], "riichi": True}


def full(data: object, preset_name: str) -> dict[str, Any]:
    """The answer of the full reading (``riichi_hand_from_json``), an error as its message."""
    rules = preset(preset_name)
    try:
        return evaluate(riichi_hand_from_json(data, red_fives=rules.red_fives), rules).to_json()
    except HandError as error:
        return {"error": str(error), "field": error.field}


def answer(data: object, preset_name: str) -> dict[str, Any]:
    try:
        return evaluate_data(data, preset(preset_name))
    except HandError as error:
        return {"error": str(error), "field": error.field}


@pytest.mark.parametrize("preset_name", list(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_varied_hand_objects_get_the_full_readings_answers(preset_name: str, seed: int) -> None:
    rng = random.Random(seed)
    quick = 0
    for _ in range(600):
        line = varied_line(rng)
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue
        quick += library_input(data, preset(preset_name)) is not None
        assert answer(data, preset_name) == full(data, preset_name), line
    assert quick >= 100  # both readings were compared, not only the full one


def test_the_benchmarks_plain_hands_are_read_quickly() -> None:
    rules = preset("ema")
    hands = [json.loads(line) for line in hand_lines("riichi", 300, seed=5)]
    assert all(library_input(data, rules) is not None for data in hands)


@pytest.mark.parametrize(
    ("change", "quick"),
    [
        ({}, True),
        ({"self_drawn": True, "seat_wind": "1z"}, True),
        ({"ura_dora_indicators": "1m"}, False),  # without riichi
        ({"ippatsu": True}, False),  # without riichi
        ({"riichi": True}, False),  # with a melded chow
        ({"riichi": 1}, False),
        ({"haitei": True, "self_drawn": True}, False),  # riichi's name for the flag
        ({"last_discard": True}, False),
        ({"last_discard": False, "chiihou": False}, True),
        ({"bonus": "1f"}, False),
        ({"seat_wind": "5z"}, False),
        ({"seat_wind": ["2z"]}, False),
        ({"winning_tile": "9s"}, False),  # not among the concealed tiles
        ({"concealed": "234m22456p345s5s"}, False),  # 15 tiles
        ({"concealed": "234m 22456p 345s"}, False),  # words: read in full
        ({"concealed": "234m22406p345s"}, False),  # a red five
        ({"dora_indicators": "5s5s5s5s"}, False),  # a fifth 5s in sight
        ({"dora_indicators": ["3p"]}, False),
        ({"dora_indicators": "1m2m3m4m5m6m"}, False),
        ({"melds": [{"type": "chow", "tiles": "679s", "concealed": False}]}, False),
        ({"melds": [{"type": "chow", "tiles": "678s", "concealed": 0}]}, False),
        ({"melds": [{"type": "chow", "tiles": ["6s", "7s", "8s"]}]}, False),
        ({"melds": [{"type": "chow", "tiles": "678s", "from": 2}]}, False),
        ({"tenhou": False}, False),
        ({"colour": "red"}, False),
    ],
)
def test_a_changed_hand_is_read_quickly_only_when_plain_and_valid(
    change: dict[str, Any], quick: bool
) -> None:
    data = {**PLAIN, **change}
    for preset_name, rules in PRESETS.items():
        assert (library_input(data, rules) is not None) is quick
        assert answer(data, preset_name) == full(data, preset_name)


def test_four_plain_fives_go_the_full_way_under_red_fives() -> None:
    data = {**CLOSED, "concealed": "234m22p555567p345s"}
    assert library_input(data, preset("ema")) is not None
    assert library_input(data, preset("club")) is None
    assert "write it 0p" in answer(data, "club")["error"]
    assert answer(data, "ema") == full(data, "ema")
