"""The hanchan as a state machine: hands in, running scores, counters, sticks, dealer and round
wind, the end of the game, then uma and oka to final placement points (docs/spec/riichi.md §5-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from scoring.engine.errors import WINDS, HandError, Message
from scoring.engine.riichi.rules import (
    RIICHI_STICK,
    SEATS,
    ChomboPenalty,
    LeftoverSticks,
    RiichiRules,
    Ties,
)
from scoring.engine.riichi.settlement import HandResult, Outcome, Table, settle


@dataclass(frozen=True)
class GameState:
    """The game between hands: each seat's points, the round wind 場風 (0 East, 1 South), which
    seat deals in it (局, 0-3), counters 本場, riichi sticks on the table, chombos by seat."""

    scores: tuple[int, ...]
    round_wind: int = 0
    hand: int = 0
    honba: int = 0
    sticks: int = 0
    chombos: tuple[int, ...] = (0,) * SEATS
    over: bool = False

    @property
    def dealer(self) -> int:
        """The seat dealing the next hand (seat 0 dealt first)."""
        return self.hand

    @property
    def table(self) -> Table:
        """The table the next hand is played at."""
        return Table(dealer=self.dealer, honba=self.honba, sticks=self.sticks)

    @property
    def label(self) -> str:
        """The next hand's name, as the score sheet shows it, in the reader's language:
        'South 2, 1 honba'.

        >>> GameState(scores=(25000,) * 4, round_wind=1, hand=1, honba=1).label
        'South 2, 1 honba'
        """
        name = Message(
            "{wind} {hand}, {honba} honba",
            wind=WINDS[self.round_wind],
            hand=self.hand + 1,
            honba=self.honba,
        )
        return str(name)


def start(rules: RiichiRules) -> GameState:
    """The state before the first hand: everyone on the starting points, East 1.

    >>> from scoring.engine.riichi.rules import CLUB
    >>> start(CLUB).scores
    (25000, 25000, 25000, 25000)
    """
    return GameState(scores=(rules.start,) * SEATS)


def play(state: GameState, result: HandResult, rules: RiichiRules) -> GameState:
    """The state after one more hand.

    >>> from scoring.engine.riichi.rules import EMA
    >>> from scoring.engine.riichi.settlement import Win
    >>> from scoring.engine.riichi.payments import HandValue
    >>> after = play(start(EMA), HandResult(Outcome.TSUMO, wins=(Win(0, HandValue(4, 30)),)), EMA)
    >>> after.scores, after.label
    ((41700, 26100, 26100, 26100), 'East 1, 1 honba')
    """
    if state.over:
        raise HandError("the game is over: no more hands can be played", field="hands")
    settlement = settle(result, state.table, rules)
    scores = tuple(a + b for a, b in zip(state.scores, settlement.changes, strict=True))
    following = replace(state, scores=scores, sticks=settlement.sticks)
    if result.outcome is Outcome.CHOMBO:
        return _with_chombo(following, result)
    repeats = _dealer_repeats(result, state.dealer)
    drawn = result.outcome in (Outcome.DRAW, Outcome.ABORTIVE)
    honba = state.honba + 1 if repeats or drawn else 0
    following = replace(following, honba=honba)
    if not repeats:
        following = _rotate(following, rules)
    if rules.bust and min(scores) < 0:
        following = replace(following, over=True)
    return following


def _with_chombo(state: GameState, result: HandResult) -> GameState:
    """A chombo replays the hand: same dealer, same counters; the offender's count grows."""
    assert result.offender is not None
    chombos = list(state.chombos)
    chombos[result.offender] += 1
    return replace(state, chombos=tuple(chombos))


def _dealer_repeats(result: HandResult, dealer: int) -> bool:
    """連荘: the dealer keeps the deal after winning, after being tenpai at a draw, and after
    an abortive draw."""
    if result.outcome is Outcome.ABORTIVE:
        return True
    if result.outcome is Outcome.DRAW:
        return dealer in result.tenpai
    return any(win.winner == dealer for win in result.wins)


def _rotate(state: GameState, rules: RiichiRules) -> GameState:
    hand = state.hand + 1
    if hand < SEATS:
        return replace(state, hand=hand)
    round_wind = state.round_wind + 1
    return replace(state, hand=0, round_wind=round_wind, over=round_wind >= rules.rounds)


def replay(results: Iterable[HandResult], rules: RiichiRules) -> list[GameState]:
    """Every state of a game: the start, then one after each hand.

    An error names the hand (1-based) in its field, ``hands[N]``.
    """
    states = [start(rules)]
    for number, result in enumerate(results, start=1):
        try:
            states.append(play(states[-1], result, rules))
        except HandError as error:
            raise HandError(
                "hand {number}: {problem}",
                field=f"hands[{number}].{error.field}",
                number=number,
                problem=error,
            ) from None
    return states


@dataclass(frozen=True, slots=True)
class Placement:
    """A seat's end of game: table points, place (1-4; tied players share the best), and the
    final placement points (points − return + uma + oka + leftover sticks − chombo penalties)."""

    seat: int
    points: int
    place: int
    final: Fraction


def final_scores(state: GameState, rules: RiichiRules) -> tuple[Placement, ...]:
    """Placements by seat. Call it when ``state.over`` or when the game is stopped (time).

    >>> from scoring.engine.riichi.rules import EMA
    >>> state = GameState(scores=(40000, 30000, 30000, 20000), over=True)
    >>> [(p.place, int(p.final)) for p in final_scores(state, EMA)]
    [(1, 25000), (2, 0), (2, 0), (4, -25000)]
    """
    groups = _groups(state.scores, rules)
    leftover = state.sticks * RIICHI_STICK if rules.leftover_sticks is LeftoverSticks.FIRST else 0
    placements: list[Placement] = []
    position = 0
    for group in groups:
        bonus = Fraction(sum(rules.uma[position : position + len(group)]))
        if position == 0:
            bonus += rules.oka + leftover
        for seat in group:
            final = Fraction(state.scores[seat] - rules.target) + bonus / len(group)
            if rules.chombo is ChomboPenalty.FINAL:
                final -= rules.chombo_points * state.chombos[seat]
            placements.append(Placement(seat, state.scores[seat], position + 1, final))
        position += len(group)
    return tuple(sorted(placements, key=lambda placement: placement.seat))


def _groups(scores: tuple[int, ...], rules: RiichiRules) -> list[list[int]]:
    """Seats by place; seats level on points share a group when ties are shared."""
    order = sorted(range(SEATS), key=lambda seat: (-scores[seat], seat))
    groups: list[list[int]] = []
    for seat in order:
        level = groups and scores[groups[-1][0]] == scores[seat]
        if level and rules.ties is Ties.SHARED:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups
