"""Yaku 役 as the league shows them: an id, the English, Japanese and Chinese names.

The ``mahjong`` library finds the yaku; this table names them, keyed by the library's
``yaku_id`` (stable across its 2.x releases), in the library's own order.

>>> YAKU[1]
YakuName(id='riichi', name='Riichi', name_ja='立直', name_zh='立直')
>>> len(YAKU)
63
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final


@dataclass(frozen=True, slots=True)
class YakuName:
    """A yaku's id and names."""

    id: str
    name: str
    name_ja: str
    name_zh: str


_TABLE: Final = (
    (0, "menzen_tsumo", "Fully concealed hand (menzen tsumo)", "門前清自摸和", "門前清自摸和"),
    (1, "riichi", "Riichi", "立直", "立直"),
    (2, "open_riichi", "Open riichi", "オープン立直", "明牌立直"),
    (3, "ippatsu", "Ippatsu", "一発", "一發"),
    (4, "chankan", "Robbing a kong (chankan)", "槍槓", "搶槓"),
    (5, "rinshan_kaihou", "After a kong (rinshan kaihou)", "嶺上開花", "嶺上開花"),
    (6, "haitei_raoyue", "Last tile from the wall (haitei)", "海底摸月", "海底撈月"),
    (7, "houtei_raoyui", "Last discard (houtei)", "河底撈魚", "河底撈魚"),
    (8, "double_riichi", "Double riichi", "ダブル立直", "兩立直"),
    (9, "double_open_riichi", "Double open riichi", "ダブルオープン立直", "兩明牌立直"),
    (10, "nagashi_mangan", "Nagashi mangan", "流し満貫", "流局滿貫"),
    (11, "renhou", "Blessing of man (renhou)", "人和", "人和"),
    (12, "pinfu", "Pinfu", "平和", "平和"),
    (13, "tanyao", "All simples (tanyao)", "断么九", "斷么九"),
    (14, "iipeikou", "Pure double sequence (iipeikou)", "一盃口", "一般高"),
    (15, "yakuhai_haku", "White dragon (haku)", "役牌 白", "役牌 白"),
    (16, "yakuhai_hatsu", "Green dragon (hatsu)", "役牌 發", "役牌 發"),
    (17, "yakuhai_chun", "Red dragon (chun)", "役牌 中", "役牌 中"),
    (18, "seat_wind_east", "Seat wind East", "自風 東", "門風 東"),
    (19, "seat_wind_south", "Seat wind South", "自風 南", "門風 南"),
    (20, "seat_wind_west", "Seat wind West", "自風 西", "門風 西"),
    (21, "seat_wind_north", "Seat wind North", "自風 北", "門風 北"),
    (22, "round_wind_east", "Round wind East", "場風 東", "圈風 東"),
    (23, "round_wind_south", "Round wind South", "場風 南", "圈風 南"),
    (24, "round_wind_west", "Round wind West", "場風 西", "圈風 西"),
    (25, "round_wind_north", "Round wind North", "場風 北", "圈風 北"),
    (26, "sanshoku_doujun", "Mixed triple sequence (sanshoku)", "三色同順", "三色同順"),
    (27, "ittsu", "Pure straight (ittsu)", "一気通貫", "一氣通貫"),
    (28, "chanta", "Half outside hand (chanta)", "混全帯么九", "混全帶么九"),
    (29, "honroutou", "All terminals and honours (honroutou)", "混老頭", "混老頭"),
    (30, "toitoi", "All triplets (toitoi)", "対々和", "對對和"),
    (31, "sanankou", "Three concealed triplets (sanankou)", "三暗刻", "三暗刻"),
    (32, "sankantsu", "Three kongs (sankantsu)", "三槓子", "三槓子"),
    (33, "sanshoku_doukou", "Triple triplets (sanshoku doukou)", "三色同刻", "三色同刻"),
    (34, "chiitoitsu", "Seven pairs (chiitoitsu)", "七対子", "七對子"),
    (35, "shousangen", "Little three dragons (shousangen)", "小三元", "小三元"),
    (36, "honitsu", "Half flush (honitsu)", "混一色", "混一色"),
    (37, "junchan", "Fully outside hand (junchan)", "純全帯么九", "純全帶么九"),
    (38, "ryanpeikou", "Twice pure double sequence (ryanpeikou)", "二盃口", "二般高"),
    (39, "chinitsu", "Full flush (chinitsu)", "清一色", "清一色"),
    (100, "kokushi_musou", "Thirteen orphans (kokushi musou)", "国士無双", "國士無雙"),
    (101, "chuuren_poutou", "Nine gates (chuuren poutou)", "九蓮宝燈", "九蓮寶燈"),
    (102, "suuankou", "Four concealed triplets (suuankou)", "四暗刻", "四暗刻"),
    (103, "daisangen", "Big three dragons (daisangen)", "大三元", "大三元"),
    (104, "shousuushii", "Little four winds (shousuushii)", "小四喜", "小四喜"),
    (105, "ryuuiisou", "All green (ryuuiisou)", "緑一色", "綠一色"),
    (106, "suukantsu", "Four kongs (suukantsu)", "四槓子", "四槓子"),
    (107, "tsuuiisou", "All honours (tsuuiisou)", "字一色", "字一色"),
    (108, "chinroutou", "All terminals (chinroutou)", "清老頭", "清老頭"),
    (109, "daisharin", "Big wheels (daisharin)", "大車輪", "大車輪"),
    (110, "daichisei", "Big seven stars (daichisei)", "大七星", "大七星"),
    (111, "daisuushii", "Big four winds (daisuushii)", "大四喜", "大四喜"),
    (
        112,
        "kokushi_13_wait",
        "Thirteen orphans, 13-sided wait",
        "国士無双十三面待ち",
        "國士無雙十三面",
    ),
    (113, "suuankou_tanki", "Four concealed triplets, pair wait", "四暗刻単騎", "四暗刻單騎"),
    (
        114,
        "junsei_chuuren",
        "True nine gates (junsei chuuren poutou)",
        "純正九蓮宝燈",
        "純正九蓮寶燈",
    ),
    (115, "tenhou", "Blessing of heaven (tenhou)", "天和", "天和"),
    (116, "chiihou", "Blessing of earth (chiihou)", "地和", "地和"),
    (117, "renhou_yakuman", "Blessing of man (renhou), yakuman", "人和", "人和"),
    (118, "sashikomi", "Sashikomi", "差し込み", "差し込み"),
    (119, "paarenchan", "Eight consecutive dealer wins (paarenchan)", "八連荘", "八連莊"),
    (120, "dora", "Dora", "ドラ", "寶牌"),
    (121, "aka_dora", "Red five (aka dora)", "赤ドラ", "赤寶牌"),
    (122, "ura_dora", "Ura dora", "裏ドラ", "裏寶牌"),
)

YAKU: Final = MappingProxyType({key: YakuName(*names) for key, *names in _TABLE})

# Bonus han counted once per tile (dora 1 han each), shown with a count, not as a yaku.
DORA_IDS: Final = frozenset({120, 121, 122})


def yaku_name(library_id: int, fallback: str) -> YakuName:
    """The names of a library yaku; one the table lacks keeps the library's name.

    >>> yaku_name(12, "Pinfu").name_ja, yaku_name(999, "New Yaku").id
    ('平和', 'new_yaku')
    """
    found = YAKU.get(library_id)
    if found is not None:
        return found
    return YakuName(fallback.lower().replace(" ", "_"), fallback, fallback, fallback)
