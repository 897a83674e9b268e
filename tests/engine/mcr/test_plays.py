"""Made-up plays: a hand kept as tiles becomes a PMN game whose replay gives it back exactly,
or a clear refusal; a drawn game runs the wall out."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.hand import hand_from_json
from scoring.engine.mcr.plays import drawn_game, winning_game
from scoring.engine.mcr.pmn import PmnError, read_pmn, write_pmn
from scoring.engine.mcr.replay import replay
from scoring.engine.tiles import WINDS

PUNG = {"type": "pung", "tiles": "555s"}
HANDS: list[tuple[dict[str, Any], int, int | None]] = [
    ({"concealed": "123m456p789s789p55s", "winning_tile": "7s"}, 1, 0),
    ({"concealed": "123m456p789s11z", "melds": [PUNG], "winning_tile": "1z"}, 2, 3),
    (
        {
            "concealed": "789p55s",
            "melds": [
                {"type": "chow", "tiles": "123m"},
                {"type": "chow", "tiles": "456p"},
                {"type": "kong", "tiles": "7777s", "concealed": True},
            ],
            "winning_tile": "9p",
            "self_drawn": True,
        },
        0,
        None,
    ),
    (
        {
            "concealed": "123m456p11z",
            "melds": [PUNG, {"type": "kong", "tiles": "9999s"}],
            "winning_tile": "6p",
            "self_drawn": True,
            "replacement_tile": True,
        },
        3,
        None,
    ),
    (
        {
            "concealed": "123m456p789p456s11z",
            "winning_tile": "5s",
            "bonus": "15f",
            "last_of_its_kind": True,
        },
        1,
        2,
    ),
    (
        {
            "concealed": "123m456p789s789p55s",
            "winning_tile": "7s",
            "self_drawn": True,
            "bonus": "26f",
            "bonus_replacement": True,
        },
        2,
        None,
    ),
    ({"concealed": "1199m1155p3377s66z", "winning_tile": "6z"}, 0, 1),
    (
        {
            "concealed": "123m456p789s11z",
            "melds": [PUNG],
            "winning_tile": "1z",
            "self_drawn": True,
            "last_tile_of_wall": True,
        },
        1,
        None,
    ),
    (
        {
            "concealed": "123m456p789s789p55s",
            "winning_tile": "7s",
            "bonus": "4f",
            "last_discard": True,
        },
        3,
        1,
    ),
    (
        {
            "concealed": "123m456p789p456s11z",
            "winning_tile": "5s",
            "robbing_kong": True,
        },
        2,
        0,
    ),
]


@pytest.mark.parametrize(("data", "winner", "discarder"), HANDS)
def test_a_made_up_play_replays_to_the_hand(
    data: dict[str, Any], winner: int, discarder: int | None
) -> None:
    hand = hand_from_json({**data, "seat_wind": f"{winner + 1}z", "prevailing_wind": "2z"})

    game = winning_game(hand, winner=winner, discarder=discarder, flowers=True)

    (read,) = read_pmn(write_pmn(game))
    assert replay(read, flowers=bool(hand.bonus)).winners == {winner: hand}


@pytest.mark.parametrize(
    ("flags", "problem"),
    [
        ({"earthly": True}, "cannot show earthly"),
        ({"self_drawn": True}, "self-draw and its discarder disagree"),
    ],
)
def test_what_a_made_up_play_cannot_show_is_refused(flags: dict[str, Any], problem: str) -> None:
    data = {"concealed": "123m456p789s789p55s", "winning_tile": "7s", "seat_wind": "2z"}
    hand = hand_from_json({**data, **flags})

    with pytest.raises(PmnError, match=problem):
        winning_game(hand, winner=1, discarder=0, flowers=False)


def test_a_hand_of_another_seat_wind_is_refused() -> None:
    hand = hand_from_json({"concealed": "123m456p789s789p55s", "winning_tile": "7s"})

    with pytest.raises(PmnError, match="does not give this hand back"):
        winning_game(hand, winner=1, discarder=0, flowers=False)


def test_a_drawn_game_runs_the_wall_out_with_no_winner() -> None:
    game = drawn_game(prevailing_wind=WINDS[1])

    table = replay(game)
    assert table.wall_empty and not table.winners
