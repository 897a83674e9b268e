"""A classical game as a file (``game_file``) and ``mahjong-score rules game FILE``: the
example of docs/classical-game-file.md replays as printed there; a file reads back as
written; a broken file is refused naming where."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scoring.engine.classical.game_file import (
    game_to_json,
    read_game,
    replay_game,
    write_game,
)
from scoring.engine.classical.params import clean_params
from scoring.engine.classical.rulebooks import preset_text
from scoring.engine.cli import main
from scoring.engine.errors import LineError, RulesError

DOC = Path(__file__).resolve().parents[3] / "docs" / "classical-game-file.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def doc_blocks() -> tuple[str, str]:
    """The example game file and the replay the document prints for it."""
    found = dict(BLOCK.findall(DOC.read_text()))
    return found["json"], found["text"]


def test_the_documented_example_replays_as_the_document_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example, printed = doc_blocks()
    path = tmp_path / "example.json"
    path.write_text(example)
    assert main(["rules", "game", str(path)]) == 0
    assert capsys.readouterr().out == printed


def test_the_example_changes_options_and_rules_from_the_hand_that_names_them() -> None:
    record = read_game(doc_blocks()[0])
    methods = [params["payment_method"] for params in record.params]
    assert methods == [3, 3, 2, 2, 2]
    assert [params["limit"] for params in record.params] == [1000, 1000, 1000, 500, 500]
    assert '"M**" 30' in record.params[3]["text"] and '"M**" 20' in record.params[2]["text"]
    played = replay_game(record)
    assert [int(hand.options.payment_method) for hand in played] == methods[:4]
    # Hand 3: Keith's fixed 10 replaces his calculated 2 in the payments.
    keith = played[2].scores[0]
    assert (keith.calculated, keith.score) == (2, 10)


def test_a_file_reads_back_as_it_was_written() -> None:
    record = read_game(doc_blocks()[0])
    again = read_game(write_game(record))
    assert again == record
    assert write_game(again) == write_game(record)


def test_a_preset_is_saved_with_its_text_and_read_back_as_the_preset() -> None:
    record = read_game(
        json.dumps(
            {
                "format": "classical game",
                "version": 1,
                "players": ["Ann", "Bo", "Cy"],
                "stake": 100,
                "rules": {"preset": "millington"},
                "hands": [{"mahjong": None, "players": [{}, {}, {}]}],
                "then": {"options": {"draw_advance_wind": True}},
            }
        )
    )
    assert record.params[0] == clean_params({"rules": "millington", "stake": 100})
    assert record.params[1]["draw_advance_wind"] is True
    data = game_to_json(record)
    assert data["rules"] == {"preset": "millington", "text": preset_text("millington")}
    assert data["then"] == {"options": {"draw_advance_wind": True}}
    assert read_game(write_game(record)) == record
    # A preset's text edited since is the club's own rules file.
    data["rules"]["text"] = data["rules"]["text"].replace('"M**"     10', '"M**"     20')
    assert read_game(json.dumps(data)).params[0]["rules"] == "file"


GAME = {
    "format": "classical game",
    "version": 1,
    "players": ["Ann", "Bo"],
    "stake": 100,
    "rules": {"preset": "millington"},
    "hands": [{"mahjong": 0, "players": [{"sets": ["PED"]}, {}]}],
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "riichi game"}, 'this is not a classical game file ("format"'),
        ({"players": ["Ann"]}, "players is a list of the 2-4 players' names"),
        ({"players": ["Ann", "Ann"]}, "each player is named once"),
        ({"rules": {"preset": "modern"}}, "rules: no preset 'modern' (known: millington, 1920s)"),
        ({"options": {"stake": 5}}, "options has an unknown field 'stake'"),
        (
            {"options": {"payment_method": 7}},
            "the game: the payment method must be 0, 1, 2, 3 or 4",
        ),
        ({"played_on": "1 May"}, "played_on is a date written YYYY-MM-DD"),
        ({"seats": 4}, "the game has an unknown field 'seats'"),
        (
            {"hands": [GAME["hands"][0], {"options": {"limit": 0}, "mahjong": None}]},
            "hand 2: limit must be",
        ),
        ({"hands": [{**GAME["hands"][0], "options": {}}]}, "the first hand plays under"),
        ({"then": {"mahjong": 1}}, "then has an unknown field 'mahjong'"),
        ({"hands": [{}] * 501}, "a game file holds at most 500 hands, not 501"),
    ],
)
def test_a_broken_file_is_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as caught:
        read_game(json.dumps({**GAME, **change}))
    assert message in caught.value.message


def test_a_hand_that_cannot_be_scored_is_named_with_the_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = {**GAME, "hands": [GAME["hands"][0], {"mahjong": 1, "players": [{}, {"events": [1]}]}]}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    assert main(["rules", "game", str(path)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"{path}: hand 2: ") and "rule 1" in error
    broken["hands"] = [{"mahjong": 0, "players": [{}, {"sets": ["PXM"]}]}]
    path.write_text(json.dumps(broken))
    assert main(["rules", "game", str(path)]) == 1
    assert (
        capsys.readouterr().err
        == f"{path}: hand 1: Bo: the set 'PXM': a pung is concealed (C) or exposed (E)\n"
    )
    path.write_text('{"format": "classical game",\n "version": 1,,}')
    assert main(["rules", "game", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}, line 2: not valid JSON")
    with pytest.raises(LineError):
        read_game("[1,")
    for text in ("[" * 100_000, '{"stake": ' + "9" * 5000 + "}"):
        with pytest.raises(RulesError, match="not valid JSON"):
            read_game(text)
