"""The hand object: defaults, round trips and validation messages naming the field."""

from typing import Any

import pytest

from scoring.engine.errors import HandError
from scoring.engine.hand import FLAGS, Hand, MeldKind, hand_from_json, hand_to_json
from scoring.engine.tiles import EAST, SOUTH, parse_tiles

BASE: dict[str, Any] = {"concealed": "123m456p789s11z555s", "winning_tile": "1z"}


def with_(**changes: Any) -> dict[str, Any]:
    return {**BASE, **changes}


def test_missing_keys_take_the_defaults() -> None:
    hand = hand_from_json(BASE)
    assert hand.melds == () and hand.bonus == ()
    assert (hand.seat_wind, hand.prevailing_wind) == (EAST, EAST)
    assert not hand.self_drawn and not any(getattr(hand, flag) for flag in FLAGS)
    assert hand.is_concealed


def test_it_reads_melds_winds_and_bonus() -> None:
    hand = hand_from_json(
        {
            "concealed": "123m456p11z",
            "melds": [
                {"type": "pung", "tiles": "555s"},
                {"type": "kong", "tiles": ["7z", "7z", "7z", "7z"], "concealed": True},
            ],
            "winning_tile": "1z",
            "seat_wind": "2z",
            "bonus": "15f",
        }
    )
    assert [(m.kind, str(m), m.concealed) for m in hand.melds] == [
        (MeldKind.PUNG, "555s", False),
        (MeldKind.KONG, "7777z", True),
    ]
    assert hand.seat_wind == SOUTH and hand.kong_count == 1
    assert not hand.is_concealed
    assert hand.bonus == parse_tiles("15f")


def test_a_hand_with_only_a_concealed_kong_is_concealed() -> None:
    hand = hand_from_json(
        {
            "concealed": "123m456p789s11z",
            "melds": [{"type": "kong", "tiles": "2222p", "concealed": True}],
            "winning_tile": "1z",
        }
    )
    assert hand.is_concealed


