"""The ``mahjong-score evaluate`` command end to end, and the family registry."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine.cli import main
from scoring.engine.errors import RulesError
from scoring.engine.evaluation import family, parse_rules
from scoring.engine.hand import hand_to_json
from tests.engine.classical.rule_chains import TEN_SETS, counting_chain
from tools.hand_gen import random_hands

Z04 = {
    "concealed": "888m99m",
    "melds": [
        {"type": "pung", "tiles": "222m"},
        {"type": "pung", "tiles": "444m"},
        {"type": "pung", "tiles": "666m"},
    ],
    "winning_tile": "9m",
}


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring.engine.cli", "evaluate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )


def test_it_scores_each_line_in_order_and_goes_on_after_bad_lines() -> None:
    lines = [json.dumps(Z04), "{not json", json.dumps({"concealed": "1m"}), "", json.dumps(Z04)]
    result = run("\n".join(lines) + "\n", "--rules", "zung_jung:official")
    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["ok"] and out[0]["total"] == 110 and out[0]["preset"] == "official"
    assert out[1] == {"ok": False, "error": out[1]["error"]}
    assert "not valid JSON" in out[1]["error"]
    assert out[2] == {"ok": False, "error": "'winning_tile' is missing"}
    assert "empty" in out[3]["error"]
    assert out[4] == out[0]


def test_a_line_the_scorer_fails_on_is_answered_on_its_line_and_the_batch_goes_on() -> None:
    nested = "[" * 100_000  # deeper than the JSON reader can go: not a JSONDecodeError
    result = run(f"{json.dumps(Z04)}\n{nested}\n{json.dumps(Z04)}\n", "--rules", "zung_jung")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    first, failed, last = (json.loads(line) for line in result.stdout.splitlines())
    assert first["ok"] and last == first
    assert failed == {"ok": False, "error": failed["error"]}
    assert failed["error"].startswith("the scorer failed on this input (RecursionError")


def test_classical_rules_that_count_the_one_before_are_refused_line_by_line(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "chain.rules"
    rules.write_text(counting_chain(89), encoding="utf-8")
    lines = [json.dumps({"sets": TEN_SETS}), json.dumps({"sets": ["PEM"]})]
    result = run("\n".join(lines) + "\n", "--rules", f"classical:{rules}")
    assert result.returncode == 0, result.stderr
    refused, answered = (json.loads(line) for line in result.stdout.splitlines())
    assert refused["ok"] is False and refused["error"].startswith("rule ")
    assert "('Counts rule" in refused["error"]
    assert answered["ok"] and answered["points"] == sum(range(1, 90))


def test_chinese_names_are_written_as_utf8() -> None:
    result = run(json.dumps(Z04) + "\n", "--rules", "zung_jung")
    assert "對對和" in result.stdout
    assert json.loads(result.stdout)["preset"] == "seed"


def test_a_bad_rules_option_is_an_error_on_stderr() -> None:
    result = run("", "--rules", "zung_jung:v2")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "--rules zung_jung:v2: zung_jung has no preset 'v2' (known: seed, official)"
    )
    assert run("", "--rules", "sichuan").stderr.startswith("--rules sichuan: unknown rule family")


def test_it_reads_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.jsonl"
    hands = random_hands(50, seed=11)
    path.write_text("".join(json.dumps(hand_to_json(h)) + "\n" for h in hands))
    assert main(["evaluate", "--rules", "zung_jung", str(path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == 50 and all(r["ok"] for r in out)


def test_a_missing_file_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "--rules", "zung_jung", "/no/such/file"]) == 1
    assert capsys.readouterr().err.startswith("/no/such/file: ")


def test_invalid_utf8_is_a_bad_line_not_a_crash() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scoring.engine.cli", "evaluate", "--rules", "zung_jung"],
        input=json.dumps(Z04).encode() + b"\n\xff\xfe\n" + json.dumps(Z04).encode() + b"\n",
        capture_output=True,
        check=False,
    )
    out = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert out[1] == {"ok": False, "error": "line 2, column 1: not UTF-8 text"}
    assert out[0]["ok"] and out[2]["ok"]


def test_the_registry_knows_zung_jung() -> None:
    chosen, preset = parse_rules("zung_jung")
    assert (chosen.name, preset, chosen.presets()) == ("zung_jung", "seed", ("seed", "official"))
    with pytest.raises(RulesError, match="unknown rule family 'sichuan'"):
        family("sichuan")


def test_it_reads_the_seeds_hand_strings_with_bonus_words_and_context() -> None:
    z17 = '{"hand": "+c1c2c3 +b5b5b5 +k7k8k9 +wewewe -c9c9 f1 s2 s3", ' + (
        '"seat_wind": "2z", "last_tile_of_wall": true}'
    )
    z01 = "-c5c5 -c1c2c3 -b4b5b6 -b6b7b8 +k3k4k5"
    result = run(f"{z01}\n{z17}\n+c1c1 x9\n", "--rules", "zung_jung", "--notation", "seed")
    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("total") for line in out[:2]] == [10, 26]
    assert {p["id"]: p["value"] * p["count"] for p in out[1]["patterns"]}["bonus_tile"] == 6
    assert out[2]["ok"] is False and "seed notation" in out[2]["error"]


def test_the_family_may_be_spelled_with_a_hyphen() -> None:
    result = run(json.dumps(Z04) + "\n", "--rules", "zung-jung:official")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 110


def test_it_prints_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == "mahjong-score 0.1.0"
