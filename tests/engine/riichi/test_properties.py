"""Zero-sum over random hand sequences: points plus the sticks on the table never change, and
the final placement points lose exactly the chombo penalties (docs/spec/riichi.md §4, §6)."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import HandError
from scoring.engine.riichi import (
    CLUB,
    EMA,
    WRC,
    HandResult,
    HandValue,
    Outcome,
    RiichiRules,
    Win,
    final_scores,
    play,
    settle,
    start,
)
from scoring.engine.riichi.rules import (
    RIICHI_STICK,
    SEATS,
    ChomboPenalty,
    LeftoverSticks,
    MultipleRon,
)

VALUES = st.sampled_from(
    [HandValue(1, 30), HandValue(2, 25), HandValue(3, 40), HandValue(4, 30), HandValue(3, 110)]
    + [HandValue(han) for han in (5, 6, 8, 11, 13)]
    + [HandValue(yakuman=n) for n in (1, 2)]
)
SEAT = st.integers(0, SEATS - 1)
RIICHI = st.sets(SEAT).map(lambda seats: tuple(sorted(seats)))


@st.composite
def results(draw: st.DrawFn) -> HandResult:
    outcome = draw(st.sampled_from(list(Outcome)))
    if outcome is Outcome.CHOMBO:
        return HandResult(outcome, offender=draw(SEAT))
    riichi = draw(RIICHI)
    if outcome is Outcome.ABORTIVE:
        return HandResult(outcome, riichi=riichi)
    if outcome is Outcome.DRAW:
        extra = draw(st.sets(SEAT))
        nagashi = tuple(sorted(draw(st.sets(SEAT, max_size=2))))
        tenpai = tuple(sorted(set(riichi) | extra))
        return HandResult(outcome, tenpai=tenpai, riichi=riichi, nagashi=nagashi)
    if outcome is Outcome.TSUMO:
        return HandResult(outcome, wins=(win(draw, draw(SEAT)),), riichi=riichi)
    discarder = draw(SEAT)
    others = [seat for seat in range(SEATS) if seat != discarder]
    winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
    wins = tuple(win(draw, seat) for seat in winners)
    return HandResult(outcome, wins=wins, discarder=discarder, riichi=riichi)


def win(draw: st.DrawFn, seat: int) -> Win:
    """A win, and for a yakuman sometimes a liable (pao) player."""
    value = draw(VALUES)
    liable = None
    if value.yakuman and draw(st.booleans()):
        liable = draw(st.sampled_from([other for other in range(SEATS) if other != seat]))
    return Win(seat, value, liable)


def refused(result: HandResult, rules: RiichiRules) -> bool:
    """What these rules do not play: a second winner under head bump, an abortive draw,
    a nagashi mangan, a liable player."""
    return (
        (len(result.wins) > 1 and rules.multiple_ron is MultipleRon.HEAD_BUMP)
        or (result.outcome is Outcome.ABORTIVE and not rules.abortive_draws)
        or (bool(result.nagashi) and not rules.nagashi_mangan)
        or (any(w.liable is not None for w in result.wins) and not rules.pao)
    )


def chombo_penalties(rules: RiichiRules, chombos: tuple[int, ...]) -> int:
    return rules.chombo_points * sum(chombos) if rules.chombo is ChomboPenalty.FINAL else 0


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from([EMA, WRC, CLUB, replace(WRC, pao=False, nagashi_mangan=True)]),
    hands=st.lists(results(), min_size=1, max_size=30),
)
def test_points_and_sticks_are_conserved_and_final_points_sum_to_minus_the_penalties(
    rules: RiichiRules, hands: list[HandResult]
) -> None:
    state = start(rules)
    for result in hands:
        if state.over:
            break
        try:
            settlement = settle(result, state.table, rules)
        except HandError:
            assert refused(result, rules)
            continue
        assert not refused(result, rules)
        assert sum(settlement.changes) + RIICHI_STICK * (settlement.sticks - state.sticks) == 0
        state = play(state, result, rules)
        assert sum(state.scores) + RIICHI_STICK * state.sticks == SEATS * rules.start
        assert all(change % 100 == 0 for change in settlement.changes)
    final = final_scores(state, rules)
    lost = RIICHI_STICK * state.sticks if rules.leftover_sticks is LeftoverSticks.LOST else 0
    assert sum(p.final for p in final) == -chombo_penalties(rules, state.chombos) - lost
    assert sorted(p.place for p in final)[0] == 1
