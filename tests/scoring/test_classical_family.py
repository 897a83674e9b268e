"""The classical family adapter: rule-set parameters and rules files, hands entered player
by player, the session replayed (winds, East, stakes), payments and fixed scores."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from scoring.engine.errors import EngineError, RulesError
from scoring.families import get_family
from scoring.families.classical import set_from_token

FAMILY = get_family("classical")
PARAMS = FAMILY.clean_params({"rules": "millington", "stake": 1000})
NAMES = ["Keith", "Larry", "David", "Joe"]
# The manual's hand 3 (§5.1): Joe, North, goes Mah-Jongg with 104; Keith (East) has 64,
# Larry 24, David 4.
# The manual's review example (seed 004, "Joe score details, round 3"): Joe goes Mah-Jongg
# on Keith's discard, so no event from the wall scores.
JOE_WINS: dict[str, Any] = {
    "mahjong": 3,
    "discarder": 0,
    "players": [
        {"sets": ["PED", "PED", "KEM"]},
        {"sets": ["PES", "PCM", "F1"]},
        {"sets": ["-555s"]},
        {"sets": ["PED", "PEE", "S3", "S2"]},
    ],
}
BROKEN_RULES = """// a club's rules with three mistakes
Club rules
PaymentMethod=7
10 3 "Exposed Pung of Minors" "PEM" 2 0
11 3 "Bad reference" "12S" 1 1
12 3 "Bad set" "PXM" 2 0
// END
"""


def scores(hand: dict[str, Any], params: dict[str, Any] = PARAMS) -> list[Any]:
    return FAMILY.score_hand(FAMILY.clean_hand(hand, params), params)


def test_a_preset_takes_its_options_and_limit_from_the_rules_file() -> None:
    assert PARAMS == {
        "rules": "millington",
        "stake": 1000,
        "payment_method": 3,
        "draw_advance_wind": False,
        "new_east_each_round": False,
        "draw_reset_consec": False,
        "limit": 1000,
        "east_limit": 13,
    }
    assert FAMILY.clean_params({"rules": "1920s", "stake": 0})["limit"] == 400


def test_the_rule_set_overrides_the_files_options() -> None:
    params = FAMILY.clean_params(
        {
            "rules": "millington",
            "stake": 500,
            "payment_method": 1,
            "draw_advance_wind": True,
            "east_limit": 0,
            "limit": 500,
        }
    )
    assert params["payment_method"] == 1 and params["draw_advance_wind"] is True
    assert params["east_limit"] == 0 and params["limit"] == 500
    assert "East passes the deal" not in FAMILY.describe_params(params)


def test_a_clubs_own_rules_file_is_kept_as_text() -> None:
    text = (
        'Our rules\nPaymentMethod=0\n10 3 "Pung" "PEM|PCM" 2 0\n30 2 "Mah-Jongg" "M**" 10 0\n'
        "// END\n"
    )
    params = FAMILY.clean_params({"rules": "file", "text": text, "stake": 100})
    assert params["text"] == text and params["payment_method"] == 0
    assert params["east_limit"] == 0
    assert FAMILY.describe_params(params).startswith("own rules file “Our rules”")


def test_a_malformed_rules_file_lists_every_error_by_line() -> None:
    with pytest.raises(RulesError) as caught:
        FAMILY.clean_params({"rules": "file", "text": BROKEN_RULES, "stake": 100})
    message = caught.value.message
    assert caught.value.field == "text"
    assert message.startswith("the rules file has 3 errors")
    assert "line 3: PaymentMethod must be 0, 1, 2, 3 or 4" in message
    assert "line 5: rule 11 refers to rule 12, which is not defined" in message
    assert "line 6: the sub-rule 'PXM'" in message


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"rules": "mahjong-1850"}, "rules"),
        ({"rules": "file", "text": ""}, "text"),
        ({"rules": "millington", "stake": -1}, "stake"),
        ({"rules": "millington", "payment_method": 5}, "payment_method"),
        ({"rules": "millington", "limit": 0}, "limit"),
        ({"rules": "millington", "draw_reset_consec": "yes"}, "draw_reset_consec"),
        ({"rules": "millington", "jokers": True}, "jokers"),
        # The rules' name as JSON may send it: a list (unhashable), a number.
        ({"rules": ["millington"], "stake": 1000}, "rules"),
        ({"rules": 1920, "stake": 1000}, "rules"),
    ],
)
def test_bad_parameters_name_the_field(params: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as caught:
        FAMILY.clean_params(params)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("PED", "PED"),
        ("KKT", "KKT"),
        ("F1", "F 1"),
        ("S*4", "S 4"),
        ("555s", "PEM"),
        ("-111z", "PCE"),
        ("+9999m", "KKT"),
        ("-7777p", "KCM"),
        ("345m", "CE3"),
        ("-789p", "CC7"),
        ("66z", "TED"),
        ("2f", "F 2"),
        ("8f", "S 4"),
    ],
)
def test_sets_are_entered_as_codes_or_tiles(token: str, code: str) -> None:
    assert set_from_token(token).code == code


@pytest.mark.parametrize("token", ["PXM", "135m", "+555s", "5555m5s", "1f2f", "ZZZ", "12x"])
def test_a_wrong_set_says_what_is_wrong(token: str) -> None:
    with pytest.raises(EngineError):
        set_from_token(token)


def test_every_player_is_scored_and_paid_as_the_manual_shows() -> None:
    results = scores(JOE_WINS)
    assert [r.points for r in results] == [-8, -164, -244, 416]
    assert [r.hand_value for r in results] == [64, 24, 4, 104]
    assert [r.won for r in results] == [False, False, False, True]
    assert not results[3].self_drawn and results[0].east_run == 0
    assert sum(r.points for r in results) == 0


def test_the_evaluation_keeps_breakdowns_and_the_payments_matrix() -> None:
    evaluation = FAMILY.evaluate(FAMILY.clean_hand(JOE_WINS, PARAMS), PARAMS)
    assert evaluation is not None
    joe = evaluation["scores"][3]
    assert [line["running"] for line in joe["breakdown"]] == [4, 8, 12, 16, 26, 52, 104]
    assert joe["breakdown"][-1]["text"] == "Pung or Kong of Prevailing Wind 1 dbl (PEE)"
    assert evaluation["payments"] == [
        ["0", "80", "120", "-208"],
        ["-80", "0", "20", "-104"],
        ["-120", "-20", "0", "-104"],
        ["208", "104", "104", "0"],
    ]
    assert evaluation["total"] == 104 and evaluation["position"]["winds"] == list("ESWN")


@pytest.mark.parametrize(
    ("method", "extra", "expected"),
    [
        (0, {}, [-104, -104, -104, 312]),
        (1, {}, [-208, -104, -104, 416]),
        (2, {}, [120, -140, -240, 260]),
        (3, {}, [-8, -164, -244, 416]),
        (4, {"discarder": 1}, [0, -416, 0, 416]),
        # From the wall, Joe also scores "Final tile drawn from the wall" (2): (26 + 2) × 4.
        (4, {"discarder": None}, [-224, -112, -112, 448]),
        (3, {"discarder": 2, "cannon": True}, [200, -60, -556, 416]),
    ],
)
def test_each_payment_method_sums_to_zero(
    method: int, extra: dict[str, Any], expected: list[int]
) -> None:
    params = FAMILY.clean_params({"rules": "millington", "stake": 0, "payment_method": method})
    results = scores({**JOE_WINS, **extra}, params)
    assert [int(r.points) for r in results] == expected
    assert sum(r.points for r in results) == 0


def test_a_fixed_score_keeps_the_sets_and_replaces_the_score() -> None:
    players = [dict(p) for p in JOE_WINS["players"]]
    players[2] = {"sets": ["-555s"], "fixed": 44}
    hand = FAMILY.clean_hand({**JOE_WINS, "players": players}, PARAMS)
    assert hand["players"][2] == {"sets": ["-555s"], "events": [], "fixed": 44}
    evaluation = FAMILY.evaluate(hand, PARAMS)
    assert evaluation is not None
    david = evaluation["scores"][2]
    assert david["score"] == 44 and david["calculated"] == 4 and david["fixed"] == 44
    assert [int(r.points) for r in FAMILY.score_hand(hand, PARAMS)] == [-88, -204, -124, 416]


def test_a_draw_pays_nothing() -> None:
    results = scores({"mahjong": None, "players": [{"sets": ["PED"]}, {}, {}]})
    assert [r.points for r in results] == [0, 0, 0]


def test_the_session_replays_winds_east_and_stakes() -> None:
    east_wins = {"mahjong": 0, "players": [{"sets": ["PCT"]}, {}, {}, {}]}
    hands = [FAMILY.clean_hand(h, PARAMS) for h in (east_wins, east_wins, JOE_WINS)]
    scored = list(FAMILY.score_sequence(hands, PARAMS))
    assert [evaluation["position"]["east_run"] for _, evaluation in scored] == [1, 2, 0]
    assert [results[0].east_run for results, _ in scored] == [1, 2, 0]
    changes = [[r.points for r in results] for results, _ in scored]
    states = FAMILY.table_states(hands, PARAMS, changes, names=NAMES)
    assert [s.east_name for s in states] == ["Keith", "Keith", "Keith", "Larry"]
    assert [s.east_run for s in states] == [0, 1, 2, 0]
    assert states[-1].winds == ["North 北", "East 東", "South 南", "West 西"]
    assert states[0].stakes == (Decimal(1000),) * 4
    assert sum(states[-1].stakes) == 4000 and states[-1].round_name == "East 東"


def test_a_three_player_game_ends_after_the_north_round() -> None:
    params = FAMILY.clean_params({"rules": "millington", "stake": 0})
    others_win = [
        FAMILY.clean_hand({"mahjong": (seat + 1) % 3, "players": [{}, {}, {}]}, params)
        for seat in range(12)
    ]
    states = FAMILY.table_states(others_win, params, [[0, 0, 0]] * 12, names=NAMES[:3])
    assert [s.round_name for s in states[:12:3]] == ["East 東", "South 南", "West 西", "North 北"]
    assert states[-1].over
    with pytest.raises(EngineError, match="the game is over"):
        list(FAMILY.score_sequence([*others_win, others_win[0]], params, start=12))


def others_win_the_east_round(
    params: dict[str, Any], next_east: int | None
) -> list[dict[str, Any]]:
    """Four hands, each won by the player after East: the fourth brings the deal back to
    Keith and ends the East round, its input naming ``next_east`` as the next round's East."""
    hands: list[dict[str, Any]] = [
        {"mahjong": seat, "players": [{}, {}, {}, {}]} for seat in (1, 2, 3, 0)
    ]
    if next_east is not None:
        hands[-1]["next_east"] = next_east
    return [FAMILY.clean_hand(hand, params) for hand in hands]


