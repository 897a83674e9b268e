"""Every known pitfall of mcr.md §12, and the rule-book combinations of §2, §4 and §5."""

from __future__ import annotations

import pytest

from scoring.engine.errors import HandError
from scoring.engine.mcr import preset
from scoring.engine.mcr.knitted import single_wait, wait_kinds
from scoring.engine.tiles import counts, format_tiles, parse_tiles
from tests.engine.mcr.helpers import fans, score


def test_1_a_fourth_chow_pairs_once_with_a_chow_of_a_bigger_fan() -> None:
    counted = fans(score("123456789s55m", "5m", "chow:789s"))
    assert counted["pure_straight"] == 1
    assert sum(counted.get(f, 0) for f in ("pure_double_chow", "two_terminal_chows")) == 1


def test_2_exclusions_are_not_transitive_nine_gates_self_drawn() -> None:
    counted = fans(score("11123456789999m", "9m", self_drawn=True))
    assert "nine_gates" in counted and "self_drawn" in counted
    assert "fully_concealed_hand" not in counted


def test_3_big_three_dragons_keeps_a_fourth_terminal_pung() -> None:
    counted = fans(score("555666777z999m22p", "2p"))
    assert counted["big_three_dragons"] == 1 and counted["pung_of_terminals_or_honours"] == 1


def test_4_all_green_with_full_flush_still_counts_all_simples() -> None:
    counted = fans(score("22233344466688s", "8s"))
    assert {"all_green", "full_flush", "all_simples"} <= set(counted)


def test_5_account_once_four_chows_give_three_pairing_fans() -> None:
    counted = fans(score("123789m55m123s", "5m", "chow:789s"))
    pairing = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
    assert sum(counted.get(f, 0) for f in pairing) == 3


def test_6_and_12_four_pure_shifted_chows_adds_no_short_straight_or_terminal_chows() -> None:
    for concealed in ("123234345456m55p", "123345567789m55p"):
        counted = fans(score(concealed, "5p"))
        assert counted["four_pure_shifted_chows"] == 1
        assert not {"short_straight", "two_terminal_chows", "pure_shifted_chows"} & set(counted)


def test_7_pure_shifted_chows_counts_once_and_the_free_chow_pairs() -> None:
    counted = fans(score("123234345567p99m", "9m"))
    assert counted["pure_shifted_chows"] == 1
    assert counted.get("short_straight") == 1


def test_8_a_pung_completed_by_a_discard_is_melded_unless_it_completes_a_chow() -> None:
    # 111p can be the pung or 123p can take the winning 1p: the chow reading keeps three
    # concealed pungs.
    counted = fans(score("111123p555s999m77z", "1p"))
    assert "three_concealed_pungs" in counted
    # Only the pung can take the tile: two concealed pungs remain.
    counted = fans(score("111p555s999m456m77z", "1p"))
    assert "two_concealed_pungs" in counted and "three_concealed_pungs" not in counted


@pytest.mark.parametrize(
    ("holding", "waits"),
    [
        ("12m55p", "3m"),
        ("89m55p", "7m"),
        ("1233m", "3m"),  # the pair or the edge: only 3 completes it
        ("13m55p", "2m"),
        ("5677999m", "478m"),
        ("4456667m", "46m"),
        ("2444m", "23m"),
        ("4444567m", "47m"),
        ("1122334466668m", "78m"),
    ],
)
def test_9_waits_are_in_form(holding: str, waits: str) -> None:
    found = wait_kinds(tuple(counts(parse_tiles(holding))))
    assert format_tiles(found) == waits


@pytest.mark.parametrize(
    ("holding", "unique"),
    [
        ("12m55p", True),
        ("2444m", False),
        ("1112345678999m", False),  # nine gates: all nine
        ("123m456p789s123s1z", True),
        ("113355m2244p66s7z", True),  # seven pairs only
        ("1133557m2244p66s", True),  # seven pairs: 7m
        ("119m19p19s123456z", True),  # thirteen orphans: the missing 7z
        ("19m19p19s1234567z", False),  # thirteen orphans: any of the 13
        ("147m258p369s1235z", False),  # honours and knitted: any of 467z
        ("147m258p3s123456z", True),  # greater honours and knitted: only 7z
        ("147m258p369s123s5z", True),  # knitted straight and 123s: a pair of 5z
        ("147m258p369s45s55z", False),  # knitted straight and 3s or 6s
    ],
)
def test_9_a_unique_wait_is_one_kind_in_form(holding: str, unique: bool) -> None:
    held = tuple(counts(parse_tiles(holding)))
    assert single_wait(held) is unique
    assert (len(wait_kinds(held)) == 1) is unique


def test_9_no_wait_fan_without_a_unique_wait() -> None:
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(
        fans(score("22444m123p456s789s", "2m"))
    )
    counted = fans(score("12333m456p789s789p", "3m"))
    assert "edge_wait" in counted or "single_wait" in counted


def test_10_knitted_straight_single_wait_on_a_tile_also_in_the_body() -> None:
    counted = fans(score("147m258p369s123s99s", "9s"))
    assert counted["knitted_straight"] == 1 and counted["single_wait"] == 1


