"""One input line of ``mahjong-score evaluate``: a result object, never an exception."""

from scoring.engine.evaluate import evaluate_line
from scoring.engine.evaluation import family


def test_a_line_that_is_no_json_is_an_error_object() -> None:
    assert evaluate_line("{", family("zung_jung"), "seed")["ok"] is False


def test_a_line_in_the_seed_notation_is_scored() -> None:
    line = "-c5c5 -c1c2c3 -b4b5b6 -b6b7b8 +k3k4k5"
    assert evaluate_line(line, family("zung_jung"), "seed", "seed")["total"] == 10