@pytest.mark.parametrize(
    ("option", "east", "winds"),
    [
        (True, "David", ["West 西", "North 北", "East 東", "South 南"]),
        (False, "Keith", ["East 東", "South 南", "West 西", "North 北"]),
    ],
)
def test_a_new_east_each_round_takes_the_deal_when_the_round_completes(
    option: bool, east: str, winds: list[str]
) -> None:
    params = FAMILY.clean_params({**PARAMS, "new_east_each_round": option})
    assert params["new_east_each_round"] is option
    hands = others_win_the_east_round(params, next_east=2 if option else None)
    assert hands[-1].get("next_east") == (2 if option else None)
    scored = list(FAMILY.score_sequence(hands, params))
    changes = [[r.points for r in results] for results, _ in scored]
    states = FAMILY.table_states(hands, params, changes, names=NAMES)
    assert [s.east_name for s in states] == ["Keith", "Larry", "David", "Joe", east]
    assert [s.round_name for s in states] == ["East 東"] * 4 + ["South 南"]
    assert states[-1].winds == winds and states[-1].east_run == 0
    # The next hand is scored where the table says it is played.
    following = FAMILY.clean_hand({"mahjong": 0, "players": [{}, {}, {}, {}]}, params)
    *_, (_, evaluation) = FAMILY.score_sequence([*hands, following], params, start=4)
    assert evaluation is not None
    assert evaluation["position"]["east"] == NAMES.index(east)
    assert evaluation["position"]["round"] == "S"
    assert evaluation["position"]["winds"] == [wind[0] for wind in winds]


