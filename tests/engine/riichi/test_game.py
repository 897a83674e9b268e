"""The hanchan: dealer repeats, counters, sticks carried over, the end, uma and oka."""

from dataclasses import replace
from fractions import Fraction

import pytest

from scoring.engine.errors import HandError
from scoring.engine.riichi import (
    CLUB,
    EMA,
    WRC,
    GameState,
    HandResult,
    HandValue,
    Outcome,
    RiichiRules,
    Win,
    final_scores,
    play,
    replay,
    start,
)
from scoring.engine.riichi.rules import LeftoverSticks


def ron(winner: int, han: int, fu: int, discarder: int, riichi: tuple[int, ...] = ()) -> HandResult:
    return HandResult(
        Outcome.RON, wins=(Win(winner, HandValue(han, fu)),), discarder=discarder, riichi=riichi
    )


def tsumo(winner: int, han: int, fu: int = 0) -> HandResult:
    return HandResult(Outcome.TSUMO, wins=(Win(winner, HandValue(han, fu)),))


def draw(*tenpai: int, riichi: tuple[int, ...] = ()) -> HandResult:
    return HandResult(Outcome.DRAW, tenpai=tenpai, riichi=riichi)


# A complete EMA hanchan, every number worked out by hand (seats 0-3 = A B C D):
EMA_HANCHAN = [
    # (result, scores after, label of the next hand, sticks on the table after)
    (ron(1, 3, 30, discarder=2), (30000, 33900, 26100, 30000), "East 2, 0 honba", 0),
    (draw(1, riichi=(1,)), (29000, 35900, 25100, 29000), "East 2, 1 honba", 1),
    (tsumo(3, 1, 30), (28600, 35300, 24700, 31400), "East 3, 0 honba", 0),
    (ron(2, 2, 30, discarder=0), (25700, 35300, 27600, 31400), "East 3, 1 honba", 0),
    (draw(), (25700, 35300, 27600, 31400), "East 4, 2 honba", 0),
    (ron(0, 5, 0, discarder=1), (34300, 26700, 27600, 31400), "South 1, 0 honba", 0),
    (draw(0, 2, riichi=(2,)), (35800, 25200, 28100, 29900), "South 1, 1 honba", 1),
    (HandResult(Outcome.CHOMBO, offender=3), (35800, 25200, 28100, 29900), "South 1, 1 honba", 1),
    (ron(1, 1, 40, discarder=0), (34200, 27800, 28100, 29900), "South 2, 0 honba", 0),
    (tsumo(1, 2, 20), (33500, 29900, 27400, 29200), "South 2, 1 honba", 0),
    (ron(2, 2, 40, discarder=3), (33500, 29900, 30300, 26300), "South 3, 0 honba", 0),
    (draw(), (33500, 29900, 30300, 26300), "South 4, 1 honba", 0),
    (ron(3, 2, 30, discarder=0), (30300, 29900, 30300, 29500), "South 4, 2 honba", 0),
    (draw(), (30300, 29900, 30300, 29500), "West 1, 3 honba", 0),
]


def test_a_complete_ema_hanchan_hand_by_hand() -> None:
    states = replay([row[0] for row in EMA_HANCHAN], EMA)
    for state, (_, scores, label, sticks) in zip(states[1:], EMA_HANCHAN, strict=True):
        assert (state.scores, state.label, state.sticks) == (scores, label, sticks)
    assert [s.over for s in states] == [False] * len(EMA_HANCHAN) + [True]
    assert states[-1].chombos == (0, 0, 0, 1)


def test_the_ema_hanchan_ends_with_shared_uma_for_the_tie_and_the_chombo_penalty() -> None:
    final = final_scores(replay([row[0] for row in EMA_HANCHAN], EMA)[-1], EMA)
    # A and C tie on 30,300: they share 1st and 2nd place's uma, (15,000 + 5,000) / 2 each
    assert [(p.place, p.final) for p in final] == [
        (1, 300 + 10000),
        (3, -100 - 5000),
        (1, 300 + 10000),
        (4, -500 - 15000 - 20000),
    ]
    assert sum(p.final for p in final) == -20000  # only the chombo leaves the table


def test_a_club_hanchan_ends_when_a_player_busts_and_first_takes_the_oka() -> None:
    results = [
        tsumo(0, 5),  # dealer mangan: 4000 all
        HandResult(Outcome.RON, wins=(Win(1, HandValue(yakuman=1)),), discarder=2),
    ]
    states = replay(results, CLUB)
    assert states[-1].scores == (37000, 53300, -11300, 21000)
    assert states[-1].over
    final = final_scores(states[-1], CLUB)
    # (points - 30,000) + uma 20/10/-10/-20 thousand + oka 4 x 5,000 to first
    assert [p.final for p in final] == [
        7000 + 10000,
        23300 + 20000 + 20000,
        -41300 - 20000,
        -9000 - 10000,
    ]
    assert [p.place for p in final] == [2, 1, 4, 3]
    assert sum(p.final for p in final) == 0
    with pytest.raises(HandError, match="game is over"):
        play(states[-1], draw(), CLUB)


