"""One hand's settlement: counters, riichi sticks, tenpai payments, multiple ron, chombo."""

from dataclasses import replace

import pytest

from scoring.engine.errors import HandError
from scoring.engine.riichi import CLUB, EMA, WRC, HandResult, HandValue, Outcome, Table, Win, settle

MANGAN = HandValue(5)


def ron(*wins: tuple[int, HandValue], discarder: int, riichi: tuple[int, ...] = ()) -> HandResult:
    return HandResult(
        Outcome.RON, wins=tuple(Win(s, v) for s, v in wins), discarder=discarder, riichi=riichi
    )


def test_each_counter_adds_300_to_a_win_on_a_discard() -> None:
    result = ron((1, HandValue(3, 30)), discarder=2)
    assert settle(result, Table(dealer=0, honba=2), EMA).changes == (0, 4500, -4500, 0)


def test_each_counter_adds_100_to_each_payment_of_a_self_drawn_win() -> None:
    result = HandResult(Outcome.TSUMO, wins=(Win(1, HandValue(3, 30)),))
    # dealer 2000 + 100, the others 1000 + 100 each: 4300 in all
    assert settle(result, Table(dealer=0, honba=1), EMA).changes == (-2100, 4300, -1100, -1100)


def test_the_winner_takes_the_sticks_on_the_table_and_this_hands_sticks() -> None:
    result = ron((3, HandValue(1, 30)), discarder=0, riichi=(0, 3))
    settlement = settle(result, Table(dealer=1, sticks=2), EMA)
    # seat 3 pays its own stick, wins 1000 and four sticks; seat 0 pays its stick and 1000
    assert settlement.changes == (-2000, 0, 0, 4000)
    assert settlement.sticks == 0


@pytest.mark.parametrize(
    ("tenpai", "changes"),
    [
        ((), (0, 0, 0, 0)),
        ((2,), (-1000, -1000, 3000, -1000)),
        ((0, 3), (1500, -1500, -1500, 1500)),
        ((0, 1, 2), (1000, 1000, 1000, -3000)),
        ((0, 1, 2, 3), (0, 0, 0, 0)),
    ],
)
def test_tenpai_players_share_3000_from_the_noten_players(
    tenpai: tuple[int, ...], changes: tuple[int, ...]
) -> None:
    settlement = settle(HandResult(Outcome.DRAW, tenpai=tenpai), Table(), EMA)
    assert settlement.changes == changes
    assert sum(settlement.changes) == 0


def test_riichi_sticks_stay_on_the_table_after_a_draw() -> None:
    settlement = settle(HandResult(Outcome.DRAW, tenpai=(1,), riichi=(1,)), Table(sticks=1), EMA)
    assert settlement.changes == (-1000, 2000, -1000, -1000)
    assert settlement.sticks == 2


def test_a_riichi_player_noten_at_a_draw_is_refused() -> None:
    with pytest.raises(HandError) as caught:
        HandResult(Outcome.DRAW, tenpai=(0,), riichi=(2,))
    assert caught.value.field == "tenpai"


def test_double_ron_under_ema_pays_each_winner_with_counters_and_sticks_to_the_nearest() -> None:
    result = ron((0, HandValue(2, 30)), (2, MANGAN), discarder=3, riichi=(2,))
    settlement = settle(result, Table(dealer=1, honba=1, sticks=1), EMA)
    # seat 0 is nearest seat 3 in turn order: 2000 + 300 + the two sticks; seat 2 8000 + 300
    assert settlement.changes == (4300, 0, 7300, -10600)
    assert settlement.sticks == 0


def test_double_ron_under_the_club_preset_gives_the_counters_to_the_nearest_winner_only() -> None:
    result = ron((0, HandValue(2, 30)), (2, MANGAN), discarder=3)
    settlement = settle(result, Table(dealer=1, honba=1), CLUB)
    assert settlement.changes == (2300, 0, 8000, -10300)