def test_11_two_concealed_kongs_excludes_two_concealed_pungs_but_not_three() -> None:
    counted = fans(score("456s55z", "5z", "ckong:1111m ckong:2222p chow:789m"))
    assert "two_concealed_kongs" in counted and "two_concealed_pungs" not in counted
    counted = fans(score("333s456s55z", "5z", "ckong:1111m ckong:2222p"))
    assert {"two_concealed_kongs", "three_concealed_pungs"} <= set(counted)


def test_kong_families_from_the_rule_book() -> None:
    counted = fans(score("333s55z", "5z", "kong:1111m kong:2222p ckong:4444s"))
    assert {"three_kongs", "two_concealed_pungs", "all_pungs"} <= set(counted)
    counted = fans(score("333s55z", "5z", "ckong:1111m ckong:2222p ckong:4444s"))
    assert {"three_kongs", "four_concealed_pungs"} <= set(counted)
    counted = fans(score("55z", "5z", "ckong:1111m ckong:2222p kong:4444s kong:6666s"))
    assert {"four_kongs", "two_concealed_pungs"} <= set(counted)


def test_13_all_even_pungs_never_applies_to_seven_pairs() -> None:
    assert "all_even_pungs" not in fans(score("22446688m224466p", "6p"))


def test_14_mixed_shifted_chows_steps_by_one_pure_shifted_chows_by_two() -> None:
    assert "mixed_shifted_chows" not in fans(score("123m345p567s999m11z", "1z"))
    assert "pure_shifted_chows" in fans(score("123345567m999p11z", "1z"))


def test_15_all_chows_needs_a_suit_pair_and_excludes_no_honours() -> None:
    assert "all_chows" not in fans(score("123m456p789s789p11z", "1z"))
    counted = fans(score("123m456p789s789p55s", "5s"))
    assert "all_chows" in counted and "no_honours" not in counted


def test_16_flags() -> None:
    with pytest.raises(HandError):
        score("123m456p789s789p55s", "5s", last_of_its_kind=True)  # a copy is held
    counted = fans(score("123m456p789s789p55s", "7s", self_drawn=True, last_tile_of_wall=True))
    assert "last_tile_draw" in counted and "self_drawn" not in counted
    counted = fans(
        score("123m456p789s55s", "7s", "kong:1111z", self_drawn=True, replacement_tile=True)
    )
    assert "out_with_replacement_tile" in counted and "self_drawn" not in counted
    counted = fans(
        score(
            "123m456p789s55s",
            "7s",
            "pung:111z",
            self_drawn=True,
            bonus="1f",
            bonus_replacement=True,
        )
    )
    assert "self_drawn" in counted and "out_with_replacement_tile" not in counted
    counted = fans(score("123m456p789s789p55s", "8p", robbing_kong=True, last_of_its_kind=True))
    assert "robbing_the_kong" in counted and "last_tile" not in counted


def test_17_the_minimum_excludes_flowers_which_count_only_after_a_legal_win() -> None:
    result = score("123m456p55s", "5s", "chow:678s pung:888s", bonus="1234567f")
    assert result.total_without_bonus < 8 and not result.meets_minimum
    assert result.total == result.total_without_bonus
    chicken = score("789m11z", "9m", "chow:234m chow:456p pung:777s", bonus="12f")
    assert (chicken.total, chicken.total_without_bonus, chicken.meets_minimum) == (10, 8, True)


def test_18_two_concealed_kongs_6_or_8_by_edition() -> None:
    hand = ("456789s55z", "5z", "ckong:1111m ckong:2222p")
    standard = score(*hand)
    green = score(*hand, rules=preset("green_book"))
    assert green.total - standard.total == 2


def test_20_nine_gates_needs_the_nine_sided_wait() -> None:
    counted = fans(score("11123456789999m", "1m"))  # 1112345678999 + 9 is not the 13 tiles
    assert "nine_gates" not in counted and "full_flush" in counted
    won_on_five = fans(score("11123455678999m", "5m"))
    assert {"nine_gates", "two_concealed_pungs", "pung_of_terminals_or_honours"} <= set(won_on_five)
    wmcc = fans(score("11123455678999m", "5m", rules=preset("wmcc")))
    assert "pung_of_terminals_or_honours" not in wmcc


def test_rule_book_example_takes_the_higher_reading() -> None:
    counted = fans(score("222333444s55z", "2s", "chow:234s", self_drawn=True))
    assert "quadruple_chow" in counted or "pure_shifted_pungs" in counted
    assert score("222333444s55z", "2s", "chow:234s", self_drawn=True).total >= 48


def test_mixed_straight_with_a_fourth_chow_pairs_once() -> None:
    counted = fans(score("123m456p789s456m99s", "9s"))
    assert sum(counted.get(f, 0) for f in ("short_straight", "mixed_double_chow")) == 1


def test_no_winning_shape_is_an_error_naming_it() -> None:
    with pytest.raises(HandError, match="no winning hand"):
        score("123m456p789s789p56s", "6s")
