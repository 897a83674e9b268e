"""Hands evaluated from their tiles through the mahjong library, checked against hand counts."""

from typing import Any

import pytest

from scoring.engine.errors import HandError
from scoring.engine.evaluation import family
from scoring.engine.hand import hand_from_json
from scoring.engine.riichi import CLUB, EMA, WRC, evaluate_data
from scoring.engine.riichi.yaku import YAKU

# 123m 456p 345s 678s + 22p, won on 5s from 34s (an open wait): pinfu.
PINFU = {"concealed": "123m22456p345678s", "winning_tile": "5s", "seat_wind": "2z"}


def ids(result: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: p["value"] * p["count"] for p in result["patterns"]}


def test_a_riichi_pinfu_tsumo_with_one_dora() -> None:
    # riichi 1 + menzen tsumo 1 + pinfu 1 + dora 1 (indicator 3p: the 4p is dora) = 4 han;
    # pinfu tsumo is 20 fu: 20 x 2^6 = 1,280 basic -> 2,600 from the dealer, 1,300 each other
    result = evaluate_data(
        {**PINFU, "self_drawn": True, "riichi": True, "dora_indicators": "3p"}, EMA
    )
    assert ids(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "dora": 1}
    assert (result["total"], result["han"], result["fu"]) == (4, 4, 20)
    assert result["payments"] == {"dealer": 2600, "others": 1300, "total": 5200}
    assert result["limit"] is False and result["limit_name"] is None
    riichi = next(p for p in result["patterns"] if p["id"] == "riichi")
    assert (riichi["name"], riichi["name_ja"]) == ("Riichi", "立直")


def test_the_same_hand_won_on_a_discard_by_the_dealer() -> None:
    # riichi 1 + pinfu 1 = 2 han, 30 fu (20 + 10 concealed ron): dealer ron 2,900
    result = evaluate_data({**PINFU, "riichi": True, "seat_wind": "1z"}, EMA)
    assert ids(result) == {"riichi": 1, "pinfu": 1}
    assert (result["han"], result["fu"], result["dealer"]) == (2, 30, True)
    assert result["payments"] == {"discarder": 2900}


def test_ura_dora_and_a_red_five_under_the_club_preset() -> None:
    # 234m 22p 4p-red5p-6p 345s 678s: riichi, pinfu, tanyao, dora 2m (indicator 1m),
    # red five, ura dora 2p x2 (indicator 1p): 7 han, a haneman, 12,000 on a discard
    hand = {
        "concealed": "234m22406p345678s",
        "winning_tile": "5s",
        "seat_wind": "3z",
        "riichi": True,
        "dora_indicators": "1m",
        "ura_dora_indicators": "1p",
    }
    result = evaluate_data(hand, CLUB)
    assert ids(result) == {
        "riichi": 1,
        "pinfu": 1,
        "tanyao": 1,
        "dora": 1,
        "aka_dora": 1,
        "ura_dora": 2,
    }
    assert (result["han"], result["limit_name"]) == (7, "haneman")
    assert result["payments"] == {"discarder": 12000}


def test_an_open_dragon_pung_with_a_pair_wait_is_30_fu() -> None:
    # 20 + 4 (open pung of dragons) + 2 (pair wait) = 26 -> 30 fu; 1 han: 1,000 / dealer 1,500
    hand = {
        "concealed": "234m567p345s99s",
        "melds": [{"type": "pung", "tiles": "777z"}],
        "winning_tile": "9s",
    }
    result = evaluate_data({**hand, "seat_wind": "4z"}, EMA)
    assert ids(result) == {"yakuhai_chun": 1}
    assert (result["han"], result["fu"]) == (1, 30)
    assert result["payments"] == {"discarder": 1000}
    assert evaluate_data(hand, EMA)["payments"] == {"discarder": 1500}
    assert sorted(d["fu"] for d in result["fu_details"]) == [2, 4, 20]


