"""One test per defect of the seed's code (zung-jung.md §7) proving we do not have it,
plus Freedom of Count and the combination rules."""

from typing import Any

import pytest

from scoring.engine.errors import HandError
from scoring.engine.evaluation import CountedPattern
from scoring.engine.hand import hand_from_json
from scoring.engine.shapes import arrangements
from scoring.engine.tiles import parse_tiles
from scoring.engine.zung_jung import OFFICIAL, SEED, evaluate
from scoring.engine.zung_jung.evaluator import bonus_patterns, combine
from scoring.engine.zung_jung.facts import Facts, HandSummary
from scoring.engine.zung_jung.notation import hand_json_from_seed
from scoring.engine.zung_jung.patterns import mixed_one_suit


def hand(text: str, **context: Any) -> Any:
    return hand_from_json(hand_json_from_seed(text, **context))


def points(result: Any) -> dict[str, int]:
    return {p.id: p.value * p.count for p in result.patterns}


def test_d1_honour_patterns_are_not_double_counted() -> None:
    result = evaluate(hand("+drdrdr +dgdgdg +dwdwdw +c2c3c4 +b5b5"), SEED)
    assert (result.total, points(result)) == (
        160,
        {"big_three_dragons": 130, "dragon_triplet": 30},
    )
    winds = evaluate(hand("+wewewe +wswsws +c2c3c4 +b6b7b8 +wnwn"), SEED)
    assert (winds.total, points(winds)) == (40, {"little_three_winds": 30, "wind_triplet": 10})


def test_d2_seven_pairs_is_worth_30() -> None:
    result = evaluate(hand("-c1c1 -c3c3 -b5b5 -k3k3 -k7k7 -b8b8 +c9c9"), SEED)
    assert points(result) == {"seven_pairs": 30, "concealed_hand": 5}


def test_d3_a_13_way_thirteen_orphans_is_awarded_320_and_a_single_wait_160() -> None:
    assert evaluate(hand("!c1c9b1b9k1k9wewswwwndrdgdw/dr"), SEED).total == 320
    single = evaluate(hand("!c1c9b1b9k1k9wewswwwndrdrdg/dw"), SEED)
    assert (single.total, points(single)) == (160, {"thirteen_orphans": 160})


def test_d4_sequences_sharing_one_number_are_not_three_similar_sequences() -> None:
    result = evaluate(hand("+c2c3c4 +b4b5b6 +k3k4k5 +c7c8c9 +dwdw"), SEED)
    assert "three_similar_sequences" not in points(result)


def test_d5_nine_tile_straight_is_found_whatever_sorts_first() -> None:
    result = evaluate(hand("-b2b3b4 -k4k5k6 -k7k8k9 -c5c5 -k1k2k3"), SEED)
    assert points(result)["nine_tile_straight"] == 40


def test_d6_two_tailed_terminal_sequences_are_counted_per_suit() -> None:
    result = evaluate(hand("+b1b2b3 +b7b8b9 -k1k2k3 -c3c3 +k7k8k9", bonus="2f"), SEED)
    assert (result.total, points(result)["two_tailed_terminal_sequences"]) == (17, 10)
    one_suit = evaluate(hand("+b1b2b3 +b7b8b9 -b1b2b3 -c3c3 +k7k8k9"), SEED)
    assert points(one_suit)["two_tailed_terminal_sequences"] == 5


def test_d7_impossible_tile_counts_are_rejected() -> None:
    with pytest.raises(HandError, match="5 copies of 3z"):
        hand("+c8c8c8 +wswsws +wwwwww -dwdwdw +wwww")


def test_d8_an_all_honours_hand_is_not_mixed_one_suit() -> None:
    honours = hand("+wewewe +wswsws +drdrdr +dgdgdg +dwdw")
    (arrangement,) = arrangements(honours)
    assert mixed_one_suit(Facts.of(HandSummary.of(honours), arrangement)) == 0


def test_d8_four_flowers_and_a_season_keep_the_season() -> None:
    found = bonus_patterns(parse_tiles("12345f"), SEED)
    assert sum(p.value * p.count for p in found) == 22
    assert sum(p.value * p.count for p in bonus_patterns(parse_tiles("12345678f"), SEED)) == 40
    assert bonus_patterns(parse_tiles("12345f"), OFFICIAL) == []


def test_d8_incidental_flags_are_a_list() -> None:
    data = {
        "concealed": "123m456p789s11z",
        "melds": [{"type": "kong", "tiles": "5555s"}],
        "winning_tile": "1z",
        "self_drawn": True,
        "replacement_tile": True,
        "last_tile_of_wall": True,
    }
    result = evaluate(hand_from_json(data), SEED)
    assert points(result)["final_draw"] == 10 and points(result)["win_on_quartet"] == 10


