"""One hand for each MCR fan (mcr.md §2): the fan is counted, and the fans it excludes are not."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.mcr import FANS
from scoring.engine.mcr.fans import EXCLUDES
from tests.engine.mcr.helpers import fans, hand, score

SD: dict[str, Any] = {"self_drawn": True}

# fan id, concealed tiles (winning tile included), winning tile, melds, context
EXAMPLES: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("big_four_winds", "111222333444z55m", "5m", "", {}),
    ("big_three_dragons", "555666777z123m99p", "9p", "", {}),
    ("all_green", "234234666888s66z", "6z", "", {}),
    ("nine_gates", "11123456789999m", "9m", "", {}),
    ("four_kongs", "55z", "5z", "kong:1111m kong:2222p kong:3333s ckong:4444z", {}),
    ("seven_shifted_pairs", "11223344556677p", "7p", "", {}),
    ("thirteen_orphans", "19m19p19s12345677z", "7z", "", {}),
    ("all_terminals", "111999m111999p11s", "1s", "", {}),
    ("little_four_winds", "11122233344z789m", "9m", "", {}),
    ("little_three_dragons", "55566677z123m789p", "9p", "", {}),
    ("all_honours", "11122255566677z", "7z", "", {}),
    ("four_concealed_pungs", "111m222p333s44455z", "5z", "", {}),
    ("pure_terminal_chows", "11223377889955m", "5m", "", {}),
    ("quadruple_chow", "111122223333m55p", "5p", "", {}),
    ("four_pure_shifted_pungs", "111222333444m55p", "5p", "", {}),
    ("four_pure_shifted_chows", "123234345456m55p", "5p", "", {}),
    ("three_kongs", "456s55z", "5z", "kong:1111m kong:2222p kong:3333s", {}),
    ("all_terminals_and_honours", "111m999p111s11122z", "2z", "", {}),
    ("seven_pairs", "1155m2288p3399s11z", "1z", "", {}),
    ("greater_honours_and_knitted_tiles", "147m25p36s1234567z", "7z", "", {}),
    ("all_even_pungs", "222444m22666p888s", "2p", "", {}),
    ("full_flush", "12334567899955m", "1m", "", {}),
    ("pure_triple_chow", "123m456p77s", "7s", "chow:123m chow:123m", {}),
    ("pure_shifted_pungs", "456p77s", "7s", "pung:111m pung:222m pung:333m", {}),
    ("upper_tiles", "789m789p78978999s", "9s", "", {}),
    ("middle_tiles", "45556m456p456456s", "6s", "", {}),
    ("lower_tiles", "123m123p11112233s", "2s", "", {}),
    ("pure_straight", "123456789m123p55s", "5s", "", {}),
    ("three_suited_terminal_chows", "123789m123789p55s", "5s", "", {}),
    ("pure_shifted_chows", "123234345m789p55s", "5s", "", {}),
    ("all_fives", "345555m45556p567s", "7s", "", {}),
    ("triple_pung", "222s456m77p", "7p", "pung:222m pung:222p", {}),
    ("three_concealed_pungs", "111m222p333s456m77p", "5m", "", {}),
    ("lesser_honours_and_knitted_tiles", "147m258p36s123456z", "6z", "", {}),
    ("knitted_straight", "147m258p369s123m55z", "5z", "", {}),
    ("upper_four", "678m678p66778899s", "9s", "", {}),
    ("lower_four", "234m234p11223344s", "1s", "", {}),
    ("big_three_winds", "456m77p", "7p", "pung:111z pung:222z pung:333z", {}),
    ("mixed_straight", "123m456p789s789p55s", "7s", "", {}),
    ("reversible_tiles", "123345p456888s55z", "5z", "", {}),
    ("mixed_triple_chow", "123m123p123s456m77p", "7p", "", {}),
    ("mixed_shifted_pungs", "456m77p", "7p", "pung:111m pung:222p pung:333s", {}),
    ("chicken_hand", "789m11z", "9m", "chow:234m chow:456p pung:777s", {}),
    ("last_tile_draw", "123m456p789s789p55s", "7s", "", {**SD, "last_tile_of_wall": True}),
    ("last_tile_claim", "123m456p789s789p55s", "7s", "", {"last_discard": True}),
    (
        "out_with_replacement_tile",
        "123m456p789s55s",
        "7s",
        "kong:1111z",
        {**SD, "replacement_tile": True},
    ),
    ("robbing_the_kong", "123m456p789s789p55s", "8p", "", {"robbing_kong": True}),
    ("all_pungs", "55599p", "9p", "pung:222m pung:333p pung:777s", {}),
    ("half_flush", "123456789m11122z", "2z", "", {}),
    ("mixed_shifted_chows", "123m234p345s789m55p", "5p", "", {}),
    ("all_types", "123m456p789s11155z", "5z", "", {}),
    ("melded_hand", "55p", "5p", "chow:123m chow:456p pung:777s kong:1111z", {}),
    ("two_concealed_kongs", "456789s55z", "5z", "ckong:1111m ckong:2222p", {}),
    ("two_dragon_pungs", "123m456p99s", "9s", "pung:555z pung:666z", {}),
    ("outside_hand", "123m789m123p999s11z", "1z", "", {}),
    ("fully_concealed_hand", "123m456p789s789p55s", "7s", "", SD),
    ("two_melded_kongs", "456789s55z", "5z", "kong:1111m kong:2222p", {}),
    ("last_tile", "123m456p789s789p55s", "7s", "", {"last_of_its_kind": True}),
    ("dragon_pung", "123m456p789s55s", "5s", "pung:777z", {}),
    ("prevalent_wind", "123m456p789s55s", "5s", "pung:222z", {"prevailing_wind": "2z"}),
    ("seat_wind", "123m456p789s55s", "5s", "pung:333z", {"seat_wind": "3z"}),
    ("concealed_hand", "123m456p789s789p55s", "7s", "", {}),
    ("all_chows", "123m456p789s789p55s", "7s", "", {}),
    ("tile_hog", "123m456p789s78999s", "7s", "", {}),
    ("double_pung", "456m99s", "9s", "pung:222m pung:222p chow:345s", {}),
    ("two_concealed_pungs", "222m555p234s77z", "2s", "chow:789m", {}),
    ("concealed_kong", "123m456p789s55s", "5s", "ckong:2222z", {}),
    ("all_simples", "234m456p678s66s", "6s", "pung:222p", {}),
    ("pure_double_chow", "123123m456p88s", "8s", "pung:777z", {}),
    ("mixed_double_chow", "123m123p456s88s", "8s", "pung:777z", {}),
    ("short_straight", "123456m789p88s", "8s", "pung:777z", {}),
    ("two_terminal_chows", "123789m456p88s", "8s", "pung:777z", {}),
    ("pung_of_terminals_or_honours", "999m456p88s", "8s", "pung:777z chow:234s", {}),
    ("melded_kong", "123m456p789s55s", "5s", "kong:2222z", {}),
    ("one_voided_suit", "234m456m22p", "2p", "pung:777z pung:999p", {}),
    ("no_honours", "123m456p55s", "5s", "pung:888s chow:789s", {}),
    ("edge_wait", "123m456p789s789p55s", "7s", "", {}),
    ("closed_wait", "123m456p789s789p55s", "8p", "", {}),
    ("single_wait", "123m456p789s789p55s", "5s", "", {}),
    ("self_drawn", "123m456p55s", "5s", "pung:777z chow:789s", SD),
    ("flower_tiles", "123m456p789s789p55s", "7s", "", {"bonus": "157f"}),
    ("melded_kong_and_concealed_kong", "456789s55z", "5z", "kong:1111m ckong:2222p", {}),
]


def _example(row: tuple[str, str, str, str, dict[str, Any]]) -> Any:
    return pytest.param(*row, id=row[0])


def test_every_fan_has_an_example() -> None:
    assert {row[0] for row in EXAMPLES} == set(FANS)


@pytest.mark.parametrize(
    ("fan", "concealed", "winning", "melds", "context"), [_example(row) for row in EXAMPLES]
)
def test_the_fan_counts_and_what_it_excludes_does_not(
    fan: str, concealed: str, winning: str, melds: str, context: dict[str, Any]
) -> None:
    counted = fans(score(concealed, winning, melds, **context))
    assert fan in counted
    assert not EXCLUDES.get(fan, frozenset()) & set(counted)


def test_examples_are_valid_hands_whatever_their_flags() -> None:
    for _, concealed, winning, melds, context in EXAMPLES:
        hand(concealed, winning, melds, **context)
