"""PMN reading, writing, replay and the peers' example files (mcr.md §11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.engine.cli import main
from scoring.engine.mcr.pmn import PlayError, PmnError, parse_play, read_pmn, write_pmn
from scoring.engine.mcr.records import score_game
from scoring.engine.mcr.replay import replay
from scoring.engine.tiles import format_tiles, to_pmn

# python-majiang's example records (copied from the peers' repository, unchanged).
PEERS = Path(__file__).parent.parent / "data" / "python-majiang"
FILES = sorted(PEERS.glob("*.pmn"))

# file, winners and their recorded totals, Result (§11.5)
EXPECTED = {
    "example_1.pmn": ({2: 9}, (-8, -17, 33, -8)),
    "example_2.pmn": ({1: 12, 3: 12}, (-32, 36, -8, 36)),
    "example_3.pmn": ({2: 21}, (-29, -8, 45, -8)),
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_example_reproduces_the_recorded_fans_and_result(path: Path) -> None:
    (game,) = read_pmn(path.read_text(encoding="utf-8"))
    score = score_game(game)
    winners, result = EXPECTED[path.name]
    assert {seat: e.total for seat, e in score.evaluations.items()} == winners
    assert score.result == result == game.result
    assert score.warnings == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_read_write_read_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games = read_pmn(text)
    assert write_pmn(games[0]) == text
    assert read_pmn(write_pmn(games[0])) == games


def test_replay_gives_the_tiles_after_the_last_action_as_python_majiang() -> None:
    (game,) = read_pmn((PEERS / "example_2.pmn").read_text(encoding="utf-8"))
    table = replay(game)
    south, north = table.seats[1], table.seats[3]
    assert format_tiles(south.concealed) == "789m1255888p456s"
    assert format_tiles(north.concealed) == "456m12p88s"
    assert [str(m) for m in north.melds] == ["789s", "789p"]
    assert [to_pmn(t) for t in south.discards] == [
        "r2",
        "r1",
        "r3",
        "w1",
        "w2",
        "w1",
        "d7",
        "b5",
        "w1",
        "c6",
    ]


def test_replay_after_any_action() -> None:
    (game,) = read_pmn((PEERS / "example_1.pmn").read_text(encoding="utf-8"))
    table = replay(game, 6)  # T0r3 D0z1 T1d3 D1d6 T2d1 D2r1, then South's direct kong
    assert format_tiles(table.seats[0].concealed) == "25566m579p2269s6z"
    after = replay(game, 7)
    assert [str(m) for m in after.seats[1].melds] == ["7777z"]


def test_several_games_crlf_bom_and_blank_lines() -> None:
    texts = [p.read_text(encoding="utf-8") for p in FILES]
    joined = "\ufeff" + "\r\n\r\n".join(t.replace("\n", "\r\n") for t in texts) + "\r\n\r\n"
    assert len(read_pmn(joined)) == len(FILES)


def test_the_readme_fan_format_is_accepted() -> None:
    (game,) = read_pmn('[Fan "None 39/1.62/1.76/1.77/1 None 39/1.63/1.70/1.77/1"]')
    assert game.fans[1] is not None and [item.number for item in game.fans[1]] == [39, 62, 76, 77]


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ("T0c1D0z1M1M3", "at character 9: 'M1' is not an action"),
        ("T0c1X", "at character 5"),
        ("T0", "at character 3: T0 needs a tile"),
        ("T0z5", "at character 1"),
    ],
)
def test_bad_play_strings_name_the_position(play: str, message: str) -> None:
    with pytest.raises(PlayError, match=message):
        parse_play(play)


def test_replay_rejects_an_action_out_of_turn() -> None:
    (game,) = read_pmn((PEERS / "example_1.pmn").read_text(encoding="utf-8"))
    text = (PEERS / "example_1.pmn").read_text(encoding="utf-8").replace("T0r3D0z1T1", "T0r3D0z1T2")
    (bad,) = read_pmn(text)
    with pytest.raises(PlayError, match=r"\[Play\] at character 9: T2d3: not allowed after D0z1"):
        replay(bad)
    assert replay(game).winners


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ('[PWind "X"]', "PWind"),
        ('[Scoring "Riichi"]', "Scoring"),
        ('[Result "1 2 3"]', "Result"),
        ('[Deal "c1 c2 c3 c4"]', "Deal"),
        ('[Fan "None 39-1 None None"]', "Fan"),
        ('[Board "0"]', "Board"),
    ],
)
def test_bad_tags_are_errors_naming_the_tag(text: str, tag: str) -> None:
    with pytest.raises(PmnError) as caught:
        read_pmn(text)
    assert caught.value.field == tag


def test_the_pmn_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pmn", *map(str, FILES)]) == 0
    out = capsys.readouterr().out
    assert "West (忘却氤氲) wins on South's tile: 9 fan" in out
    assert "result -32 +36 -8 +36" in out


def test_the_pmn_command_reports_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pmn"
    bad.write_text('[Event "x"]\n[Play "T0c1Q0"]\n', encoding="utf-8")
    assert main(["pmn", str(bad)]) == 1
    assert (
        capsys.readouterr().err == f"{bad}, game 1: [Play] at character 5: 'Q0' is not an action "
        "(T D C P A B Z R H, then a seat 0-3)\n"
    )


def test_the_example_records_are_in_the_repository() -> None:
    # The parametrized tests above would quietly run none if the copies went missing.
    assert [path.name for path in FILES] == list(EXPECTED)