@pytest.mark.parametrize("rules", [EMA, WRC], ids=["ema", "wrc"])
def test_no_bust_under_ema_or_wrc_the_game_goes_on_below_zero(rules: RiichiRules) -> None:
    results = [HandResult(Outcome.RON, wins=(Win(1, HandValue(yakuman=1)),), discarder=2)]
    states = replay([*results, draw()], rules)
    assert states[1].scores[2] == -2000 and not states[1].over
    assert states[2].scores[2] == -2000 and not states[2].over  # the next hand is played


def test_the_club_breaks_ties_by_seat_order() -> None:
    state = GameState(scores=(30000, 30000, 20000, 20000), over=True)
    final = final_scores(state, CLUB)
    assert [p.place for p in final] == [1, 2, 3, 4]
    assert [p.final for p in final] == [40000, 10000, -20000, -30000]


def test_three_players_level_share_three_places_of_uma_exactly() -> None:
    rules = replace(CLUB, ties="shared")
    state = GameState(scores=(25000, 25000, 25000, 25000 + 0), over=True)
    final = final_scores(state, rules)
    assert all(p.place == 1 for p in final)
    assert [p.final for p in final] == [Fraction(0)] * 4
    state = GameState(scores=(30000, 30000, 30000, 10000), over=True)
    final = final_scores(state, rules)
    # (20,000 + 10,000 - 10,000 + oka 20,000) / 3 each, exactly
    assert [p.final for p in final[:3]] == [Fraction(40000, 3)] * 3
    assert final[3].final == -20000 - 20000
    assert sum(p.final for p in final) == 0


def test_sticks_left_at_the_end_go_to_first_place_or_are_lost_per_the_rules() -> None:
    state = GameState(scores=(31000, 30000, 29000, 28000), sticks=2, over=True)
    assert [p.final for p in final_scores(state, EMA)] == [18000, 5000, -6000, -17000]
    lost = replace(EMA, leftover_sticks=LeftoverSticks.LOST)
    assert [p.final for p in final_scores(state, lost)] == [16000, 5000, -6000, -17000]


def test_the_wrc_gives_sticks_left_at_the_end_to_nobody() -> None:
    """A WRC hanchan ends at 31,000, 30,000, 29,000 and 28,000 with two riichi sticks on
    the table: first +1,000 and 15,000 uma, then +5,000, −6,000, −17,000; the 2,000 on the
    table go to nobody, so the finals sum to −2,000 (the EMA's first place takes them)."""
    state = GameState(scores=(31000, 30000, 29000, 28000), sticks=2, over=True)
    final = [p.final for p in final_scores(state, WRC)]
    assert final == [16000, 5000, -6000, -17000]
    assert sum(final) == -2000
    assert [p.final for p in final_scores(state, EMA)] == [18000, 5000, -6000, -17000]


def test_riichi_sticks_are_carried_to_the_next_winner() -> None:
    results = [draw(0, 1, riichi=(0, 1)), draw(1, riichi=(1,)), ron(3, 1, 30, discarder=2)]
    states = replay(results, EMA)
    assert [s.sticks for s in states] == [0, 2, 3, 0]
    assert states[-1].scores[3] == 30000 - 1500 - 1000 + 1000 + 300 * 2 + 3000


def test_dealer_repeats_after_a_win_or_tenpai_and_passes_the_deal_otherwise() -> None:
    state = start(EMA)
    state = play(state, tsumo(0, 1, 30), EMA)
    assert (state.dealer, state.honba) == (0, 1)
    state = play(state, draw(0), EMA)
    assert (state.dealer, state.honba) == (0, 2)
    state = play(state, draw(2), EMA)
    assert (state.dealer, state.honba) == (1, 3)
    state = play(state, ron(2, 1, 30, discarder=1), EMA)
    assert (state.dealer, state.honba) == (2, 0)
    state = play(state, HandResult(Outcome.CHOMBO, offender=2), EMA)
    assert (state.dealer, state.honba) == (2, 0)


def test_an_error_names_the_hand_it_is_in() -> None:
    with pytest.raises(HandError) as caught:
        replay(
            [
                draw(),
                HandResult(
                    Outcome.RON, wins=(Win(0, HandValue(5)), Win(1, HandValue(5))), discarder=2
                ),
            ],
            replace(EMA, multiple_ron="head_bump"),
        )
    assert caught.value.field == "hands[2].wins"
    assert caught.value.message.startswith("hand 2: ")


def test_an_abortive_draw_repeats_the_deal_with_one_more_counter() -> None:
    state = play(start(CLUB), HandResult(Outcome.ABORTIVE, riichi=(2,)), CLUB)
    assert (state.dealer, state.honba, state.sticks) == (0, 1, 1)
    assert state.scores == (25000, 25000, 24000, 25000)


def test_a_nagashi_mangan_draw_passes_the_deal_when_the_dealer_is_noten() -> None:
    state = play(start(CLUB), HandResult(Outcome.DRAW, nagashi=(1,)), CLUB)
    assert (state.dealer, state.honba) == (1, 1)
    assert state.scores == (21000, 33000, 23000, 23000)
