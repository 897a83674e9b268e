"""The interpreter: activations, S and U, points then doubles then the limit, and
Millington's scoring by the shipped preset (classical.md §3, §7, §11)."""

from fractions import Fraction

import pytest

from scoring.engine.classical.interpreter import (
    HandScore,
    Seat,
    score_hand,
    without_mahjong_events,
)
from scoring.engine.classical.language import read_rules
from scoring.engine.classical.rulebooks import preset
from scoring.engine.classical.sets import player_hand
from scoring.engine.errors import HandError, RulesError
from tests.engine.classical.rule_chains import TEN_SETS, counting_chain

MILLINGTON = preset("millington")


def millington(
    codes: list[str],
    *,
    mahjong: bool = True,
    seat: str = "N",
    round_wind: str = "E",
    events: tuple[int, ...] = (),
    east_run: int = 0,
) -> HandScore:
    return score_hand(
        MILLINGTON,
        player_hand(codes, events),
        Seat(seat, round_wind, mahjong, east_run),
    )


def test_joes_breakdown_from_the_manual_scores_104() -> None:
    result = millington(["PED", "PEE", "S 3", "S 2"])
    assert [(line.text(), int(line.running)) for line in result.lines] == [
        ("Exposed Pung of Majors 4 pts (PED)", 4),
        ("Exposed Pung of Majors 4 pts (PEE)", 8),
        ("Flower or Season 4 pts (S 3)", 12),
        ("Flower or Season 4 pts (S 2)", 16),
        ("Going Mah-Jongg 10 pts", 26),
        ("Pung or Kong of Dragons 1 dbl (PED)", 52),
        ("Pung or Kong of Prevailing Wind 1 dbl (PEE)", 104),
    ]
    assert (result.points, result.doubles, result.score) == (26, 2, 104)


def test_the_same_sets_without_mahjong_skip_the_winners_rules() -> None:
    assert millington(["PED", "PEE", "S 3", "S 2"], mahjong=False).score == 64


BONUS_AND_DRAGONS = 'Demo\n10 3 "Bonus" "F**|S**" 4 0\n11 3 "Dragons" "G*D" 1 1\n// END'


def test_or_rule_gives_4_points_per_bonus_tile() -> None:
    rules = read_rules(BONUS_AND_DRAGONS)
    result = score_hand(rules, player_hand(["F 1", "S 4", "F 3"]), Seat())
    assert (result.points, result.score) == (12, 12)


def test_each_dragon_pung_is_a_double() -> None:
    rules = read_rules(BONUS_AND_DRAGONS)
    result = score_hand(rules, player_hand(["PED", "KCD", "PEM", "F 1"]), Seat())
    assert (result.points, result.doubles, result.score) == (4, 2, 16)


@pytest.mark.parametrize(("mode", "activations"), [("U", 2), ("S", 1)])
def test_s_and_u_references_follow_the_manuals_example(mode: str, activations: int) -> None:
    rules = read_rules(f'Demo\n1 1 "rule1" "" 0 0\n2 3 "set and rule1" "P**&1!{mode}" 5 0\n// END')
    result = score_hand(rules, player_hand(["PEM", "PCT"], events=[1]), Seat())
    assert [a.rule.id for a in result.activations].count(2) == activations
    assert result.points == 5 * activations


def test_and_never_uses_one_set_twice() -> None:
    rules = read_rules('Demo\n1 3 "two pungs" "P**&P**" 1 0\n// END')
    assert score_hand(rules, player_hand(["PEM", "PCM", "PET"]), Seat()).points == 1
    assert score_hand(rules, player_hand(["PEM", "PCM", "PET", "PED"]), Seat()).points == 2
    assert score_hand(rules, player_hand(["PEM"]), Seat()).points == 0


def test_operators_apply_strictly_left_to_right() -> None:
    # (TED | PED) & F**: the pair alone does not fire without a flower
    rules = read_rules('Demo\n1 3 "x" "T*D|P*D&F**" 1 0\n// END')
    assert score_hand(rules, player_hand(["TED"]), Seat()).points == 0
    assert score_hand(rules, player_hand(["TED", "F 1"]), Seat()).points == 1


def test_the_best_packing_is_searched_not_taken_greedily() -> None:
    # greedily taking PEM with the first rule match would leave PCM without a partner
    rules = read_rules('Demo\n1 3 "x" "P*M&P*V" 1 0\n// END')
    assert score_hand(rules, player_hand(["PEM", "PCM", "PET"]), Seat()).points == 1
    assert score_hand(rules, player_hand(["PEM", "PCT", "PCM", "PET"]), Seat()).points == 2


def test_matches_that_share_nothing_are_packed_without_trying_every_subset() -> None:
    # rule k has k-9 activations, all disjoint: 496 points, not 2^31 packings tried
    rules = read_rules(counting_chain(31))
    assert score_hand(rules, player_hand(["PEM"]), Seat()).points == sum(range(1, 32))


