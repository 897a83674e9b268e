"""``mahjong-score evaluate --rules riichi[:PRESET]`` end to end."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import riichi
from tests.engine.test_cli import loaded_after

HAND = {
    "concealed": "234m22406p345678s",
    "winning_tile": "5s",
    "self_drawn": True,
    "seat_wind": "2z",
    "riichi": True,
    "ippatsu": True,
    "dora_indicators": ["1m"],
}


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring.engine.cli", "evaluate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        cwd=Path(__file__).resolve().parents[3],
    )


def test_it_reports_han_fu_yaku_and_payments_line_by_line() -> None:
    lines = [json.dumps(HAND), json.dumps({**HAND, "ippatsu": False, "riichi": False}), "{"]
    done = run("\n".join(lines) + "\n", "--rules", "riichi:club")
    assert done.returncode == 0, done.stderr
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    # riichi, ippatsu, tsumo, pinfu, tanyao, dora 2m, red 5p: 7 han, a haneman 3,000/6,000
    assert (first["family"], first["preset"], first["han"], first["fu"]) == (
        "riichi",
        "club",
        7,
        20,
    )
    assert first["payments"] == {"dealer": 6000, "others": 3000, "total": 12000}
    assert [p["id"] for p in first["patterns"]][:2] == ["menzen_tsumo", "riichi"]
    # tsumo, pinfu, tanyao, dora, red five: 5 han, a mangan
    assert (second["han"], second["limit_name"]) == (5, "mangan")
    assert third["ok"] is False


def test_the_default_preset_is_ema_which_plays_no_red_fives() -> None:
    done = run(json.dumps(HAND) + "\n", "--rules", "riichi")
    result = json.loads(done.stdout)
    assert result == {
        "ok": False,
        "error": "these rules play no red fives: write 5m, 5p or 5s, not 0",
    }


def test_an_unknown_preset_is_refused() -> None:
    done = run("", "--rules", "riichi:tenhou")
    assert done.returncode == 1
    assert "riichi has no preset 'tenhou' (known: ema, wrc, club)" in done.stderr


def test_evaluate_loads_neither_the_settlement_nor_the_game(tmp_path: Path) -> None:
    (tmp_path / "hands.jsonl").write_text(json.dumps(HAND) + "\n", encoding="utf-8")

    loaded = loaded_after("evaluate", "--rules", "riichi:club", "hands.jsonl", cwd=tmp_path)

    assert "scoring.engine.riichi.evaluator" in loaded
    assert {"scoring.engine.riichi.settlement", "scoring.engine.riichi.game"} & loaded == set()


def test_the_game_and_the_settlement_are_there_when_asked_for() -> None:
    assert riichi.GameState.__module__ == "scoring.engine.riichi.game"
    assert riichi.settle.__module__ == "scoring.engine.riichi.settlement"
    with pytest.raises(AttributeError):
        riichi.nothing  # noqa: B018
