"""The PMN board at any action (python-majiang's ``Board``) and ``mahjong-score pmn --at``."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.engine.cli import main
from scoring.engine.errors import EngineError
from scoring.engine.mcr.board import EAST, NORTH, SOUTH, WEST, Board

PEERS = Path(__file__).parent.parent / "data" / "python-majiang"
EXAMPLE_1 = PEERS / "example_1.pmn"  # South kongs a discard (action 7, Z1r1)
EXAMPLE_3 = PEERS / "example_3.pmn"  # South adds to a pung (86, B1w1), West a concealed kong
# East is dealt f1; South draws f3 and replaces it; North is dealt f2.
FLOWER_DEAL = "c1112345678999dbwrf1 cd1112345678999bwrf cdb1112345678999wrf c234567d234567bw1rf2"
FLOWER_GAME = f'[Board "1"]\n[Deal "{FLOWER_DEAL}"]\n[Play "R0f1T0w2D0w2T1f3R1f3T1w3D1w3"]\n'


def pmn_at(path: Path, at: int, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["pmn", str(path), "--at", str(at)]) == 0
    return capsys.readouterr().out.splitlines()


def test_a_discard_kong_moves_three_tiles_and_the_discard_into_a_meld() -> None:
    board = Board.read(EXAMPLE_1)
    board.to_action(6)
    before = board.get_private_tile_list(SOUTH)
    assert board.get_discard_tile_list(WEST) == ["r1"]

    board.next_action()

    assert board.last_action == "Z1r1"
    assert board.get_meld_tile_list(SOUTH) == [["r1", "r1", "r1", "r1"]]
    assert len(board.get_private_tile_list(SOUTH)) == len(before) - 3
    assert board.get_discard_tile_list(WEST) == []
    wall = board.wall_count
    board.next_action()  # the replacement draw
    assert (board.last_action, board.wall_count) == ("T1c9", wall - 1)


def test_the_command_prints_the_board_around_a_kong(capsys: pytest.CaptureFixture[str]) -> None:
    lines = pmn_at(EXAMPLE_1, 7, capsys)

    assert lines[0].endswith("Board 2, action 7 of 56: Z1r1")
    assert lines[2] == (
        "  South (Alec (钧力）): hand c2 c8 c9 d2 d3 d4 b3 b5 w2 w3 | melds r1r1r1r1"
        " | flowers - | discards d6"
    )
    assert lines[5] == "  wall 81"
    assert len(lines) == 6  # no fans before the end


def test_an_added_kong_and_a_concealed_kong(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board.read(EXAMPLE_3)
    board.to_action(85)
    assert ["w1", "w1", "w1"] in board.get_meld_tile_list(SOUTH)
    board.next_action()
    assert ["w1", "w1", "w1", "w1"] in board.get_meld_tile_list(SOUTH)
    board.to_action(114)
    assert board.get_meld_tile_list(WEST)[-1] == ["d8", "d8", "d8", "d8"]
    assert "d8" not in board.get_private_tile_list(WEST)


def test_a_chow_lists_the_claimed_tile_first() -> None:
    board = Board.read(PEERS / "example_2.pmn")
    board.to_last_action()
    # North discarded d6; East chowed d4 d5 d6 (written C0d5, the middle tile).
    assert board.get_meld_tile_list(EAST)[-1] == ["d6", "d4", "d5"]


def test_a_flower_is_set_aside_and_replaced_from_the_wall(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "flowers.pmn"
    record.write_text(FLOWER_GAME, encoding="utf-8")
    board = Board.read(record)
    # 144 tiles less the 52 dealt and the two flowers dealt beside them.
    assert board.wall_count == 90
    board.to_action(4)  # South draws f3
    assert (board.get_private_tile_list(SOUTH)[-1], board.wall_count) == ("f3", 88)
    board.to_action(6)  # set aside, replaced by w3
    assert board.get_flower_tile_list(SOUTH) == ["f3"]
    assert "f3" not in board.get_private_tile_list(SOUTH)

    lines = pmn_at(record, 6, capsys)

    assert lines[1] == (
        "  East (East): hand c1 c1 c1 c2 c3 c4 c5 c6 c7 c8 c9 c9 c9 | melds - | flowers f1"
        " | discards w2"
    )
    assert lines[2].endswith("| flowers f3 | discards -")
    assert lines[4].endswith("| flowers f2 | discards -")
    assert lines[5] == "  wall 87"


def test_the_end_of_the_game_shows_the_fans_in_english_and_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = pmn_at(EXAMPLE_1, 56, capsys)

    assert lines[0].endswith("action 56 of 56: H2")
    # as the record's [Fan "None None 55/4/1.59/2/1.70/1/1.73/1/1.78/1/1 None"]
    assert lines[6:] == [
        "  West (忘却氤氲) wins: 9 fan",
        "    55 Outside Hand 全带幺",
        "    59 Dragon Pung 箭刻",
        "    70 Mixed Double Chow 喜相逢",
        "    73 Pung of Terminals or Honours 幺九刻",
        "    78 Closed Wait 坎张",
    ]


def test_the_deal_is_action_zero(capsys: pytest.CaptureFixture[str]) -> None:
    lines = pmn_at(EXAMPLE_1, 0, capsys)

    assert lines[0].endswith("Board 2, action 0 of 56 (the deal)")
    assert lines[1].startswith("  East (Sandy7169): hand c2 c5 c5 c6 c6 d5 d7 d9 b2 b2 b6 b9 r2 |")


@pytest.mark.parametrize("at", [-1, 57])
def test_an_action_beyond_the_play_is_refused(at: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pmn", str(EXAMPLE_1), "--at", str(at)]) == 1

    assert capsys.readouterr().err == (
        f"{EXAMPLE_1}, game 1: there is no action {at}: the play has actions 1 to 56"
        " (0 is the deal)\n"
    )


def test_moving_past_either_end_is_an_error() -> None:
    board = Board.read(EXAMPLE_1)
    with pytest.raises(EngineError, match="there is no action -1"):
        board.previous_action()
    board.to_last_action()
    with pytest.raises(EngineError, match="there is no action 57"):
        board.next_action()
    with pytest.raises(EngineError, match="seat 4 is not 0-3"):
        board.get_private_tile_list(NORTH + 1)


def test_a_file_without_the_game_asked_for() -> None:
    with pytest.raises(EngineError, match="there is no game 2: the file holds 1"):
        Board.read(EXAMPLE_1, game=2)