def test_rules_that_multiply_the_ones_before_are_refused_naming_the_rule() -> None:
    rules = read_rules(counting_chain(89, "{previous}S&G**|{previous}S"))
    with pytest.raises(RulesError, match=r"^rule \d+ \('Counts rule \d+'\) takes more than"):
        score_hand(rules, player_hand(TEN_SETS), Seat(mahjong=True))


def test_the_89_rule_file_of_the_issue_is_answered_or_refused_for_any_hand() -> None:
    rules = read_rules(counting_chain(89))
    assert score_hand(rules, player_hand(["PEM"]), Seat()).points == sum(range(1, 90))
    with pytest.raises(RulesError, match="simplify the rules file"):
        score_hand(rules, player_hand(TEN_SETS), Seat())


def test_a_not_set_reference_and_the_mahjong_test_take_nothing() -> None:
    rules = read_rules('Demo\n1 3 "pair" "T*D" 1 0\n2 3 "no pair" "1!C&M**" 3 0\n// END')
    assert score_hand(rules, player_hand([]), Seat(mahjong=True)).points == 3
    assert score_hand(rules, player_hand([]), Seat(mahjong=False)).points == 0
    assert score_hand(rules, player_hand(["TED"]), Seat(mahjong=True)).points == 1


def test_doubles_apply_after_all_points_whatever_the_file_order() -> None:
    rules = read_rules('Demo\n1 3 "dbl" "G*D" 1 1\n2 3 "pts" "P**" 4 0\n// END')
    result = score_hand(rules, player_hand(["PED", "PEM"]), Seat())
    assert [line.text() for line in result.lines] == [
        "pts 4 pts (PED)",
        "pts 4 pts (PEM)",
        "dbl 1 dbl (PED)",
    ]
    assert result.score == 16


def test_the_limit_caps_the_computed_score() -> None:
    # 32 + 32 + 8 + 10 = 82 points; dragons 2, own and prevailing wind 2, three concealed 1
    result = millington(["KCD", "KCD", "PCE", "CC2"], seat="E")
    assert (result.points, result.doubles) == (82, 5)
    assert result.score == 1000
    assert result.lines[-1].text() == "Limit 1000"
    assert result.limit_reached


def test_a_limit_percentage_wins_over_a_lower_score_only() -> None:
    rules = read_rules('Demo\n1 3 "pts" "P**" 300 0\n2 3 "half" "T**" 50 2\n// END')
    assert score_hand(rules, player_hand(["TEM"]), Seat(), limit=1000).score == 500
    assert score_hand(rules, player_hand(["PEM", "PEM", "TEM"]), Seat(), limit=1000).score == 600
    assert score_hand(rules, player_hand(["TEM"]), Seat(), limit=333).score == Fraction(333, 2)


def test_a_fixed_score_keeps_the_sets_and_clearing_it_restores_the_score() -> None:
    result = millington(["PED", "PEE", "S 3", "S 2"])
    fixed = result.with_fixed(80)
    assert (fixed.score, fixed.calculated, fixed.lines) == (80, 104, result.lines)
    assert fixed.with_fixed(None).score == 104


def test_events_must_be_offered_to_the_player() -> None:
    with pytest.raises(HandError, match="'Concealed Hand' is for the Mahjong player only"):
        millington([], mahjong=False, events=(62,))
    with pytest.raises(HandError, match="rule 12 is not an event"):
        millington([], events=(12,))


# --- Millington's values (§7) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("PEM", 2),
        ("PCM", 4),
        ("PET", 4),
        ("PCT", 8),
        ("PED", 4),
        ("PCW", 8),
        ("KEM", 8),
        ("KKM", 8),  # a claimed kong scores as exposed
        ("KCM", 16),
        ("KET", 16),
        ("KKD", 16),
        ("KCT", 32),
        ("CC3", 0),
        ("TED", 2),
        ("TCN", 2),  # own wind (North)
        ("TCE", 2),  # prevailing wind (East round)
        ("TCW", 0),
        ("TCM", 0),
        ("F 2", 4),
        ("S 1", 4),
    ],
)
def test_basic_points_of_one_set_m113_m114(code: str, points: int) -> None:
    assert millington([code], mahjong=False).points == points


def test_a_pair_of_own_and_prevailing_wind_scores_4() -> None:
    assert millington(["TCE"], mahjong=False, seat="E").points == 4