def test_thirteen_orphans_is_a_yakuman() -> None:
    hand = {
        "concealed": "19m19p19s12345677z",
        "winning_tile": "1m",
        "self_drawn": True,
        "seat_wind": "2z",
    }
    result = evaluate_data(hand, EMA)
    assert ids(result) == {"kokushi_musou": 13}
    assert (result["han"], result["yakuman"], result["limit_name"]) == (13, 1, "yakuman")
    assert result["payments"] == {"dealer": 16000, "others": 8000, "total": 32000}


def test_a_thirteen_sided_wait_is_a_double_yakuman_only_where_yakuman_combine() -> None:
    # won on the 7z that makes the pair: the hand waited on all thirteen kinds
    hand = {"concealed": "19m19p19s12345677z", "winning_tile": "7z", "seat_wind": "2z"}
    ema = evaluate_data(hand, EMA)
    assert (ids(ema), ema["payments"]) == ({"kokushi_13_wait": 13}, {"discarder": 32000})
    wrc = evaluate_data(hand, WRC)
    assert (wrc["yakuman"], wrc["payments"]) == (2, {"discarder": 64000})


def test_the_riichi_names_and_the_hand_json_names_of_a_flag_are_one_flag() -> None:
    hand = {**PINFU, "self_drawn": True}
    by_riichi = evaluate_data({**hand, "haitei": True}, EMA)
    by_json = evaluate_data({**hand, "last_tile_of_wall": True}, EMA)
    assert ids(by_riichi) == ids(by_json) == {"menzen_tsumo": 1, "pinfu": 1, "haitei_raoyue": 1}


def test_the_callers_data_is_left_as_it_was() -> None:
    hand = {
        "concealed": "234m567p345s99s",
        "melds": [{"type": "pung", "tiles": "777z"}],
        "winning_tile": "9s",
    }
    before = repr(hand)
    evaluate_data(hand, EMA)
    assert repr(hand) == before


@pytest.mark.parametrize(
    ("extra", "rules", "field", "words"),
    [
        ({"concealed": "123m22406p345678s"}, EMA, "concealed", "no red fives"),
        ({"concealed": "123m20406p345678s"}, CLUB, "concealed", "one red 5p"),
        ({"ippatsu": True}, EMA, "ippatsu", "needs riichi"),
        (
            {"ura_dora_indicators": "1m", "dora_indicators": "1m"},
            EMA,
            "ura_dora_indicators",
            "riichi",
        ),
        (
            {"riichi": True, "dora_indicators": "1m", "ura_dora_indicators": "1m2m"},
            EMA,
            "ura_dora_indicators",
            "under each",
        ),
        ({"dora_indicators": "123456m"}, EMA, "dora_indicators", "at most 5"),
        ({"dora_indicators": "2222p"}, EMA, "dora_indicators", "more than 4"),
        ({"riichi": "yes"}, EMA, "riichi", "true or false"),
        ({"chiihou": True}, EMA, "chiihou", "non-dealer"),
        ({"haitei": True}, EMA, "haitei", "self-drawn"),
        (
            {"haitei": True, "last_tile_of_wall": False, "self_drawn": True},
            EMA,
            "haitei",
            "same flag",
        ),
        ({"earthly": True}, EMA, "earthly", "chiihou"),
        ({"bonus": "1f"}, EMA, "bonus", "flowers"),
        ({"winning_tile": "0p"}, CLUB, "winning_tile", "red winning tile"),
    ],
)
def test_bad_riichi_input_is_refused_naming_the_field(
    extra: dict[str, Any], rules: Any, field: str, words: str
) -> None:
    with pytest.raises(HandError, match=words) as caught:
        evaluate_data({**PINFU, **extra}, rules)
    assert caught.value.field == field


def test_riichi_on_an_open_hand_is_refused() -> None:
    hand = {
        "concealed": "234m567p345s99s",
        "melds": [{"type": "pung", "tiles": "777z"}],
        "winning_tile": "9s",
    }
    with pytest.raises(HandError, match="concealed hand") as caught:
        evaluate_data({**hand, "riichi": True}, EMA)
    assert caught.value.field == "riichi"


