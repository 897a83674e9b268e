"""The engines write their messages in English; the league reads them in the reader's
language, the command line in English."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.utils import translation

from scoring.engine.bounds import Bound
from scoring.engine.errors import HandError, LineError, Term
from scoring.engine.hk import HKHand, HKRules, Outcome, multiplier, validate


def test_a_message_is_read_in_the_reader_s_language() -> None:
    with pytest.raises(HandError) as caught:
        multiplier(-1)
    assert str(caught.value) == "faan cannot be negative"
    with translation.override("zh-hant"):
        assert str(caught.value) == "番數不可以是負數"
    with translation.override("zh-hans"):
        assert caught.value.message == "番数不可以是负数"


def test_values_and_terms_are_put_in_their_places() -> None:
    hand = HKHand(Outcome.DISCARD, winner=7, faan=3, blamed=1)
    with pytest.raises(HandError) as caught:
        validate(hand, HKRules())
    assert str(caught.value) == "the winner must be one of the 4 players at the table"
    with translation.override("zh-hant"):
        assert str(caught.value) == "食糊者必須是桌上 4 位牌手之一"


def test_a_wrapped_message_is_translated_inside_its_wrapper() -> None:
    inner = Bound("cards left", 0, 13).error(HandError, field="losses", where="")
    outer = LineError(4, "{player}: {problem}", player="Amy", problem=inner)
    assert str(outer) == "Amy: cards left must be a whole number from 0 to 13"
    with translation.override("zh-hant"):
        assert str(outer) == "Amy：剩牌必須是 0 至 13 的整數"


def test_an_untranslated_term_keeps_its_english() -> None:
    error = HandError("choose {label}", label=Term("a word no catalogue holds"))
    with translation.override("zh-hant"):
        assert str(error) == "請選擇a word no catalogue holds"


def test_the_command_line_reads_english() -> None:
    script = (
        "from scoring.engine.hk import multiplier\n"
        "try:\n    multiplier(-1)\nexcept ValueError as e:\n    print(e)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"LANG": "zh_HK.UTF-8", "PATH": ""},
    )
    assert run.stdout == "faan cannot be negative\n"
