"""PMN reading, writing, replay and the peers' example files (mcr.md §11)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scoring.engine.cli import main
from scoring.engine.mcr import cli as mcr_cli
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
    # The README's example has two winners: a duplicate game.
    (game,) = read_pmn(
        '[Scoring "Duplicate MCR"]\n[Fan "None 39/1.62/1.76/1.77/1 None 39/1.63/1.70/1.77/1"]'
    )
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


def test_the_pmn_command_goes_on_after_a_game_it_cannot_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = (PEERS / "example_1.pmn").read_text(encoding="utf-8")
    false_win = good.replace('H2"]', 'H0"]')  # East declares a win with no winning hand
    assert false_win != good
    both = tmp_path / "both.pmn"
    both.write_text(false_win + good, encoding="utf-8")
    assert main(["pmn", str(both)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"{both}, game 1: the tiles form no winning hand")
    assert out.startswith(f"{both}, game 2: Board 2") and "result -8 -17 +33 -8" in out


def test_the_pmn_command_goes_on_after_a_game_its_scorer_fails_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault of ours (not of the record) is one line where the game's board would be."""
    good = (PEERS / "example_1.pmn").read_text(encoding="utf-8")
    both = tmp_path / "both.pmn"
    both.write_text(good + good, encoding="utf-8")
    scored: list[object] = []

    def first_fails(game: object, rules: object) -> object:
        scored.append(game)
        if len(scored) == 1:
            raise KeyError("seat")
        return score_game(game, rules)  # type: ignore[arg-type]

    monkeypatch.setattr(mcr_cli, "score_game", first_fails)
    assert main(["pmn", str(both)]) == 1
    out, err = capsys.readouterr()
    assert (
        err
        == f"{both}, game 1: the scorer failed on this input (KeyError: 'seat'); please report it\n"
    )
    assert out.startswith(f"{both}, game 2: Board 2") and "result -8 -17 +33 -8" in out


def test_the_example_records_are_in_the_repository() -> None:
    # The parametrized tests above would quietly run none if the copies went missing.
    assert [path.name for path in FILES] == list(EXPECTED)


def example(name: str) -> str:
    return (PEERS / name).read_text(encoding="utf-8")


def as_standard(text: str) -> str:
    return text.replace('[Scoring "Duplicate"]', '[Scoring "MCR"]')


@pytest.mark.parametrize(
    ("text", "tag", "message"),
    [
        (
            as_standard(example("example_1.pmn")).replace('[Board "2"]', '[Board "17"]'),
            "Board",
            "[Board] board 17 is above 16, the last of a game",
        ),
        (
            example("example_1.pmn").replace('[Starting "0 0 0 0"]', '[Starting "0 5 0 0"]'),
            "Starting",
            "[Starting] Duplicate scoring starts every deal from 0 0 0 0",
        ),
        (
            as_standard(example("example_2.pmn")),
            "Play",
            "[Play] MCR scoring has one winner; the play has several",
        ),
        (
            as_standard(example("example_1.pmn")).replace('[Fan "None None', '[Fan "None 39/8/1'),
            "Fan",
            "[Fan] MCR scoring has one winner; the fans name several",
        ),
    ],
    ids=["board-17-standard", "starting-duplicate", "two-winners-play", "two-winners-fan"],
)
def test_what_the_scoring_forbids_is_refused_naming_game_and_tag(
    text: str, tag: str, message: str
) -> None:
    with pytest.raises(PmnError) as caught:
        read_pmn(example("example_3.pmn") + "\n" + text)
    assert (caught.value.game, caught.value.field, caught.value.message) == (2, tag, message)


def test_duplicate_scoring_allows_a_board_above_16_and_several_winners() -> None:
    text = example("example_2.pmn").replace('[Board "', '[Board "4')
    (game,) = read_pmn(text)
    assert game.board is not None and game.board > 16
    assert set(score_game(game).evaluations) == {1, 3}