def test_the_new_east_starts_the_round_that_follows() -> None:
    """David, chosen East for the South round, starts it: the round ends when the deal
    comes back to him, and East then simply moves on (no one chosen)."""
    params = FAMILY.clean_params({**PARAMS, "new_east_each_round": True})
    hands = others_win_the_east_round(params, next_east=2)
    hands += [
        FAMILY.clean_hand({"mahjong": seat, "players": [{}, {}, {}, {}]}, params)
        for seat in (3, 0, 1, 2)
    ]
    states = FAMILY.table_states(hands, params, [[0, 0, 0, 0]] * 8, names=NAMES)
    assert [s.east_name for s in states[4:]] == ["David", "Joe", "Keith", "Larry", "David"]
    assert [s.round_name for s in states[4:]] == ["South 南"] * 4 + ["West 西"]


def test_a_new_east_needs_rules_that_let_the_winner_choose_one() -> None:
    params = FAMILY.clean_params({**PARAMS, "new_east_each_round": False})
    with pytest.raises(EngineError, match="no new East can be chosen") as caught:
        others_win_the_east_round(params, next_east=2)
    assert caught.value.field == "next_east"


def test_a_new_east_chosen_before_the_round_ends_changes_nothing() -> None:
    params = FAMILY.clean_params({**PARAMS, "new_east_each_round": True})
    hand = FAMILY.clean_hand({"mahjong": 1, "next_east": 3, "players": [{}, {}, {}, {}]}, params)
    states = FAMILY.table_states([hand], params, [[0, 0, 0, 0]], names=NAMES)
    assert states[-1].east_name == "Larry" and states[-1].round_name == "East 東"