def test_json_round_trips() -> None:
    data = {
        "concealed": "123m456p11z",
        "melds": [
            {"type": "chow", "tiles": "345s", "concealed": False},
            {"type": "kong", "tiles": "7777z", "concealed": True},
        ],
        "winning_tile": "1z",
        "self_drawn": True,
        "seat_wind": "2z",
        "prevailing_wind": "3z",
        "bonus": "15f",
        "replacement_tile": True,
    }
    first = hand_from_json(data)
    assert hand_from_json(hand_to_json(first)) == first
    assert hand_to_json(first)["melds"][0] == data["melds"][0]


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (with_(concealed="123m456p789s11z55s"), "concealed", "has 13 tiles; a winning hand has 14"),
        (
            with_(concealed="123m456p789s11z5s", melds=[{"type": "kong", "tiles": "5555s"}]),
            "concealed",
            "has 16 tiles; a winning hand has 15",
        ),
        (
            with_(concealed="1m456p789s11z55s", melds=[{"type": "kong", "tiles": "1111m"}]),
            "concealed",
            "uses 5 copies of 1m",
        ),
        (
            with_(concealed="1111m456p11z55s", melds=[{"type": "pung", "tiles": "111m"}]),
            "concealed",
            "uses 7 copies of 1m (1 characters); there are only 4",
        ),
        (with_(winning_tile="2z"), "winning_tile", "winning tile 2z (South wind) is not among"),
        (with_(concealed="123m456p789s1z55s1f"), "concealed", "flowers and seasons go in 'bonus'"),
        (with_(bonus="1f1f"), "bonus", "1f (Plum (flower 1)) appears twice"),
        (with_(bonus="1z"), "bonus", "is not a flower or season"),
        (with_(seat_wind="5z"), "seat_wind", "5z is not a wind"),
        (with_(prevailing_wind="1m"), "prevailing_wind", "1m is not a wind"),
        (
            with_(concealed="123m456p11z", melds=[{"type": "chow", "tiles": "135s"}]),
            "melds[0].tiles",
            "135s is not a chow",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": "chow", "tiles": "123z"}]),
            "melds[0].tiles",
            "123z is not a chow",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": "chow", "tiles": "89m1p"}]),
            "melds[0].tiles",
            "is not a chow",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": "pung", "tiles": "556s"}]),
            "melds[0].tiles",
            "556s is not a pung",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": "kong", "tiles": "555s"}]),
            "melds[0].tiles",
            "a kong has 4 tiles, not 3",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": "pair", "tiles": "555s"}]),
            "melds[0].type",
            "meld type 'pair' is not one of chow, pung, kong",
        ),
        (
            with_(concealed="123m456p11z", melds=[{"type": ["pung"], "tiles": "555s"}]),
            "melds[0].type",
            "meld type ['pung'] is not one of chow, pung, kong",
        ),
        (
            with_(
                concealed="123m456p11z",
                melds=[{"type": "pung", "tiles": "555s", "concealed": True}],
            ),
            "melds[0].concealed",
            "only a kong can be declared concealed",
        ),
        (with_(concealed="123m456p789s11z5x"), "concealed", "'123m456p789s11z5x' is not a tile"),
        (with_(self_drawn="yes"), "self_drawn", "'self_drawn' must be true or false"),
        (with_(selfdrawn=True), "selfdrawn", "unknown field 'selfdrawn'"),
        ({"concealed": "123m"}, "winning_tile", "'winning_tile' is missing"),
        (with_(melds={}), "melds", "'melds' must be a list"),
        (with_(melds=["555s"]), "melds[0]", "a meld must be an object"),
        (with_(concealed=5), "concealed", "must be tiles such as"),
    ],
)
def test_it_explains_what_is_wrong(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(HandError) as error:
        hand_from_json(data)
    assert message in error.value.message
    assert error.value.field == field


def test_a_non_object_is_refused() -> None:
    with pytest.raises(HandError, match="JSON object"):
        hand_from_json(["1m"])


@pytest.mark.parametrize(
    ("changes", "flag"),
    [
        ({"last_tile_of_wall": True}, "last_tile_of_wall"),
        ({"self_drawn": True, "last_discard": True}, "last_discard"),
        ({"self_drawn": True, "replacement_tile": True}, "replacement_tile"),
        ({"self_drawn": True, "bonus_replacement": True}, "bonus_replacement"),
        ({"self_drawn": True, "winning_tile": "4p", "robbing_kong": True}, "robbing_kong"),
        ({"robbing_kong": True}, "robbing_kong"),  # holds another copy of the robbed tile
        ({"last_of_its_kind": True}, "last_of_its_kind"),  # another copy in the hand
        ({"heavenly": True}, "heavenly"),
        ({"self_drawn": True, "seat_wind": "2z", "heavenly": True}, "heavenly"),
        ({"earthly": True}, "earthly"),
        ({"self_drawn": True, "seat_wind": "2z", "earthly": True}, "earthly"),
    ],
)
def test_flags_must_fit_the_hand(changes: dict[str, Any], flag: str) -> None:
    with pytest.raises(HandError) as error:
        hand_from_json(with_(**changes))
    assert error.value.field == flag


@pytest.mark.parametrize(
    "changes",
    [
        {"self_drawn": True, "last_tile_of_wall": True},
        {"last_discard": True},
        {"self_drawn": True, "bonus": "3f", "bonus_replacement": True},
        {"winning_tile": "4p", "robbing_kong": True},
        {"winning_tile": "4p", "last_of_its_kind": True},
        {"self_drawn": True, "heavenly": True},
        {"seat_wind": "3z", "earthly": True},
    ],
)
def test_consistent_flags_are_accepted(changes: dict[str, Any]) -> None:
    assert isinstance(hand_from_json(with_(**changes)), Hand)


def test_a_replacement_win_needs_a_kong() -> None:
    data = {
        "concealed": "123m456p789m11z",
        "melds": [{"type": "kong", "tiles": "5555s"}],
        "winning_tile": "1z",
        "self_drawn": True,
        "replacement_tile": True,
    }
    assert hand_from_json(data).replacement_tile


def test_a_meld_read_before_is_the_same_meld_and_a_bad_copy_of_it_is_still_refused() -> None:
    # Plain meld objects are looked up once read; the lookup must not accept what the
    # reader refuses (1 is not true), and its error still names the meld's place.
    kong = {"type": "kong", "tiles": "5555s", "concealed": True}
    hand = {"concealed": "123m456p789s11z", "winning_tile": "1z"}
    first = hand_from_json({**hand, "melds": [kong]})
    assert first.melds == hand_from_json({**hand, "melds": [dict(kong)]}).melds
    assert first.melds[0].concealed is True
    with pytest.raises(HandError) as refused:
        hand_from_json({**hand, "melds": [{**kong, "concealed": 1}]})
    assert refused.value.field == "melds[0].concealed"
    chow = {"type": "chow", "tiles": "789s"}
    with pytest.raises(HandError) as refused:
        hand_from_json(
            {**hand, "concealed": "123m456p11z", "melds": [chow, {**chow, "tiles": "799s"}]}
        )
    assert refused.value.field == "melds[1].tiles"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"concealed": "123m456p789s1z"}, "concealed"),  # too few tiles
        ({"concealed": "123m456p789s55s", "winning_tile": "5s"}, "concealed"),  # a fifth 5s
        ({"bonus": "11f"}, "bonus"),
        ({"bonus": "1f5s"}, "bonus"),
        ({"seat_wind": "5z"}, "seat_wind"),
        ({"prevailing_wind": "1m"}, "prevailing_wind"),
        ({"winning_tile": "9p"}, "winning_tile"),
        ({"concealed": "123m456p789s11z1f"}, "concealed"),
        ({"last_discard": True, "self_drawn": True}, "last_discard"),
    ],
)
def test_a_hand_with_a_meld_checked_before_is_still_checked_in_full(
    changes: dict[str, Any], field: str
) -> None:
    # A meld seen before is not checked again; everything else about the hand still is.
    data = {"concealed": "123m456p789s11z", "winning_tile": "1z"}
    data["melds"] = [{"type": "pung", "tiles": "555s"}]
    hand_from_json(data)
    with pytest.raises(HandError) as refused:
        hand_from_json({**data, **changes})
    assert refused.value.field == field