def test_d8_self_draw_is_an_input_not_inferred() -> None:
    data = hand_json_from_seed("-c5c5 -c2c3c4 -b4b5b6 -b6b7b8 -k3k4k5", self_drawn=False)
    assert "self_drawn" not in points(evaluate(hand_from_json(data), SEED))


# --- Freedom of Count ---------------------------------------------------------------------


def test_the_best_arrangement_wins_and_patterns_never_mix_readings() -> None:
    result = evaluate(hand("-c1c1c1 -c2c2c2 -c3c3c3 -k5k6k7 -b8b8"), SEED)
    assert result.total == 140
    assert "three_identical_sequences" not in points(result)
    assert result.arrangement == ("567m", "111p", "222p", "333p", "88s")


def test_a_discard_into_a_sequence_keeps_the_triplet_concealed() -> None:
    # holding 1p 1p 1p 2p 3p and winning on a discarded 1p (§4.1)
    data = {"concealed": "111123p444555s99m", "winning_tile": "1p", "seat_wind": "2z"}
    result = evaluate(hand_from_json(data), SEED)
    assert points(result)["three_concealed_triplets"] == 30


def test_a_discard_that_can_only_complete_the_pung_makes_it_exposed() -> None:
    data = {
        "concealed": "111p444555s99m",
        "melds": [{"type": "chow", "tiles": "789m"}],
        "winning_tile": "1p",
    }
    assert points(evaluate(hand_from_json(data), SEED))["two_concealed_triplets"] == 5
    data["self_drawn"] = True
    assert points(evaluate(hand_from_json(data), SEED))["three_concealed_triplets"] == 30


def test_seven_pairs_or_two_identical_sequences_twice_never_both() -> None:
    result = evaluate(hand("-c1c1 -c2c2 -c3c3 -b7b7 -b8b8 -b9b9 +k5k5"), SEED)
    found = points(result)
    assert not ("seven_pairs" in found and "two_identical_sequences_twice" in found)
    assert (result.total, found["two_identical_sequences_twice"]) == (70, 60)  # not 30 + 5


def test_equal_totals_show_the_arrangement_with_fewer_patterns() -> None:
    result = evaluate(hand("-c1c1c1 -c2c2c2 -c3c3c3 -k5k6k7 -b8b8"), SEED)
    other = evaluate(hand("-c1c1c1 -c2c2c2 -c3c3c3 -k5k6k7 -b8b8"), SEED)
    assert result == other


# --- combination rules ----------------------------------------------------------------------


def counted(*ids_and_counts: tuple[str, int]) -> list[CountedPattern]:
    entries = SEED.by_id
    return [
        CountedPattern(i, entries[i].name, entries[i].name_zh, entries[i].value, n)
        for i, n in ids_and_counts
    ]


def test_calculate_little_three_winds_mixed_one_suit_all_triplets() -> None:
    patterns = counted(
        ("little_three_winds", 1), ("wind_triplet", 2), ("mixed_one_suit", 1), ("all_triplets", 1)
    )
    assert combine(patterns, SEED)[0] == 110


def test_calculate_several_limits_never_add() -> None:
    total, _, limit, kept = combine(
        counted(("all_honours", 1), ("big_four_winds", 1), ("all_triplets", 1)), SEED
    )
    assert (total, limit, [p.id for p in kept]) == (400, True, ["big_four_winds"])


def test_the_sum_is_capped_at_320_and_bonus_tiles_do_not_count_toward_the_minimum() -> None:
    total, without_bonus, limit, _ = combine(
        counted(("four_concealed_triplets", 1), ("four_consecutive_triplets", 1)), SEED
    )
    assert (total, without_bonus, limit) == (320, 320, False)
    rules = SEED.with_options(minimum=5)
    result = evaluate(hand("+c1c2c3 +b3b4b5 +k3k4k5 +c7c7c7 +b9b9", bonus="12f"), rules)
    assert (result.total, result.total_without_bonus, result.meets_minimum) == (5, 1, False)


def test_thirteen_orphans_and_blessings_are_not_limits() -> None:
    data = {
        "concealed": "19m19p19s12345677z",
        "winning_tile": "1m",
        "self_drawn": True,
        "heavenly": True,
    }
    result = evaluate(hand_from_json(data), SEED)
    assert (result.total, result.limit) == (320, False)
    assert points(result) == {"self_drawn": 5, "thirteen_orphans": 160, "blessing_of_heaven": 155}
