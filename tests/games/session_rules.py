"""What the tests of a session's rules share (``tests/games/test_session_rules.py`` and the
pages, API and polls that show them): a club's own rules file and its corrected version,
a classical game played through a fixed sequence of hands, and what each hand changes."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Club, RuleSet, RuleSetVersion, Session
from games.services.session_rules import (
    session_switch_rules,
)

# A club's rules file: 2 points a pung of minors, 20 for going Mah-Jongg, and an event worth
# 10 to the Mah-Jongg player. No doubles, so every hand score is a sum done in one's head.
HOUSE_RULES = """House rules
PaymentMethod=3
10 3 "Pung of minors" "PEM|PCM" 2 0
30 2 "Mah-Jongg" "M**" 20 0
31 0 "Robbing a kong" "" 10 0
// END
"""


# The corrected file: Mah-Jongg was meant to be worth 30.
CORRECTED_RULES = HOUSE_RULES.replace('"M**" 20', '"M**" 30')


def rules(text: str, method: int, stake: int = 1000) -> dict[str, Any]:
    return {"rules": "file", "text": text, "payment_method": method, "stake": stake}


KEITH, LARRY, DAVID, JOE = range(4)


def hand(
    mahjong: int | None, sets: dict[int, list[str]], discarder: int | None = None
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "mahjong": mahjong,
        "players": [{"sets": sets.get(seat, [])} for seat in range(4)],
    }
    if discarder is not None:
        data["discarder"] = discarder
    return data


# The manual's walk through a game (§4.2, §4.3: a player other than East wins and the deal
# passes; East wins and keeps it; a draw keeps it), twelve hands at a table of four.
# (hand, its scores hand-computed below)
SEQUENCE = [
    hand(DAVID, {DAVID: ["PEM"], KEITH: ["PEM"]}, discarder=JOE),  # 1
    hand(LARRY, {LARRY: ["PCM"]}),  # 2
    hand(LARRY, {LARRY: ["PEM", "PCM"], JOE: ["PEM"]}),  # 3
    hand(None, {}),  # 4
    hand(LARRY, {LARRY: ["PEM"], KEITH: ["PEM"]}),  # 5
    hand(JOE, {JOE: ["PEM", "PEM"], LARRY: ["PCM"]}, discarder=KEITH),  # 6
    hand(DAVID, {}),  # 7
    hand(KEITH, {KEITH: ["PEM"], DAVID: ["PEM"]}, discarder=JOE),  # 8
    hand(JOE, {}),  # 9
    hand(LARRY, {LARRY: ["PEM"], JOE: ["PEM"]}, discarder=DAVID),  # 10
    hand(KEITH, {KEITH: ["PEM"]}),  # 11
    hand(None, {}),  # 12
]


# Every change worked by hand (seats Keith, Larry, David, Joe; "x2" where East pays or is
# paid). Hand scores: the Mah-Jongg player 20 (30 from hand 9) + 2 a pung, the others 2 a
# pung.
#  1 East Keith, method 3. David 22, Keith 2. David gets 22x2 from Keith, 22 from Larry and
#    Joe; Larry and Joe each pay Keith (2-0)x2. Keith -44+4+4, Larry -22-4, David +88,
#    Joe -22-4.
#  2 East Larry (David won), method 3. Larry 22: everyone pays East 22x2.
#  3 East Larry, method 3. Larry 24, Joe 2: everyone pays 48; Keith and David each pay Joe 2.
#  4 a draw: nothing. East stays Larry (draws do not pass the deal in this file).
#  -- payment method 2 from hand 5: every pair settles the difference --
#  5 East Larry. Larry 22, Keith 2: Keith pays Larry 20x2, David and Joe 22x2 each; David
#    and Joe each pay Keith 2. Keith -40+4, Larry +40+44+44, David -44-2, Joe -44-2.
#  6 East Larry. Joe 24, Larry 2: Keith and David pay Joe 24 each, Larry (24-2)x2; Keith and
#    David each pay Larry 2x2. Keith -24-4, Larry -44+8, David -24-4, Joe +24+44+24.
#  7 East David (Joe won). David 20: everyone pays 40.
#  8 East David. Keith 22, David 2: Larry and Joe pay Keith 22, David (22-2)x2; Larry and
#    Joe each pay David 2x2. Keith +22+40+22, Larry -22-4, David -40+8, Joe -22-4.
#  -- the corrected rules file from hand 9: Mah-Jongg 30 --
#  9 East Joe (Keith won). Joe 30: everyone pays 60.
# 10 East Joe. Larry 32, Joe 2: Keith and David pay Larry 32, Joe (32-2)x2; Keith and David
#    each pay Joe 2x2. Keith -32-4, Larry +32+32+60, David -32-4, Joe -60+8.
# 11 East Keith (Larry won; the deal is back with Keith: the South round). Keith 32: 64 each.
# 12 a draw: nothing.
CHANGES = [
    [-36, -26, 88, -26],
    [-44, 132, -44, -44],
    [-50, 144, -50, -44],
    [0, 0, 0, 0],
    [-36, 128, -46, -46],
    [-28, -36, -28, 92],
    [-40, -40, 120, -40],
    [84, -26, -32, -26],
    [-60, -60, -60, 180],
    [-36, 124, -36, -52],
    [192, -64, -64, -64],
    [0, 0, 0, 0],
]


# The stakes after each hand, from 1000 each, added up by hand.
STAKES = [
    [964, 974, 1088, 974],
    [920, 1106, 1044, 930],
    [870, 1250, 994, 886],
    [870, 1250, 994, 886],
    [834, 1378, 948, 840],
    [806, 1342, 920, 932],
    [766, 1302, 1040, 892],
    [850, 1276, 1008, 866],
    [790, 1216, 948, 1046],
    [754, 1340, 912, 994],
    [946, 1276, 848, 930],
    [946, 1276, 848, 930],
]


@pytest.fixture
def house(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="House", family="classical", params=rules(HOUSE_RULES, 3), by=alice
    )


@pytest.fixture
def game(club: Club, house: RuleSet, alice: User) -> Session:
    """Keith, Larry, David and Joe at a table under the house rules, version 1."""
    season = services.season_save(club=club, name="Classical", rule_set=house)
    seated = [services.player_create(club=club, name=n) for n in ("Keith", "Larry", "David", "Joe")]
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=seated, by=alice
    )


def new_version(rule_set: RuleSet, params: dict[str, Any], by: User) -> RuleSetVersion:
    return services.rule_set_update(rule_set=rule_set, name=rule_set.name, params=params, by=by)


def record(session: Session, hands: list[dict[str, Any]], by: User) -> None:
    for data in hands:
        services.hand_record(session=session, hand_input=data, by=by)


def changes(session: Session) -> list[list[int]]:
    return [
        [int(score.points) for score in hand.scores.order_by("seat")]
        for hand in session.hands.filter(deleted_at=None).order_by("number")
    ]


def play_the_sequence(game: Session, house: RuleSet, alice: User) -> list[RuleSetVersion]:
    """The twelve hands, payment method 2 from hand 5 and the corrected file from hand 9."""
    record(game, SEQUENCE[:4], alice)
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    session_switch_rules(session=game, version=method_2, from_hand=5, by=alice)
    record(game, SEQUENCE[4:8], alice)
    corrected = new_version(house, rules(CORRECTED_RULES, 2), alice)
    session_switch_rules(session=game, version=corrected, from_hand=9, by=alice)
    record(game, SEQUENCE[8:], alice)
    return [method_2, corrected]