@pytest.mark.parametrize(
    ("tag", "value"),
    [
        ("Board", "²"),
        ("Board", "١"),
        ("Board", "9" * 5000),
        ("Starting", f"0 {10**30} 0 0"),
        ("Result", "0 ² 0 0"),
        ("Penalty", f"0 -{'9' * 5000} 0 0"),
        ("Fan", "None None 55/²/1 None"),
    ],
)
def test_a_number_that_is_not_plain_digits_in_range_is_refused_naming_the_tag(
    tag: str, value: str
) -> None:
    with pytest.raises(PmnError) as caught:
        read_pmn(f'[{tag} "{value}"]')
    assert caught.value.field == tag


FLOWER_DEAL = "c1112345678999dbwrf cd1112345678999bwrf cdb1112345678999wrf c234567d234567bw1rf"


def test_a_flower_drawn_during_play_is_set_aside_and_replaced() -> None:
    (game,) = read_pmn(f'[Deal "{FLOWER_DEAL}"]\n[Play "T0f1R0z1T0c9H0"]')
    assert [action.code() for action in game.play] == ["T0f1", "R0z1", "T0c9", "H0"]
    table = replay(game, flowers=True)
    east = table.seats[0]
    assert (format_tiles(east.concealed), format_tiles(east.flowers)) == ("11123456789999m", "1f")
    hand = table.winners[0]
    assert hand.self_drawn and hand.bonus_replacement and format_tiles(hand.bonus) == "1f"
    assert score_game(game).evaluations[0].total == 108  # Nine Gates and the rest, flower 1


def test_a_dealt_flower_may_be_replaced_once() -> None:
    deal = FLOWER_DEAL.replace("f ", "f2 ", 1)
    (game,) = read_pmn(f'[Deal "{deal}"]\n[Play "R0f2T0c9H0"]')
    table = replay(game, flowers=True)
    assert format_tiles(table.seats[0].flowers) == "2f" and table.winners[0].bonus_replacement
    (twice,) = read_pmn(f'[Deal "{deal}"]\n[Play "R0f2T0f3R0f2"]')
    with pytest.raises(PlayError, match=r"at character 9: R0f2: the seat does not hold 1 × f2"):
        replay(twice, flowers=True)


def test_the_wall_is_empty_when_every_tile_is_drawn_with_a_flower_dealt() -> None:
    """The dealt flower took a tile off the wall: 144 - 52 - 1 tiles are left to draw."""
    deal = FLOWER_DEAL.replace("f ", "f1 ", 1)
    (dealt,) = read_pmn(f'[Deal "{deal}"]')
    left = Counter({t: 4 for t in range(34)} | {t: 1 for t in range(34, 42)})
    for hand in dealt.deal:
        left.subtract(hand)
    play, seat = ["R0f1"], 0
    for tile in sorted(left.elements()):  # each seat in turn draws and discards the tile
        play.append(f"T{seat}{to_pmn(tile)}")
        if tile >= 34:
            play.append(f"R{seat}z1")  # and draws again
            continue
        play.append(f"D{seat}z1")
        seat = (seat + 1) % 4
    (game,) = read_pmn(f'[Deal "{deal}"]\n[Play "{"".join(play)}"]')

    table = replay(game, flowers=True)

    assert (table.draws, table.wall_count, table.wall_empty) == (91, 0, True)


def test_a_flower_comes_into_play_once() -> None:
    (game,) = read_pmn(f'[Deal "{FLOWER_DEAL}"]\n[Play "T0f1R0z1T0f1"]')
    with pytest.raises(PlayError, match="a second f1 comes into play"):
        replay(game, flowers=True)


def test_a_flower_cannot_be_discarded_or_claimed() -> None:
    with pytest.raises(PlayError, match="D0 takes a playing tile, not a flower"):
        read_pmn('[Play "T0f1D0f1"]')