def test_a_win_from_the_wall_scores_the_wall_event_without_a_tick() -> None:
    from_the_wall = {**JOE_WINS, "discarder": None}
    results = scores(from_the_wall)
    assert results[3].self_drawn and results[3].hand_value == (26 + 2) * 2 * 2
    stored = FAMILY.clean_hand(from_the_wall, PARAMS)
    assert stored["players"][3]["events"] == []  # the input stays as entered
    ticked = [dict(p) for p in JOE_WINS["players"]]
    ticked[3] = {**ticked[3], "events": [31]}
    assert scores({**from_the_wall, "players": ticked})[3].hand_value == 112


def test_a_discarded_winning_tile_cannot_also_come_from_the_wall() -> None:
    players = [dict(p) for p in JOE_WINS["players"]]
    players[3] = {**players[3], "events": [31]}
    with pytest.raises(EngineError, match="discarded") as caught:
        FAMILY.clean_hand({**JOE_WINS, "players": players}, PARAMS)
    assert caught.value.field == "players[3].events"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"mahjong": 4}, "mahjong"),
        ({"discarder": 3}, "discarder"),
        ({"cannon": True, "discarder": None}, "discarder"),
        ({"mahjong": None, "discarder": 1}, "discarder"),
        ({"players": JOE_WINS["players"][:1]}, "players"),
        ({"players": [{"sets": ["PXM"]}, {}, {}, {}]}, "players[0].sets"),
        ({"players": [{"events": [31]}, {}, {}, {}]}, "players[0].events"),
        ({"players": [{"events": [99]}, {}, {}, {}]}, "players[0].events"),
        ({"players": [{"fixed": -5}, {}, {}, {}]}, "players[0].fixed"),
        ({"players": [{"colour": "red"}, {}, {}, {}]}, "players[0].colour"),
        ({"players": [{"sets": ["PEE"]}, {"sets": ["PEE"]}, {}, {}]}, "sets"),
        ({"winner": 1}, "winner"),
    ],
)
def test_impossible_hands_name_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand({**JOE_WINS, **change}, PARAMS)
    assert caught.value.field == field


def test_a_hand_is_described_for_the_score_sheet() -> None:
    hand = FAMILY.clean_hand({**JOE_WINS, "discarder": 1, "cannon": True}, PARAMS)
    assert FAMILY.describe_hand(hand, NAMES) == "Joe Mah-Jongg off Larry's discard (cannon)"
    evaluation = FAMILY.evaluate(hand, PARAMS)
    assert FAMILY.describe_hand(hand, NAMES, evaluation).endswith(
        "scores: Keith 64, Larry 24, David 4, Joe 104"
    )
    assert FAMILY.describe_hand({"mahjong": None, "players": []}, NAMES) == "Draw (wash-out)"


def test_standings_go_by_stake_change_after_penalties() -> None:
    class Row:
        def __init__(self, name: str, net: int, penalties: int = 0) -> None:
            self.name, self.net = name, Decimal(net)
            self.penalised_net = Decimal(net + penalties)

    rows = [Row("Ann", -5), Row("Bea", 20), Row("Cy", 20)]
    assert [r.name for r in sorted(rows, key=FAMILY.standings_key)] == ["Bea", "Cy", "Ann"]
    fined = [Row("Ann", -5), Row("Bea", 20, penalties=-30), Row("Cy", 20)]
    assert [r.name for r in sorted(fined, key=FAMILY.standings_key)] == ["Cy", "Ann", "Bea"]
