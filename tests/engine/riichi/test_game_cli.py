"""``mahjong-score riichi-game FILE`` and the game JSON it reads."""

import json
from pathlib import Path

import pytest

from scoring.engine.cli import main
from scoring.engine.errors import EngineError
from scoring.engine.riichi import EMA, HandValue, Outcome
from scoring.engine.riichi.records import game_from_json, result_from_json

CLUB_GAME = {
    "rules": "club",
    "hands": [
        {"outcome": "tsumo", "wins": [{"winner": 0, "limit": "mangan"}], "riichi": [0]},
        {"outcome": "draw", "tenpai": [2], "riichi": [2]},
        {"outcome": "ron", "wins": [{"winner": 1, "yakuman": 1}], "discarder": 3},
    ],
}


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_it_prints_running_scores_sticks_and_final_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["riichi-game", write(tmp_path, CLUB_GAME)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # East 1: dealer mangan tsumo 4,000 all (own stick back). East 1, 1 honba: seat 2 alone
    # tenpai, +3,000 - 1,000 stick; the dealer is noten, so the deal passes. East 2, 2 honba:
    # seat 1 deals, dealer yakuman 48,000 + 600 + the stick, from seat 3, who busts.
    assert lines[:3] == [
        "1. East 1, 0 honba: tsumo | 37000 21000 21000 21000 | sticks 0",
        "2. East 1, 1 honba: draw | 36000 20000 23000 20000 | sticks 1",
        "3. East 2, 2 honba: ron | 36000 69600 23000 -28600 | sticks 0",
    ]
    # (points - 30,000) + uma 20/10/-10/-20 thousand, oka 20,000 to first
    assert lines[3:] == [
        "East: 36000 points, place 2, final +16000",
        "South: 69600 points, place 1, final +79600",
        "West: 23000 points, place 3, final -17000",
        "North: -28600 points, place 4, final -78600",
    ]


def test_a_file_the_scorer_fails_on_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")  # deeper than the JSON reader can go
    assert main(["riichi-game", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: the scorer failed on this input (RecursionError")
    assert err.count("\n") == 1


def test_a_game_still_running_prints_no_final_points_unless_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [{"outcome": "draw", "tenpai": [1]}]
    assert main(["riichi-game", write(tmp_path, hands)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
    assert main(["riichi-game", write(tmp_path, {"hands": hands, "stopped": True})]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [
        "East: 29000 points, place 2, final -6000",
        "South: 33000 points, place 1, final +18000",
        "West: 29000 points, place 2, final -6000",
        "North: 29000 points, place 2, final -6000",
    ]


def test_a_bad_hand_is_reported_with_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [
        {"outcome": "draw"},
        {"outcome": "ron", "wins": [{"winner": 1, "han": 0, "fu": 30}], "discarder": 2},
    ]
    path = write(tmp_path, hands)
    assert main(["riichi-game", path]) == 1
    assert capsys.readouterr().err == f"{path}: hand 2: a winning hand has at least 1 han\n"


def test_results_read_from_json() -> None:
    result = result_from_json(
        {"outcome": "ron", "wins": [{"winner": 2, "han": 3, "fu": 30}], "discarder": 0}
    )
    assert (result.outcome, result.wins[0].value, result.discarder) == (
        Outcome.RON,
        HandValue(3, 30),
        0,
    )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"hands": [{"outcome": "abort"}]}, "hands[1].outcome"),
        ({"hands": [{"outcome": "draw", "tenpai": 1}]}, "hands[1].tenpai"),
        ({"hands": [{"outcome": "draw", "honba": 1}]}, "hands[1].honba"),
        ({"hands": [{"outcome": "ron", "wins": [{"han": 1}], "discarder": 0}]}, "hands[1].wins[0]"),
        (
            {
                "hands": [
                    {"outcome": "ron", "wins": [{"winner": 1, "fu": 35, "han": 2}], "discarder": 0}
                ]
            },
            "hands[1].wins[0].fu",
        ),
        ({"hands": [], "rules": "tenhou"}, "rules"),
        ({"hands": [], "rules": 3}, "rules"),
        ({"hands": [], "stopped": "no"}, "stopped"),
        ({"hands": [], "players": []}, "players"),
    ],
)
def test_bad_games_are_refused_naming_the_field(data: object, field: str) -> None:
    with pytest.raises(EngineError) as caught:
        game_from_json(data, EMA)
    assert caught.value.field == field


def test_it_reads_abortive_draws_nagashi_and_a_liable_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = {
        "rules": "club",
        "stopped": True,
        "hands": [
            {"outcome": "abortive", "riichi": [0]},
            {"outcome": "draw", "nagashi": [1]},
            {"outcome": "tsumo", "wins": [{"winner": 2, "yakuman": 1, "liable": 3}]},
        ],
    }
    assert main(["riichi-game", write(tmp_path, game)]) == 0
    # The abortive draw keeps the dealer and adds a counter; B's nagashi mangan passes the
    # deal (the dealer is noten); C's yakuman tsumo: 32,000 + 600 from D, the liable, and the
    # stick.
    assert capsys.readouterr().out.splitlines()[:3] == [
        "1. East 1, 0 honba: abortive | 24000 25000 25000 25000 | sticks 1",
        "2. East 1, 1 honba: draw | 20000 33000 23000 23000 | sticks 1",
        "3. East 2, 2 honba: tsumo | 20000 33000 56600 -9600 | sticks 0",
    ]


def test_it_refuses_an_abortive_draw_where_the_rules_play_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["riichi-game", write(tmp_path, {"rules": "ema", "hands": [{"outcome": "abortive"}]})])
        == 1
    )
    assert "hand 1: these rules play no abortive draws" in capsys.readouterr().err
    with pytest.raises(EngineError, match="is for a yakuman"):
        result_from_json(
            {"outcome": "tsumo", "wins": [{"winner": 1, "han": 3, "fu": 30, "liable": 2}]}
        )
