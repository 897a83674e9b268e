"""The §8 hand strings translate into hand-json the way the spec reads them."""

import pytest

from scoring.engine.errors import HandError
from scoring.engine.zung_jung.notation import hand_json_from_seed


def test_exposed_last_set_is_a_discard_win_kept_in_hand() -> None:
    data = hand_json_from_seed("+c3c3c3c3 ^b7b7b7b7 -k5k5k5 +wsws", seat_wind="2z")
    assert data == {
        "concealed": "555m22z",
        "melds": [
            {"type": "kong", "tiles": "3333p", "concealed": False},
            {"type": "kong", "tiles": "7777s", "concealed": False},
        ],
        "winning_tile": "2z",
        "self_drawn": False,
        "seat_wind": "2z",
    }


def test_concealed_last_set_is_self_drawn_and_concealed_kongs_are_declared() -> None:
    data = hand_json_from_seed("-drdrdrdr -c1c2c3 -b2b3b4 -k7k8k9 -c9c9")
    assert data["self_drawn"] is True and data["winning_tile"] == "9p"
    assert data["melds"] == [{"type": "kong", "tiles": "7777z", "concealed": True}]


def test_special_hands() -> None:
    data = hand_json_from_seed("!b1b1b1b2b3b4b5b6b7b8b9b9b9/b5")
    assert data == {
        "concealed": "11123455678999s",
        "winning_tile": "5s",
        "self_drawn": False,
    }


@pytest.mark.parametrize("text", ["", "c1c2c3", "-x1", "!c1c9/"])
def test_bad_strings_are_explained(text: str) -> None:
    with pytest.raises(HandError):
        hand_json_from_seed(text)
