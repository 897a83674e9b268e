"""The riichi family on its own: parameters, hand input, the hanchan's placings."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.engine.errors import EngineError
from scoring.families import SessionSeat, get_family
from scoring.families.riichi.forms import RiichiHandForm
from scoring.families.riichi.params import describe_rules, rules_from_params

RIICHI = get_family("riichi")


@pytest.mark.parametrize("preset", ["ema", "wrc", "club"])
def test_each_preset_is_a_rule_set(preset: str) -> None:
    assert RIICHI.clean_params({"preset": preset}) == {"preset": preset}


@pytest.mark.parametrize(
    ("params", "field"),
    [({"preset": "m-league"}, "preset"), ({"preset": "ema", "uma": [1]}, "uma")],
)
def test_unknown_rules_are_refused_by_field(params: dict[str, object], field: str) -> None:
    with pytest.raises(EngineError) as error:
        RIICHI.clean_params(params)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"outcome": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}]}, "discarder"),
        ({"outcome": "ron", "wins": [{"winner": 1, "han": 999}], "discarder": 0}, "han"),
        ({"outcome": "tsumo", "wins": [{"winner": 1, "han": 2, "yaku": ["nope"]}]}, "yaku"),
        ({"outcome": "draw", "riichi": [2]}, "tenpai"),
        ({"outcome": "tsumo", "wins": [{"winner": 0, "han": 2, "fu": 30, "hand": {}}]}, "hand"),
    ],
)
def test_a_bad_hand_names_its_field(hand: dict[str, object], field: str) -> None:
    with pytest.raises(EngineError) as error:
        RIICHI.clean_hand(hand, {"preset": "ema"})
    assert error.value.field == field


def test_a_head_bump_preset_refuses_a_double_ron() -> None:
    wins = [{"winner": 1, "han": 1, "fu": 30}, {"winner": 2, "han": 1, "fu": 30}]
    hand = {"outcome": "ron", "wins": wins, "discarder": 0}
    assert [r.points for r in RIICHI.score_hand(hand, {"preset": "ema"})] == [-2000, 1000, 1000, 0]
    with pytest.raises(EngineError, match="head bump"):
        RIICHI.score_hand(hand, {"preset": "wrc"})


def test_placings_read_leftover_sticks_and_chombos_from_the_totals() -> None:
    """EMA: the nets are 1,000 short of zero, so one riichi stick is still on the table;
    C made a chombo. A first takes the uma and the leftover stick."""
    nets = [Decimal(1000), Decimal(-1000), Decimal(0), Decimal(-1000)]
    seats = [SessionSeat(net, 1 if seat == 2 else 0) for seat, net in enumerate(nets)]
    placings = RIICHI.session_placings(seats, {"preset": "ema"})
    assert placings is not None
    assert [p.place for p in placings] == [1, 3, 2, 3]
    assert [p.points for p in placings] == [
        Fraction(1000 + 15000 + 1000),
        Fraction(-1000 - 10000),
        Fraction(5000 - 20000),
        Fraction(-1000 - 10000),
    ]
    assert RIICHI.session_placings(seats[:3], {"preset": "ema"}) is None


DOUBLE_RON = {
    "outcome": "ron",
    "wins": [
        {"winner": 1, "han": 2, "fu": 40},
        {"winner": 3, "yakuman": 1},
        {"winner": 0, "han": 1, "fu": 30},
    ],
    "discarder": 2,
    "riichi": [1],
}


def test_a_triple_ron_comes_back_from_the_form_it_fills() -> None:
    initial = RiichiHandForm.initial_from_input(DOUBLE_RON)
    assert (initial["second_winner"], initial["second_limit"]) == ("3", "yakuman")
    assert (initial["third_winner"], initial["third_han"], initial["third_fu"]) == ("0", 1, 30)
    data = {key: value for key, value in initial.items() if value not in (None, "")}
    form = RiichiHandForm(data, params={"preset": "ema"}, seat_names=list("ABCD"))
    assert form.is_valid(), form.errors
    assert form.hand_input() == DOUBLE_RON


@pytest.mark.parametrize(
    ("engine_field", "form_field"),
    [
        ("wins[1].han", "second_han"),
        ("wins[2].fu", "third_fu"),
        ("wins[1].yakuman", "second_limit"),
        ("wins[1]", "second_winner"),
        ("wins[0].han", "winner"),
        ("han", "han"),
    ],
)
def test_an_engine_error_on_a_later_win_goes_beside_its_fields(
    engine_field: str, form_field: str
) -> None:
    form = RiichiHandForm(params={"preset": "ema"}, seat_names=list("ABCD"))
    assert form.form_field_for(engine_field) == form_field


def test_a_second_winner_needs_a_ron() -> None:
    data = {"winner": "1", "how": "self_drawn", "value_mode": "points", "han": "2"}
    form = RiichiHandForm(
        {**data, "fu": "30", "second_winner": "2", "second_han": "1"},
        params={"preset": "ema"},
        seat_names=list("ABCD"),
    )
    assert not form.is_valid()
    assert form.errors["second_winner"] == [
        "Only a ron has more than one winner: choose Ron, or set Second winner to Nobody."
    ]


@pytest.mark.parametrize(("preset", "bust"), [("ema", False), ("wrc", False), ("club", True)])
def test_a_rule_set_busts_as_its_preset_and_its_description_says_so(
    preset: str, bust: bool
) -> None:
    rules = rules_from_params({"preset": preset})
    assert rules.bust is bust
    assert ("a player below zero ends the game" in describe_rules(rules)) is bust


@pytest.mark.parametrize("preset", ["ema", "wrc", "club"])
def test_a_rule_sets_description_says_each_rule_once(preset: str) -> None:
    rules = rules_from_params({"preset": preset})
    described = describe_rules(rules)
    for rule in ("red fives", "kiriage", "start", "return"):
        assert described.count(rule) == 1, (rule, described)