def test_wrc_plays_head_bump_and_refuses_two_winners() -> None:
    result = ron((0, HandValue(2, 30)), (2, MANGAN), discarder=3)
    with pytest.raises(HandError, match="head bump") as caught:
        settle(result, Table(dealer=1), WRC)
    assert caught.value.field == "wins"
    assert settle(ron((0, HandValue(2, 30)), discarder=3), Table(dealer=1), WRC).changes == (
        2000,
        0,
        0,
        -2000,
    )


def test_a_chombo_under_ema_moves_no_points_at_the_table() -> None:
    settlement = settle(HandResult(Outcome.CHOMBO, offender=2), Table(sticks=1), EMA)
    assert settlement.changes == (0, 0, 0, 0)
    assert settlement.sticks == 1


def test_a_chombo_under_the_club_preset_is_a_reverse_mangan() -> None:
    non_dealer = settle(HandResult(Outcome.CHOMBO, offender=2), Table(dealer=0), CLUB)
    assert non_dealer.changes == (4000, 2000, -8000, 2000)
    dealer = settle(HandResult(Outcome.CHOMBO, offender=0), Table(dealer=0), CLUB)
    assert dealer.changes == (-12000, 4000, 4000, 4000)


@pytest.mark.parametrize(
    ("result", "field"),
    [
        (lambda: HandResult(Outcome.RON, wins=(Win(1, MANGAN),)), "discarder"),
        (lambda: HandResult(Outcome.RON, discarder=1), "wins"),
        (lambda: HandResult(Outcome.RON, wins=(Win(1, MANGAN),), discarder=1), "wins"),
        (
            lambda: HandResult(Outcome.RON, wins=(Win(1, MANGAN), Win(1, MANGAN)), discarder=2),
            "wins",
        ),
        (lambda: HandResult(Outcome.TSUMO, wins=(Win(1, MANGAN),), discarder=2), "discarder"),
        (lambda: HandResult(Outcome.TSUMO), "wins"),
        (lambda: HandResult(Outcome.DRAW, tenpai=(4,)), "tenpai"),
        (lambda: HandResult(Outcome.DRAW, tenpai=(1, 1)), "tenpai"),
        (lambda: HandResult(Outcome.CHOMBO), "offender"),
        (lambda: HandResult(Outcome.CHOMBO, offender=1, riichi=(1,)), "riichi"),
        (lambda: HandResult(Outcome.DRAW, riichi=(-1,)), "riichi"),
    ],
)
def test_impossible_results_are_refused_naming_the_field(result, field: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(HandError) as caught:
        result()
    assert caught.value.field == field


def test_who_takes_the_counters_in_a_double_ron_is_one_field_of_the_rules() -> None:
    rules = replace(EMA, honba_to_all_winners=False)
    result = ron((0, HandValue(2, 30)), (2, MANGAN), discarder=3)
    assert settle(result, Table(dealer=1, honba=1), rules).changes == (2300, 0, 8000, -10300)


# Liability 包 (pao), nagashi mangan 流し満貫 and abortive draws 途中流局 (spec §4.6-4.8).

YAKUMAN = HandValue(yakuman=1)


def test_pao_on_a_self_drawn_yakuman_the_liable_player_pays_it_all() -> None:
    # non-dealer seat 1 tsumo daisangen, seat 3 fed the third dragon: 32,000 + 300 from seat 3
    result = HandResult(Outcome.TSUMO, wins=(Win(1, YAKUMAN, liable=3),))
    settlement = settle(result, Table(dealer=0, honba=1), EMA)
    assert settlement.changes == (0, 32300, 0, -32300)


def test_pao_on_a_dealers_self_drawn_yakuman() -> None:
    result = HandResult(Outcome.TSUMO, wins=(Win(0, YAKUMAN, liable=2),))
    assert settle(result, Table(dealer=0), WRC).changes == (48000, 0, -48000, 0)


def test_pao_on_a_ron_by_another_player_the_liable_player_and_the_discarder_split() -> None:
    # seat 2 deals in a non-dealer yakuman of seat 1, seat 0 is liable: 16,000 each; the
    # discarder alone pays the 2 counters (600) and the winner takes the stick on the table
    result = HandResult(Outcome.RON, wins=(Win(1, YAKUMAN, liable=0),), discarder=2)
    settlement = settle(result, Table(dealer=3, honba=2, sticks=1), EMA)
    assert settlement.changes == (-16000, 33600, -16600, 0)
    assert settlement.sticks == 0


def test_pao_when_the_liable_player_deals_in_is_an_ordinary_ron() -> None:
    result = HandResult(Outcome.RON, wins=(Win(1, YAKUMAN, liable=2),), discarder=2)
    assert settle(result, Table(dealer=1), EMA).changes == (0, 48000, -48000, 0)


def test_pao_is_for_a_yakuman_and_not_the_winner_and_where_the_rules_play_it() -> None:
    with pytest.raises(HandError, match="yakuman") as caught:
        HandResult(Outcome.TSUMO, wins=(Win(1, MANGAN, liable=2),))
    assert caught.value.field == "wins[0].liable"
    with pytest.raises(HandError, match="own hand"):
        HandResult(Outcome.TSUMO, wins=(Win(1, YAKUMAN, liable=1),))
    with pytest.raises(HandError, match="one of the 4 players at the table"):
        HandResult(Outcome.TSUMO, wins=(Win(1, YAKUMAN, liable=4),))
    no_pao = replace(EMA, pao=False)
    with pytest.raises(HandError, match="no liability"):
        settle(HandResult(Outcome.TSUMO, wins=(Win(1, YAKUMAN, liable=2),)), Table(), no_pao)


def test_nagashi_mangan_is_paid_as_a_self_drawn_mangan_instead_of_tenpai_payments() -> None:
    # club: seat 2 (non-dealer) nagashi; seat 1 tenpai is paid nothing; no counters; the
    # stick declared stays on the table
    result = HandResult(Outcome.DRAW, tenpai=(1,), riichi=(1,), nagashi=(2,))
    settlement = settle(result, Table(dealer=0, honba=3, sticks=1), CLUB)
    assert settlement.changes == (-4000, -3000, 8000, -2000)
    assert settlement.sticks == 2


def test_two_nagashi_mangan_are_each_paid_and_a_dealers_is_6000_all() -> None:
    result = HandResult(Outcome.DRAW, nagashi=(0, 3))
    # seat 0 deals: 4,000 from each; seat 3: 4,000 from the dealer, 2,000 from the others
    assert settle(result, Table(dealer=0), CLUB).changes == (8000, -6000, -6000, 4000)


def test_nagashi_and_abortive_draws_only_where_the_rules_play_them() -> None:
    with pytest.raises(HandError, match="no nagashi") as caught:
        settle(HandResult(Outcome.DRAW, nagashi=(2,)), Table(), EMA)
    assert caught.value.field == "nagashi"
    with pytest.raises(HandError, match="no abortive") as caught:
        settle(HandResult(Outcome.ABORTIVE), Table(), WRC)
    assert caught.value.field == "outcome"
    with pytest.raises(HandError, match="no nagashi"):
        HandResult(Outcome.RON, wins=(Win(1, MANGAN),), discarder=2, nagashi=(1,))


def test_an_abortive_draw_moves_no_points_and_keeps_the_declared_sticks() -> None:
    # suucha riichi: the four sticks stay on the table
    result = HandResult(Outcome.ABORTIVE, riichi=(0, 1, 2, 3))
    settlement = settle(result, Table(sticks=1), CLUB)
    assert settlement.changes == (-1000, -1000, -1000, -1000)
    assert settlement.sticks == 5
    with pytest.raises(HandError, match="no tenpai"):
        HandResult(Outcome.ABORTIVE, tenpai=(1,))
