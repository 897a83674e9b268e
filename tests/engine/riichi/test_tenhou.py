"""Tenhou JSON game logs read into riichi hands, checked against the rules, and refused with
the kyoku named when they cannot be."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.cli import main
from scoring.engine.errors import HandError
from scoring.engine.riichi.game import final_scores, replay
from scoring.engine.riichi.rules import CLUB, EMA, WRC
from scoring.engine.riichi.tenhou import read_log

LOGS = Path(__file__).parents[2] / "games" / "data" / "tenhou"


def log(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOGS / name).read_text(encoding="utf-8"))
    return data


def test_an_ema_game_is_read_kyoku_by_kyoku_with_its_final_scores() -> None:
    game = read_log(log("ema_hanchan.json"), EMA)

    assert game.names == ("Ada", "Bo", "Cy", "Di")
    assert game.title == "EMA league night 2026/05/01"
    assert [hand["outcome"] for hand in game.hands] == ["ron", "tsumo", "draw", "ron", "tsumo"]
    assert game.hands[0] == {
        "outcome": "ron",
        "wins": [{"winner": 1, "han": 3, "fu": 30, "yaku": ["riichi", "pinfu"]}],
        "discarder": 2,
        "riichi": [1],
    }
    assert game.hands[2] == {"outcome": "draw", "tenpai": [0, 2], "riichi": []}
    assert game.hands[4]["wins"] == [{"winner": 3, "han": 5, "yaku": ["menzen_tsumo", "tanyao"]}]
    # 19,800 + 29,200 + 30,900 + 40,100: the log's last kyoku and its result
    assert game.final_scores == (19800, 29200, 30900, 40100)
    states = replay(game.results, EMA)
    assert states[-1].scores == game.final_scores


def test_a_double_ron_pays_each_winner_and_the_sticks_to_the_nearest() -> None:
    game = read_log(log("club_double_ron.json"), CLUB)

    first = game.hands[0]
    assert first["outcome"] == "ron" and first["discarder"] == 0 and first["riichi"] == [3]
    assert [(w["winner"], w["han"], w["fu"]) for w in first["wins"]] == [(1, 2, 30), (3, 3, 40)]
    assert game.hands[1] == {"outcome": "abortive", "riichi": []}
    # The last win states no value: the one that pays its 1,300 (1,000 and a counter).
    assert game.hands[2]["wins"] == [{"winner": 2, "han": 1, "fu": 30}]
    assert game.final_scores == (17800, 26700, 26300, 29200)


def test_abortive_draws_nagashi_and_tenpai_are_draws_of_their_kind() -> None:
    game = read_log(log("club_abortive_draws.json"), CLUB)

    assert game.hands[0] == {"outcome": "abortive", "riichi": [0, 1, 2, 3]}
    assert game.hands[1] == {"outcome": "abortive", "riichi": []}
    # The dealer kept the deal after the nagashi mangan: so was tenpai.
    assert game.hands[3] == {"outcome": "draw", "tenpai": [1], "riichi": [], "nagashi": [0]}
    assert game.hands[4] == {"outcome": "draw", "tenpai": [], "riichi": []}
    assert game.hands[5] == {"outcome": "draw", "tenpai": [0, 1, 2, 3], "riichi": []}
    assert game.final_scores == (32000, 20000, 28600, 19400)


def test_a_chombo_paid_at_the_table_names_the_seat_that_pays() -> None:
    game = read_log(log("club_chombo.json"), CLUB)

    assert game.hands[0] == {"outcome": "chombo", "offender": 2}
    # One stick is still on the table: the nets are 1,000 short of zero.
    assert game.final_scores == (32500, 25500, 15500, 25500)


def test_a_chombo_off_the_final_score_names_its_offender() -> None:
    game = read_log(log("ema_chombo.json"), EMA)

    assert game.hands[0] == {"outcome": "chombo", "offender": 3}
    assert game.hands[1]["wins"] == [{"winner": 1, "han": 7, "yaku": ["riichi", "chinitsu"]}]
    assert game.hands[2]["wins"] == [{"winner": 2, "yakuman": 1, "yaku": ["suuankou"]}]
    state = replay(game.results, EMA)[-1]
    finals = [int(placement.final) for placement in final_scores(state, EMA)]
    assert finals == [-13000, 1000, 47000, -55000]


def refusal(data: Any, rules: Any = EMA) -> str:
    with pytest.raises(HandError) as refused:
        read_log(data, rules)
    return str(refused.value)


def test_a_kyoku_that_pays_otherwise_than_the_rules_is_refused_by_name() -> None:
    data = log("ema_hanchan.json")
    data["log"][1][-1][1] = [-700, -1300, -700, 2700]  # 30 fu 3 han, as the string does not say

    assert refusal(data) == (
        "kyoku 2 (East 2, 0 honba): the log pays Ada -700, Bo -1,300, Cy -700, Di +2,700;"
        " these rules pay Ada -500, Bo -1,000, Cy -500, Di +2,000"
    )


def test_a_kyoku_that_starts_where_the_game_does_not_stand_is_refused() -> None:
    data = log("ema_hanchan.json")
    data["log"][2][1] = [29500, 32900, 25600, 31000]

    assert refusal(data).startswith("kyoku 3 (East 3, 0 honba): it starts on Ada 29,500")


def test_a_skipped_kyoku_is_refused_with_where_the_game_stands() -> None:
    data = log("ema_hanchan.json")
    del data["log"][1]

    assert refusal(data) == (
        "kyoku 2 (East 3, 0 honba): the hands before it leave East 2, 0 honba, 0 riichi sticks"
    )


def test_other_starting_points_are_refused_at_the_first_kyoku() -> None:
    assert refusal(log("club_chombo.json")) == (
        "kyoku 1 (East 1, 0 honba): the log starts each player on 25,000 points;"
        " these rules start on 30,000"
    )


def test_what_the_rules_do_not_play_is_refused_with_the_kyoku() -> None:
    club = log("club_abortive_draws.json")
    club["log"][0][1] = [30000] * 4
    assert refusal(club).startswith("kyoku 1 (East 1, 0 honba): these rules play no abortive")
    head_bump = dataclasses.replace(WRC, start=25000)
    assert refusal(log("club_double_ron.json"), head_bump).startswith(
        "kyoku 1 (East 1, 0 honba): these rules play head bump (atamahane)"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(name=["Ada", "Bo", "Cy"]),
            "a riichi game has 4 players; this log names 3",
        ),
        (lambda d: d.update(name=["Ada", "Ada", "Cy", "Di"]), "a player sits at two seats"),
        (lambda d: d.update(log=[]), '"log" must list the kyoku played, at least one'),
        (lambda d: d["log"][0].pop(), "kyoku 1: a kyoku is a list of its table, tiles and result"),
        (lambda d: d["log"][0].__setitem__(1, [30000] * 3), "kyoku 1: it must start with"),
        (
            lambda d: d["log"][0].__setitem__(16, ["不明"]),
            "kyoku 1 (East 1, 0 honba): the result '不明'",
        ),
        (
            lambda d: d["log"][0][16][2].__setitem__(0, 7),
            "kyoku 1 (East 1, 0 honba): a win's details",
        ),
        (
            lambda d: d["log"][0][16][2].__setitem__(4, "立直"),
            "kyoku 1 (East 1, 0 honba): '立直' is not",
        ),
    ],
)
def test_a_broken_log_is_refused_saying_what_and_where(change: Any, message: str) -> None:
    data = copy.deepcopy(log("ema_hanchan.json"))
    change(data)
    assert refusal(data).startswith(message)


def test_a_log_that_plays_on_after_the_game_ends_is_refused() -> None:
    data = log("club_chombo.json")
    bust = [25000, 25000, 25000, 25000]
    data["log"] = [data["log"][1]]
    data["log"][0][1] = bust
    data["log"][0][16] = ["和了", [48000, -48000, 0, 0], [0, 1, 0, "役満48000点", "国士無双(役満)"]]
    after = copy.deepcopy(data["log"][0])
    after[0], after[1] = [0, 1, 0], [73000, -23000, 25000, 25000]
    data["log"].append(after)
    assert refusal(data, CLUB) == (
        "kyoku 2 (East 1, 1 honba): under these rules the game was over before this kyoku"
    )


def test_the_command_line_replays_a_log_to_its_final_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["riichi-game", "--rules", "ema", str(LOGS / "ema_chombo.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "1. East 1, 0 honba: chombo | 30000 30000 30000 30000 | sticks 0",
        "2. East 1, 0 honba: ron | 30000 42000 30000 18000 | sticks 0",
        "3. East 2, 0 honba: tsumo | 22000 26000 62000 10000 | sticks 0",
        "East: 22000 points, place 3, final -13000",
        "South: 26000 points, place 2, final +1000",
        "West: 62000 points, place 1, final +47000",
        "North: 10000 points, place 4, final -55000",
    ]


def test_the_command_line_names_the_kyoku_of_a_bad_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["riichi-game", str(LOGS / "club_chombo.json")]) == 1
    assert capsys.readouterr().err == (
        f"{LOGS / 'club_chombo.json'}: kyoku 1 (East 1, 0 honba): the log starts each player"
        " on 25,000 points; these rules start on 30,000\n"
    )


def test_a_riichi_declared_with_the_discard_that_was_ronned_puts_no_stick_down() -> None:
    data = log("ema_hanchan.json")
    data["log"][3][6] = [45, "r23"]  # Ada's declaration is Cy's winning tile

    game = read_log(data, EMA)
    assert game.hands[3]["riichi"] == [] and game.hands[3]["discarder"] == 0
    assert game.final_scores == (19800, 29200, 30900, 40100)


def test_a_liable_player_pays_a_yakuman_tsumo_alone() -> None:
    data = log("ema_chombo.json")
    data["log"] = data["log"][:1]
    data["log"][0][16] = [
        "和了",
        [0, 32000, 0, -32000],
        [1, 1, 3, "役満32000点", "大三元(役満)"],
    ]
    game = read_log(data, EMA)
    assert game.hands[0] == {
        "outcome": "tsumo",
        "wins": [{"winner": 1, "yakuman": 1, "liable": 3, "yaku": ["daisangen"]}],
        "riichi": [],
    }
    assert game.final_scores == (30000, 62000, 30000, -2000)
