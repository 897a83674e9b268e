"""The MCR family adapter: typed fan or tiles, the 8-fan minimum, duplicate wins, winds,
seating and penalties."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.families import get_family
from scoring.families.mcr import winds_for_hand

FAMILY = get_family("mcr")
PARAMS = FAMILY.default_params()
DUPLICATE = {**PARAMS, "scoring": "duplicate"}
PENALTY = "a penalty must be a whole number from -1000 to 1000"
MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s"}  # 14 fan


def points(hand: dict[str, Any], params: dict[str, Any] = PARAMS) -> list[int]:
    return [int(r.points) for r in FAMILY.score_hand(FAMILY.clean_hand(hand, params), params)]


def test_a_discard_win_costs_the_discarder_eight_plus_fan_and_the_others_eight() -> None:
    assert points({"outcome": "discard", "winner": 0, "discarder": 2, "fan": 8}) == [
        32,
        -8,
        -16,
        -8,
    ]


def test_a_self_drawn_win_costs_everyone_eight_plus_fan() -> None:
    assert points({"outcome": "self_drawn", "winner": 3, "fan": 10}) == [-18, -18, -18, 54]


def test_tiles_are_evaluated_with_every_fan() -> None:
    hand = {"outcome": "discard", "winner": 1, "discarder": 0, "hand": MIXED_STRAIGHT}
    assert points(hand) == [-22, 38, -8, -8]
    evaluation = FAMILY.evaluate(hand, PARAMS)
    assert evaluation is not None and evaluation["total"] == 14
    assert "mixed_straight" in [p["id"] for p in evaluation["patterns"]]
    results = FAMILY.score_hand(hand, PARAMS)
    assert results[1].hand_value == 14 and results[0].blamed and not results[0].false_win


def test_a_hand_under_eight_fan_is_no_win() -> None:
    cheap = {"concealed": "123m456m789p234s55s", "winning_tile": "4s"}
    with pytest.raises(EngineError, match="needs 8") as caught:
        FAMILY.clean_hand(
            {"outcome": "discard", "winner": 0, "discarder": 1, "hand": cheap}, PARAMS
        )
    assert caught.value.field == "hand"
    with pytest.raises(EngineError) as typed:
        FAMILY.clean_hand({"outcome": "discard", "winner": 0, "discarder": 1, "fan": 7}, PARAMS)
    assert typed.value.field == "fan"


def test_a_false_win_pays_the_penalty_to_each_other_player() -> None:
    params = {**PARAMS, "false_win_penalty": 30}
    results = FAMILY.score_hand({"outcome": "false_win", "offender": 1}, params)
    assert [int(r.points) for r in results] == [30, -90, 30, 30]
    assert [r.false_win for r in results] == [False, True, False, False]


def test_duplicate_scoring_lets_two_players_win_on_one_discard() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "fan": 12,
        "discarder": 0,
        "winners": [{"seat": 3, "fan": 12}],
    }
    assert points(hand, DUPLICATE) == [-32, 36, -8, 36]  # python-majiang example_2.pmn


def test_standard_scoring_has_one_winner() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "fan": 12,
        "discarder": 0,
        "winners": [{"seat": 3, "fan": 12}],
    }
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, PARAMS)
    assert caught.value.field == "winners"


def test_flowers_are_refused_when_the_rule_set_plays_without_them() -> None:
    hand = {
        "outcome": "discard",
        "winner": 1,
        "discarder": 0,
        "hand": {**MIXED_STRAIGHT, "bonus": "1f"},
    }
    assert FAMILY.evaluate(hand, PARAMS)["total"] == 15  # type: ignore[index]
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, {**PARAMS, "flowers": False})
    assert caught.value.field == "bonus"


@pytest.mark.parametrize(
    ("number", "prevailing", "first_seat"),
    [
        (1, "1z", "1z"),
        (2, "1z", "4z"),
        (4, "1z", "2z"),
        (5, "2z", "1z"),
        (16, "4z", "2z"),
        (17, "1z", "1z"),
    ],
)
def test_with_fixed_seats_the_winds_follow_the_sixteen_hand_game(
    number: int, prevailing: str, first_seat: str
) -> None:
    winds = winds_for_hand(number, "fixed")
    assert winds["prevailing_wind"] == prevailing and winds["seat_winds"][0] == first_seat
    assert sorted(winds["seat_winds"]) == ["1z", "2z", "3z", "4z"]


# Each player's seat wind (by session seat) in all 16 hands, one line per round.
FIXED_GAME = [
    ["ESWN", "NESW", "WNES", "SWNE"],
    ["ESWN", "NESW", "WNES", "SWNE"],
    ["ESWN", "NESW", "WNES", "SWNE"],
    ["ESWN", "NESW", "WNES", "SWNE"],
]
COMPETITION_GAME = [
    ["ESWN", "NESW", "WNES", "SWNE"],
    ["SENW", "ENWS", "NWSE", "WSEN"],
    ["NWES", "WSNE", "SEWN", "ENSW"],
    ["WNSE", "SWEN", "ESNW", "NEWS"],
]
LETTERS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N"}


def game_winds(seats: str) -> list[list[str]]:
    """The winds of every hand of a game as lines of letters, East round first."""
    hands = [winds_for_hand(number, seats) for number in range(1, 17)]
    letters = ["".join(LETTERS[wind] for wind in hand["seat_winds"]) for hand in hands]
    return [letters[start : start + 4] for start in range(0, 16, 4)]


@pytest.mark.parametrize(
    ("seats", "game"), [("fixed", FIXED_GAME), ("competition", COMPETITION_GAME)]
)
def test_every_hand_of_the_game_has_its_winds(seats: str, game: list[list[str]]) -> None:
    assert game_winds(seats) == game
    prevailing = [winds_for_hand(number, seats)["prevailing_wind"] for number in range(1, 17)]
    assert prevailing == ["1z"] * 4 + ["2z"] * 4 + ["3z"] * 4 + ["4z"] * 4


@pytest.mark.parametrize("seats", ["fixed", "competition"])
def test_every_player_has_each_wind_once_a_round_and_deals_four_hands(seats: str) -> None:
    for round_hands in game_winds(seats):
        for player in range(4):
            assert sorted(hand[player] for hand in round_hands) == sorted("ESWN")
    dealers = [hand.index("E") for round_hands in game_winds(seats) for hand in round_hands]
    assert [dealers.count(player) for player in range(4)] == [4, 4, 4, 4]


def test_competition_seats_start_every_round_at_another_wind() -> None:
    starts = [round_hands[0] for round_hands in game_winds("competition")]
    assert starts == ["ESWN", "SENW", "NWES", "WNSE"]
    for player in range(4):  # each player starts a round at every wind once
        assert sorted(start[player] for start in starts) == sorted("ESWN")


def test_new_rule_sets_change_seats_and_old_versions_keep_them_fixed() -> None:
    assert PARAMS["seats"] == "competition"
    assert "seats change each round" in FAMILY.describe_params(PARAMS)
    stored = {"preset": "standard", "flowers": True, "false_win_penalty": 10, "scoring": "standard"}
    assert FAMILY.clean_params(stored)["seats"] == "fixed"
    assert "fixed seats" in FAMILY.describe_params(stored)
    assert FAMILY.hand_context(6, stored) == winds_for_hand(6, "fixed")
    assert FAMILY.hand_context(6, PARAMS) == winds_for_hand(6, "competition")


def test_the_table_states_give_the_winds_before_each_hand_and_the_end_of_the_game() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    states = FAMILY.table_states([{"outcome": "draw"}] * 5, PARAMS, [[0] * 4] * 5, names=names)
    assert len(states) == 6
    sixth = states[-1]
    assert (sixth.number, sixth.round_name, sixth.dealer_name) == (6, "South 南", "Ann")
    assert [wind for _, wind, _ in sixth.seats] == ["East 東", "North 北", "West 西", "South 南"]
    full = FAMILY.table_states([{"outcome": "draw"}] * 16, PARAMS, [[0] * 4] * 16, names=names)
    assert full[-1].over and not full[-2].over and full[-2].dealer_name == "Bo"


def test_table_points_are_shared_when_tied() -> None:
    shares = FAMILY.session_table_points([Fraction(10), Fraction(10), Fraction(-5), Fraction(-15)])
    assert shares == (3, 3, 1, 0)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"preset": "riichi"}, "rules"),
        ({"false_win_penalty": -1}, "false_win_penalty"),
        ({"scoring": "team"}, "scoring"),
        ({"flowers": 1}, "flowers"),
        ({"seats": "rotating"}, "seats"),
        ({"seats": None}, "seats"),
    ],
)
def test_bad_parameters_name_the_field(params: dict[str, Any], field: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_params({**PARAMS, **params})
    assert caught.value.field == field


# --- penalties ----------------------------------------------------------------------------

PENALTIES = [0, -10, 0, -5]  # paid to no one: the hand is no longer zero-sum


@pytest.mark.parametrize(
    ("hand", "params", "settled"),
    [
        ({"outcome": "draw"}, PARAMS, [0, 0, 0, 0]),
        ({"outcome": "self_drawn", "winner": 3, "fan": 10}, PARAMS, [-18, -18, -18, 54]),
        ({"outcome": "discard", "winner": 0, "discarder": 2, "fan": 8}, PARAMS, [32, -8, -16, -8]),
        ({"outcome": "false_win", "offender": 1}, PARAMS, [10, -30, 10, 10]),
        (
            {
                "outcome": "discard",
                "winner": 1,
                "fan": 12,
                "discarder": 0,
                "winners": [{"seat": 3, "fan": 12}],
            },
            DUPLICATE,
            [-32, 36, -8, 36],
        ),
    ],
)
def test_penalties_are_added_to_the_settlement_of_every_outcome(
    hand: dict[str, Any], params: dict[str, Any], settled: list[int]
) -> None:
    assert points(hand, params) == settled
    with_penalties = points({**hand, "penalties": PENALTIES}, params)
    assert with_penalties == [s + p for s, p in zip(settled, PENALTIES, strict=True)]


def test_penalties_change_no_statistic_of_the_hand() -> None:
    hand = {"outcome": "discard", "winner": 0, "discarder": 2, "fan": 8}
    plain = FAMILY.score_hand(hand, PARAMS)
    penalised = FAMILY.score_hand({**hand, "penalties": [-10, 0, 0, 0]}, PARAMS)
    assert [(r.won, r.blamed, r.hand_value) for r in penalised] == [
        (r.won, r.blamed, r.hand_value) for r in plain
    ]
    assert int(penalised[0].points) == int(plain[0].points) - 10


def test_all_zero_penalties_are_stored_as_none() -> None:
    assert FAMILY.clean_hand({"outcome": "draw", "penalties": [0, 0, 0, 0]}, PARAMS) == {
        "outcome": "draw"
    }
    kept = FAMILY.clean_hand({"outcome": "draw", "penalties": (0, -10, 0, 0)}, PARAMS)
    assert kept == {"outcome": "draw", "penalties": [0, -10, 0, 0]}


@pytest.mark.parametrize(
    ("penalties", "message"),
    [
        (-10, "four whole numbers, one per seat"),
        ([0, -10, 0], "four whole numbers, one per seat"),
        ([0, 0, 0, 0, 0], "four whole numbers, one per seat"),
        ({"1": -10}, "four whole numbers, one per seat"),
        ([0, True, 0, 0], f"South: {PENALTY}"),
        ([0, 0, -2.5, 0], f"West: {PENALTY}"),
        ([0, 0, 0, "-10"], f"North: {PENALTY}"),
        ([-1001, 0, 0, 0], f"East: {PENALTY}"),
        ([0, 1001, 0, 0], f"South: {PENALTY}"),
        ([0, 0, 2**31, 0], f"West: {PENALTY}"),
        ([0, 0, 0, -(10**30)], f"North: {PENALTY}"),
    ],
)
def test_bad_penalties_are_explained(penalties: Any, message: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand({"outcome": "draw", "penalties": penalties}, PARAMS)
    assert caught.value.field == "penalties" and message in caught.value.message


def test_the_extreme_penalties_are_allowed() -> None:
    assert points({"outcome": "draw", "penalties": [-1000, 1000, 0, 0]}) == [-1000, 1000, 0, 0]


def test_the_hand_line_names_each_penalty() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    hand = {
        "outcome": "discard",
        "winner": 0,
        "discarder": 2,
        "fan": 8,
        "penalties": [0, -10, 5, 0],
    }
    assert FAMILY.describe_hand(hand, names) == "Ann wins 8 fan off Cy · penalties: Bo −10, Cy +5"
    assert FAMILY.describe_hand({"outcome": "draw"}, names) == "Draw (荒莊)"


def test_every_winner_entered_by_tiles_is_described_with_their_fan() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    hand = {
        "outcome": "discard",
        "winner": 1,
        "hand": MIXED_STRAIGHT,
        "discarder": 0,
        "winners": [{"seat": 3, "hand": MIXED_STRAIGHT}],
    }
    evaluation = FAMILY.evaluate(hand, DUPLICATE)
    assert evaluation is not None
    assert [(o["seat"], o["total"]) for o in evaluation["other_winners"]] == [(3, 14)]
    expected = "Bo wins 14 fan from tiles and Di (14 fan from tiles) off Ann"
    assert FAMILY.describe_hand(hand, names, evaluation, DUPLICATE) == expected
    # A revision's earlier input has no stored evaluation: the tiles are evaluated again.
    assert FAMILY.describe_hand(hand, names, params=DUPLICATE) == expected
