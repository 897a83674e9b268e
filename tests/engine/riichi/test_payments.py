"""The payments table of the EMA (RCR 2016 §4.1.3) and WRC scoring tables, limits and caps."""

from dataclasses import replace

import pytest

from scoring.engine.errors import HandError
from scoring.engine.riichi import CLUB, EMA, WRC, HandValue, Limit, ron_payment, tsumo_payments
from scoring.engine.riichi.payments import limit_of, value_from_json

# (han, fu, non-dealer ron, dealer ron), read off the published scoring tables.
RON_TABLE = [
    (1, 30, 1000, 1500),
    (1, 40, 1300, 2000),
    (1, 110, 3600, 5300),
    (2, 25, 1600, 2400),
    (2, 30, 2000, 2900),
    (2, 40, 2600, 3900),
    (3, 25, 3200, 4800),
    (3, 30, 3900, 5800),
    (3, 40, 5200, 7700),
    (3, 60, 7700, 11600),
    (4, 25, 6400, 9600),
    (4, 30, 7700, 11600),
    (3, 70, 8000, 12000),
    (4, 40, 8000, 12000),
]

# (han, fu, non-dealer tsumo: (dealer pays, others pay), dealer tsumo: each pays)
TSUMO_TABLE = [
    (1, 30, (500, 300), 500),
    (2, 20, (700, 400), 700),
    (3, 20, (1300, 700), 1300),
    (4, 20, (2600, 1300), 2600),
    (2, 30, (1000, 500), 1000),
    (3, 30, (2000, 1000), 2000),
    (4, 30, (3900, 2000), 3900),
    (3, 25, (1600, 800), 1600),
]

# (value, non-dealer ron, dealer ron, non-dealer tsumo, dealer tsumo each)
LIMITS = [
    (HandValue(5), 8000, 12000, (4000, 2000), 4000),
    (HandValue(6), 12000, 18000, (6000, 3000), 6000),
    (HandValue(7), 12000, 18000, (6000, 3000), 6000),
    (HandValue(8), 16000, 24000, (8000, 4000), 8000),
    (HandValue(10), 16000, 24000, (8000, 4000), 8000),
    (HandValue(11), 24000, 36000, (12000, 6000), 12000),
    (HandValue(yakuman=1), 32000, 48000, (16000, 8000), 16000),
]


@pytest.mark.parametrize(("han", "fu", "non_dealer", "dealer"), RON_TABLE)
def test_a_win_on_a_discard_pays_the_table(han: int, fu: int, non_dealer: int, dealer: int) -> None:
    value = HandValue(han, fu)
    assert ron_payment(value, False, EMA) == non_dealer
    assert ron_payment(value, True, EMA) == dealer
    # The WRC pays the same table, but 4 han 30 fu and 3 han 60 fu as a mangan (kiriage).
    assert ron_payment(value, False, WRC) == (
        8000 if (han, fu) in ((4, 30), (3, 60)) else non_dealer
    )


@pytest.mark.parametrize(("han", "fu", "non_dealer", "dealer_each"), TSUMO_TABLE)
def test_a_self_drawn_win_pays_the_table(
    han: int, fu: int, non_dealer: tuple[int, int], dealer_each: int
) -> None:
    value = HandValue(han, fu)
    assert tsumo_payments(value, False, EMA) == non_dealer
    assert tsumo_payments(value, True, EMA) == (dealer_each, dealer_each)


@pytest.mark.parametrize(("value", "ron", "dealer_ron", "tsumo", "dealer_tsumo"), LIMITS)
def test_limit_hands_pay_their_limit(
    value: HandValue, ron: int, dealer_ron: int, tsumo: tuple[int, int], dealer_tsumo: int
) -> None:
    assert ron_payment(value, False, EMA) == ron
    assert ron_payment(value, True, EMA) == dealer_ron
    assert tsumo_payments(value, False, EMA) == tsumo
    assert tsumo_payments(value, True, EMA) == (dealer_tsumo, dealer_tsumo)


def test_the_worked_examples_of_the_issue() -> None:
    assert ron_payment(HandValue(3, 30), False, EMA) == 3900
    assert tsumo_payments(HandValue(4, 30), True, EMA) == (3900, 3900)
    assert ron_payment(HandValue(5), False, EMA) == 8000
    assert ron_payment(HandValue(5), True, EMA) == 12000


def test_kiriage_rounds_4_han_30_fu_and_3_han_60_fu_up_to_a_mangan_in_wrc_and_the_club() -> None:
    # WRC §6.1 rounds 1,920 up to a mangan; the EMA names "4-30 is not rounded" its difference.
    for value in (HandValue(4, 30), HandValue(3, 60)):
        for rules in (WRC, CLUB):
            assert ron_payment(value, False, rules) == 8000
            assert ron_payment(value, True, rules) == 12000
            assert tsumo_payments(value, False, rules) == (4000, 2000)
        assert ron_payment(value, False, EMA) == 7700
        assert ron_payment(value, True, EMA) == 11600
    assert limit_of(HandValue(4, 25), CLUB) is None


def test_13_han_is_a_sanbaiman_under_ema_and_wrc_and_a_counted_yakuman_in_the_club() -> None:
    # RCR 2016 (EMA): "a hand with 13+ fan is scored as a sanbaiman, not a yakuman";
    # WRC §6.1: "there is no counted yakuman".
    assert ron_payment(HandValue(13), False, EMA) == 24000
    assert ron_payment(HandValue(13), True, EMA) == 36000
    assert tsumo_payments(HandValue(14), False, EMA) == (12000, 6000)
    assert ron_payment(HandValue(13), False, WRC) == 24000
    assert limit_of(HandValue(15), WRC) is Limit.SANBAIMAN
    assert ron_payment(HandValue(13), False, CLUB) == 32000
    assert ron_payment(HandValue(13), False, replace(EMA, kazoe_yakuman=True)) == 32000


def test_two_yakuman_pay_double_only_where_yakuman_combine() -> None:
    assert ron_payment(HandValue(yakuman=2), False, EMA) == 32000
    assert ron_payment(HandValue(yakuman=2), False, WRC) == 64000
    assert tsumo_payments(HandValue(yakuman=2), True, WRC) == (32000, 32000)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"han": 0, "fu": 30}, "han"),
        ({"han": 2, "fu": 35}, "fu"),
        ({"han": 1, "fu": 20}, "han"),
        ({"han": 1, "fu": 25}, "han"),
        ({"han": 3, "fu": 120}, "fu"),
        ({"han": -1, "fu": 30}, "han"),
        ({"han": True, "fu": 30}, "han"),
        ({"han": "3", "fu": 30}, "han"),
        ({"yakuman": 7}, "yakuman"),
        ({"limit": "double mangan"}, "limit"),
        ({"limit": "mangan", "han": 5}, "limit"),
        ({"han": 3, "fu": 30, "dora": 1}, "dora"),
    ],
)
def test_impossible_hand_values_are_refused_naming_the_field(
    data: dict[str, object], field: str
) -> None:
    with pytest.raises(HandError) as caught:
        value_from_json(data)
    assert caught.value.field == field


def test_hand_values_read_from_json() -> None:
    assert value_from_json({"han": 3, "fu": 30}) == HandValue(3, 30)
    assert value_from_json({"limit": "haneman"}) == HandValue(6)
    assert value_from_json({"limit": "yakuman"}) == HandValue(yakuman=1)
    assert value_from_json({"han": 7}) == HandValue(7)
