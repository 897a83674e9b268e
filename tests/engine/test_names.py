"""Names: one rule for what a name may hold, read the same from score files and PMN records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine import cli
from scoring.engine.big_two_scorefile import read_big_two_scores
from scoring.engine.errors import EngineError, LineError
from scoring.engine.hk_scorefile import read_hk_scores
from scoring.engine.mcr.pmn import PmnError, read_pmn, write_pmn
from scoring.engine.names import clean_name


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ann  ", "Ann"),
        ("Cafe\u0301", "Caf\u00e9"),  # NFC: é typed as e + combining acute is one é
        ("王\u3000小明", "王\u3000小明"),  # an ideographic space inside a CJK name
        ("Jean\u00a0Luc", "Jean\u00a0Luc"),
        ("O'Neil-Smith", "O'Neil-Smith"),
        ("می\u200cخواهم", "می\u200cخواهم"),  # Persian needs the zero-width non-joiner
        ("\U0001f469\u200d\U0001f4bb", "\U0001f469\u200d\U0001f4bb"),  # an emoji sequence
        ("$\\frac{1}{$", "$\\frac{1}{$"),
    ],
)
def test_a_name_is_trimmed_and_normalised(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("A\tB", "U+0009"),
        ("A\nB", "U+000A"),
        ("A\x00B", "U+0000"),
        ("A\x07B", "U+0007"),
        ("A\x7fB", "U+007F"),
        ("A\x85B", "U+0085"),
        ("A\u202eB", "U+202E"),  # right-to-left override: shows text reversed
        ("A\u2066B", "U+2066"),
        ("A\u200bB", "U+200B"),  # zero-width space: two names that look the same
        ("A\ufeffB", "U+FEFF"),
        ("A\u00adB", "U+00AD"),
        ("A\u2028B", "U+2028"),
        ("A\ue000B", "U+E000"),  # private use
        ("A\U000e0041B", "U+E0041"),  # a tag character
        ("A\u0378B", "U+0378"),  # unassigned
    ],
)
def test_a_character_that_is_not_text_is_refused_by_its_code_point(typed: str, code: str) -> None:
    with pytest.raises(EngineError) as error:
        clean_name(typed, field="East")
    assert (error.value.field, error.value.message) == (
        "East",
        f"a name cannot hold {code} (at character 2)",
    )


@pytest.mark.parametrize("typed", ["", "   ", "\u3000"])
def test_an_empty_name_is_refused(typed: str) -> None:
    with pytest.raises(EngineError, match="enter a name"):
        clean_name(typed)


@pytest.mark.parametrize(
    ("read", "game"), [(read_hk_scores, "- - - -"), (read_big_two_scores, "0 1 1 1")]
)
def test_score_files_refuse_a_name_with_a_control_character_at_its_line(
    read: Any, game: str
) -> None:
    with pytest.raises(LineError) as error:
        read(f"a b c d\n{game}\nw x\x07y z v\n")
    assert (error.value.line, error.value.message) == (
        3,
        "a name cannot hold U+0007 (at character 2)",
    )


def test_score_files_keep_names_in_nfc() -> None:
    assert read_big_two_scores("Cafe\u0301 b c d\n0 1 1 1\n").players[0] == "Caf\u00e9"


def test_the_command_line_refuses_the_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = tmp_path / "names.txt"
    scores.write_text("a b\u202e c d\n- - - -\n", encoding="utf-8")
    assert cli.main(["hk", str(scores)]) == 1
    assert capsys.readouterr().err == (
        f"{scores}, line 1: a name cannot hold U+202E (at character 2)\n"
    )


def test_pmn_names_are_checked_and_kept_in_nfc() -> None:
    (game,) = read_pmn('[East " Cafe\u0301 "]\n[South "Bo"]')
    assert game.name(0) == "Caf\u00e9"
    assert '[East "Caf\u00e9"]' in write_pmn(game)
    with pytest.raises(PmnError) as error:
        read_pmn('[Event "x"]\n[South "Bo"]\n[Event "y"]\n[West "B\u200bo"]')
    assert (error.value.game, error.value.field, error.value.message) == (
        2,
        "West",
        "[West] a name cannot hold U+200B (at character 2)",
    )