@pytest.mark.parametrize(
    ("codes", "seat", "doubles"),
    [
        (["F 4", "S 4"], "N", 1),  # own flower and own season (a)
        (["F 1", "S 1"], "N", 0),
        (["F 1", "F 2", "F 3", "F 4"], "S", 0 + 1),  # all four flowers (b)
        (["S 1", "S 2", "S 3", "S 4"], "W", 1),
        (["PED"], "N", 1),  # dragons (d)
        (["PEN"], "N", 1),  # own wind (e)
        (["PEE"], "N", 1),  # prevailing wind (f)
        (["PEE"], "E", 2),  # own and prevailing
        (["PED", "KCD", "TED"], "N", 3),  # Little Three Dragons (g): 2 + 1
        (["PED", "PED", "PED"], "N", 5),  # Big Three Dragons (h): 3 + 2
        (["PES", "PEW", "PEN", "TEE"], "S", 1 + 1),  # Little Four Winds (i) + own wind
        (["PCM", "KKM", "PCT", "PEM"], "N", 1),  # three concealed pungs (k), claimed kong too
        (["PCM", "KEM", "PCT"], "N", 0),
    ],
)
def test_doubles_for_every_hand_m116(codes: list[str], seat: str, doubles: int) -> None:
    assert millington(codes, mahjong=False, seat=seat).doubles == doubles


@pytest.mark.parametrize(
    ("codes", "events", "points", "doubles"),
    [
        (["CC1", "CC2", "CE3", "CC4", "TCM"], (), 10, 1),  # no-score hand (a)
        (["CC1", "CC2", "CE3", "CC4", "TCD"], (), 12, 0),  # a scoring pair spoils it
        (["CC1", "CC2", "CE3", "CC4", "TCM", "F 1"], (), 14, 1),  # flowers allowed (A12)
        (["PEM", "PCM", "PET", "PEM", "TCM"], (), 22, 1),  # no chows (b)
        (["CC1", "CC2", "CE3", "CC4", "TCM"], (62,), 10, 2),  # concealed hand (c)
        (["CC1", "CC2", "CE3", "CC4", "TCM"], (64,), 10, 4),  # one suit only (e)
        (["PET", "PEW", "PED", "PCT", "TET"], (), 30, 3),  # all majors (f), no chows, dragons
        (["CC1", "CC2", "CE3", "CC4", "TCM"], (31, 32), 14, 1),  # drawn from the wall, only place
        (["CC1", "CC2", "CE3", "CC4", "TCM"], (33,), 12, 1),  # fishing the eyes, minor pair
        (["CC1", "CC2", "CE3", "PEM", "TCW"], (33,), 16, 0),  # fishing the eyes, major pair
    ],
)
def test_the_winners_points_and_doubles_m115_m117(
    codes: list[str], events: tuple[int, ...], points: int, doubles: int
) -> None:
    result = millington(codes, events=events)
    assert (result.points, result.doubles) == (points, doubles)
    assert result.score == min(1000, points * 2**doubles)


@pytest.mark.parametrize(
    ("codes", "events"),
    [
        (["KEM", "KCT", "KKM", "KEW", "TCM"], ()),  # Four Kongs (g)
        (["PCM", "PCT", "KCM", "PCM", "TCM"], ()),  # Buried Treasure (h)
        (["PED", "PED", "KED", "PEM", "TCM"], ()),  # Three Great Scholars (i)
        (["PEE", "PES", "PEW", "PEN", "TCM"], ()),  # Four Blessings o'er the Door (j)
        (["PED", "PEE", "PES", "PED", "TCD"], ()),  # All Honours (k)
        (["PET", "PET", "PET", "KET", "TCT"], ()),  # Heads and Tails (l)
        (["CC1"], (80,)),  # Heaven's Blessing (a), an event
    ],
)
def test_limit_hands_m122(codes: list[str], events: tuple[int, ...]) -> None:
    result = millington(codes, events=events)
    assert (result.limit_percent, result.score) == (100, 1000)


def test_easts_thirteenth_consecutive_mahjong_is_a_limit() -> None:
    assert millington(["CC1"], seat="E", east_run=13).score == 1000
    assert millington(["CC1"], seat="E", east_run=12).score == 10
    assert millington(["CC1"], seat="S", east_run=13).score == 10


def test_the_1920s_preset_scores_mahjong_20_and_no_sequences_in_points() -> None:
    result = score_hand(
        preset("1920s"), player_hand(["PEM", "PCM", "PET", "PEM", "TCM"]), Seat("S", "E", True)
    )
    assert (result.points, result.doubles, result.score) == (2 + 4 + 4 + 2 + 20 + 10, 0, 42)
    assert preset("1920s").options.limit == 400


def test_changing_the_mahjong_player_drops_the_old_winners_events() -> None:
    hand = player_hand(["PEM"], events=[62, 31])
    assert without_mahjong_events(MILLINGTON, hand) == player_hand(["PEM"])
    assert score_hand(MILLINGTON, without_mahjong_events(MILLINGTON, hand), Seat()).score == 2