def test_a_hand_without_yaku_cannot_win() -> None:
    hand = {
        "concealed": "234m567p345s99s",
        "melds": [{"type": "chow", "tiles": "123m"}],
        "winning_tile": "9s",
    }
    with pytest.raises(HandError, match="no yaku") as caught:
        evaluate_data(hand, EMA)
    assert caught.value.field == "concealed"


def test_tiles_that_form_no_winning_hand_are_refused() -> None:
    with pytest.raises(HandError, match="no winning hand") as caught:
        evaluate_data({**PINFU, "concealed": "123m22455p345678s"}, EMA)
    assert caught.value.field == "concealed"


def test_open_tanyao_counts_under_every_preset() -> None:
    hand = {
        "concealed": "234m567p345s88s",
        "melds": [{"type": "chow", "tiles": "234p"}],
        "winning_tile": "8s",
    }
    assert ids(evaluate_data(hand, WRC)) == {"tanyao": 1}


def test_the_family_is_registered_and_evaluates_plain_hand_json() -> None:
    riichi = family("riichi")
    assert riichi.presets() == ("ema", "wrc", "club")
    evaluation = riichi.evaluate(hand_from_json({**PINFU, "self_drawn": True}), "ema")
    assert (evaluation.total, [p.id for p in evaluation.patterns]) == (2, ["menzen_tsumo", "pinfu"])


def test_every_yaku_the_library_knows_has_names() -> None:
    from mahjong.hand_calculating.yaku_config import YakuConfig

    library = {yaku.yaku_id for yaku in vars(YakuConfig()).values()}
    assert library == set(YAKU)


def test_13_han_is_a_sanbaiman_under_ema_and_wrc_and_a_counted_yakuman_in_the_club() -> None:
    # 11m 123m 456m 789m 234m, won on 4m (open wait), dealer tsumo: riichi 1 + tsumo 1 +
    # pinfu 1 + ittsu 2 + chinitsu 6 + three dora 1m (indicator 9m) = 14 han
    hand = {
        "concealed": "11123456789m234m",
        "winning_tile": "4m",
        "self_drawn": True,
        "riichi": True,
        "dora_indicators": "9m",
    }
    ema, wrc, club = evaluate_data(hand, EMA), evaluate_data(hand, WRC), evaluate_data(hand, CLUB)
    assert ids(ema) == {
        "menzen_tsumo": 1,
        "riichi": 1,
        "pinfu": 1,
        "ittsu": 2,
        "chinitsu": 6,
        "dora": 3,
    }
    assert (ema["han"], ema["limit_name"], ema["payments"]) == (
        14,
        "sanbaiman",
        {"each": 12000, "total": 36000},
    )
    assert (wrc["limit_name"], wrc["payments"]) == ("sanbaiman", {"each": 12000, "total": 36000})
    assert (club["limit_name"], club["payments"]) == ("yakuman", {"each": 16000, "total": 48000})


def test_hands_won_the_same_way_each_count_their_own_dora_and_result() -> None:
    # The library's configuration for a way of winning is reused from hand to hand, and the
    # library writes the dora count into it: each hand must still count its own dora.
    three = evaluate_data({**PINFU, "riichi": True, "dora_indicators": "1m3p4s"}, EMA)
    none = evaluate_data({**PINFU, "riichi": True, "dora_indicators": "7z"}, EMA)
    again = evaluate_data({**PINFU, "riichi": True, "dora_indicators": "1m3p4s"}, EMA)
    assert ids(three) == {"riichi": 1, "pinfu": 1, "dora": 3}
    assert ids(none) == {"riichi": 1, "pinfu": 1}
    assert again == three
    three["patterns"][0]["name"] = "changed by a caller"
    assert evaluate_data({**PINFU, "riichi": True, "dora_indicators": "1m3p4s"}, EMA) == again
