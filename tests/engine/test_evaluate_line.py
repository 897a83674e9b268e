"""One input line of ``mahjong-score evaluate``: a result object, never an exception."""

import json

import pytest

from scoring.engine.evaluate import evaluate_line, result_text
from scoring.engine.evaluation import family, parse_rules
from scoring.engine.hand import hand_to_json
from tools.hand_gen import random_hands


def test_a_line_that_is_no_json_is_an_error_object() -> None:
    assert evaluate_line("{", family("zung_jung"), "seed")["ok"] is False


def test_a_line_in_the_seed_notation_is_scored() -> None:
    line = "-c5c5 -c1c2c3 -b4b5b6 -b6b7b8 +k3k4k5"
    assert evaluate_line(line, family("zung_jung"), "seed", "seed")["total"] == 10


@pytest.mark.parametrize("rules", ["mcr", "zung_jung:seed", "zung_jung:official", "riichi"])
def test_the_written_text_is_the_result_object_encoded(rules: str) -> None:
    chosen, preset = parse_rules(rules)
    lines: list[str | bytes] = [json.dumps(hand_to_json(h)) for h in random_hands(300, seed=38)]
    lines += ["{", "", '{"concealed": "1m"}', '["not", "a hand"]', b"\xff"]
    for line in lines:
        written = result_text(line, chosen, preset)
        assert written == json.dumps(evaluate_line(line, chosen, preset), ensure_ascii=False)
