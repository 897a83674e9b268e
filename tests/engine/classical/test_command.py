"""``mahjong-score evaluate --rules classical[:PRESET|:FILE]`` and ``mahjong-score rules check``."""

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.classical.rulebooks import preset_text
from scoring.engine.cli import main

WINNER = {
    "concealed": "123m456p789s11z",
    "melds": [{"type": "pung", "tiles": "555z"}],
    "winning_tile": "1z",
    "self_drawn": True,
}


def evaluate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rules: str, *hands: object
) -> list[dict[str, Any]]:
    lines = "".join((h if isinstance(h, str) else json.dumps(h)) + "\n" for h in hands)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    assert main(["evaluate", "--rules", rules]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_joes_sets_score_104_with_the_breakdown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    joe = {"sets": ["PED", "PEE", "S 3", "S 2"], "seat_wind": "4z", "mahjong": True}
    (result,) = evaluate(monkeypatch, capsys, "classical:millington", joe)
    assert (result["total"], result["total_without_bonus"]) == (104, 72)
    assert result["breakdown"][-1] == ["Pung or Kong of Prevailing Wind 1 dbl (PEE)", 104]
    assert [(p["id"], p["count"], p["units"]) for p in result["patterns"]][:2] == [
        ("12", 2, "points"),
        ("21", 2, "points"),
    ]


def test_a_winner_given_as_tiles_gets_its_events_pre_ticked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (result,) = evaluate(monkeypatch, capsys, "classical", WINNER)
    assert result["preset"] == "millington"
    assert result["arrangement"] == ["PED", "CC1", "CC4", "CC7", "TCE"]
    # final tile from the wall, only place, fishing the eyes (major pair)
    assert result["events"] == [31, 32, 33]
    assert (result["points"], result["doubles"], result["total"]) == (26, 1, 52)


def test_explicit_events_replace_the_pre_ticked_ones(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (result,) = evaluate(monkeypatch, capsys, "classical", {**WINNER, "events": [62]})
    assert result["events"] == [62]
    assert (result["points"], result["doubles"]) == (18, 2)


def test_a_losers_partial_hand_is_scored_at_its_best_grouping(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    loser = {
        "mahjong": False,
        "concealed": "5557z11m",
        "melds": [{"type": "pung", "tiles": "222z"}],
        "bonus": "1f5f",
        "seat_wind": "2z",
    }
    (result,) = evaluate(monkeypatch, capsys, "classical", loser)
    assert result["mahjong"] is False
    assert result["arrangement"] == ["PES", "PCD", "F 1", "S 1"]
    assert (result["points"], result["doubles"], result["total"]) == (20, 2, 80)


def test_the_same_tiles_score_less_as_a_loser(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    loser = {"concealed": "123m456p78s11z", "melds": WINNER["melds"]}
    won, lost = evaluate(monkeypatch, capsys, "classical", WINNER, {**loser, "mahjong": False})
    assert lost["total"] == (4 + 2 + 2) * 2
    assert won["total"] > lost["total"]


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        ({"mahjong": False, "winning_tile": "1m"}, "'winning_tile' is only for the Mahjong player"),
        ({"mahjong": False, "self_drawn": True}, "'self_drawn' is only for the Mahjong player"),
        ({"mahjong": False, "concealed": "11112222333344m"}, "a losing hand has at most 13 tiles"),
        ({"mahjong": False, "colour": "red"}, "unknown field 'colour'"),
        ({"mahjong": "yes"}, "'mahjong' must be true or false"),
        ({"sets": ["PED"], "concealed": "1m"}, "give either 'sets' or tiles, not both"),
        ({"sets": ["QED"]}, "the set 'QED' does not start with P, K, C, T, F or S"),
        ({"sets": [], "events": ["x"]}, "'events' must be a list of rule IDs"),
        ({"sets": [], "mahjong": False, "events": [62]}, "is for the Mahjong player only"),
        (
            {"concealed": "1357m2468p1357s11z", "winning_tile": "1m"},
            "the tiles form no winning hand",
        ),
        ({"sets": [], "seat_wind": "5z"}, "'seat_wind' must be a wind"),
    ],
)
def test_bad_hands_give_an_error_line_and_the_command_goes_on(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    hand: dict[str, Any],
    error: str,
) -> None:
    bad, good = evaluate(monkeypatch, capsys, "classical:1920s", hand, {"sets": ["PEM"]})
    assert bad["ok"] is False and error in bad["error"]
    assert good["ok"] and good["preset"] == "1920s" and good["total"] == 22


def test_a_rules_file_can_be_named_by_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.rules"
    path.write_text('House\n1 3 "any pung" "P**" 7 0\n// END\n', encoding="utf-8")
    (result,) = evaluate(monkeypatch, capsys, f"classical:{path}", {"sets": ["PEM", "PCT"]})
    assert result["total"] == 14


def test_a_bad_rules_file_named_by_path_is_reported_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.rules"
    path.write_text("House\nPaymentMethod=7\n// END\n", encoding="utf-8")
    assert main(["evaluate", "--rules", f"classical:{path}"]) == 1
    assert capsys.readouterr().err == (
        f"{path}, line 2: PaymentMethod must be 0, 1, 2, 3 or 4, not '7'\n"
    )


def test_rules_check_prints_a_summary_for_valid_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "millington.rules"
    path.write_text(preset_text("millington"), encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == f'{path}: "Millington classical (limit 1000)", 58 scoring rules\n'
    assert captured.err == ""


def test_rules_check_lists_every_error_and_warning_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.rules"
    path.write_text(
        'Bad\n PaymentMethod=3\n10 2 "a" "N05" 1 0\n11 2 "b" "N13" 1 0\n12 3 "c" "13S&P**" 1 0\n',
        encoding="utf-8",
    )
    assert main(["rules", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"{path}, line 2: an option line must start at the beginning of the line, no space",
        f"{path}, line 5: the rules file does not end with a '// END' line",
        f"{path}, line 5: rule 12 refers to rule 13, which is not defined",
    ]


def test_rules_check_shows_warnings_but_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "warn.rules"
    path.write_text('W\n10 2 "a" "N05" 1 0\n11 2 "b" "N13" 1 0\n// END\n', encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 0
    assert capsys.readouterr().err == (
        f"{path}, line 2: warning: rule 10 is ignored: only one consecutive-East test is "
        "allowed and the last one (line 3) counts\n"
    )


def test_rules_check_reports_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "check", "/no/such/file.rules"]) == 1
    assert capsys.readouterr().err == "/no/such/file.rules: No such file or directory\n"
