"""A riichi session is a hanchan: its hands replayed through the engine's game, in order.

Each hand is played at the table the hands before it leave (dealer, round, counters, riichi
sticks), so ``replay`` is the one place that reads hands into results, scores them and
says where the game stands; ``TableState`` is that place as the score sheet shows it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from scoring.display import SEAT_LABELS, lazy_text
from scoring.engine.errors import HandError
from scoring.engine.riichi import GameState, Placement, RiichiRules, final_scores, play, start
from scoring.engine.riichi.rules import RIICHI_STICK
from scoring.engine.riichi.settlement import Outcome
from scoring.families.base import SeatResult
from scoring.families.riichi.hand_input import ReadHand, read_hand, seat_winds
from scoring.families.riichi.params import rules_from_params

WIND_LABELS: Final = {
    "1z": lazy_text("East 東"),
    "2z": lazy_text("South 南"),
    "3z": lazy_text("West 西"),
    "4z": lazy_text("North 北"),
}


@dataclass(frozen=True)
class Played:
    """One hand of a replay: the table before it, the hand read there, the table after."""

    before: GameState
    read: ReadHand
    after: GameState
    rules: RiichiRules


def replay(
    hands: Sequence[Mapping[str, Any]], each_params: Sequence[Mapping[str, Any]]
) -> Iterator[Played]:
    """Walk a session's hands in order through the game; the first hand's rules set the
    starting points. An error names the hand that cannot be played where it stands."""
    if not hands:
        return
    state = start(rules_from_params(each_params[0]))
    for number, (hand, params) in enumerate(zip(hands, each_params, strict=True), start=1):
        rules = rules_from_params(params)
        if state.over:
            raise HandError(
                "the hanchan is over after hand {value}: start a new session",
                field=None,
                value=number - 1,
            )
        read = read_hand(hand, rules, state)
        after = play(state, read.result, rules)
        yield Played(state, read, after, rules)
        state = after


def seat_results(played: Played) -> list[SeatResult]:
    """Each seat's change and the facts standings count (a chombo is a false win)."""
    result = played.read.result
    values = {win.winner: win.value for win in result.wins}
    changes = [a - b for a, b in zip(played.after.scores, played.before.scores, strict=True)]
    return [
        SeatResult(
            points=Decimal(change),
            won=seat in values,
            blamed=seat in (result.discarder, result.offender),
            self_drawn=seat in values and result.outcome is Outcome.TSUMO,
            false_win=seat == result.offender,
            hand_value=_han(values[seat]) if seat in values else None,
            declared=seat in result.riichi,
        )
        for seat, change in enumerate(changes)
    ]


def _han(value: Any) -> int:
    """A win's han, a yakuman counted as 13 (the engine's evaluation counts so)."""
    return int(value.yakuman * 13 if value.yakuman else value.han)


def evaluation_of(played: Played) -> dict[str, Any] | None:
    """The stored evaluation: the first winner's tiles, any other winner's beside them."""
    evaluations = played.read.evaluations
    if not evaluations:
        return None
    (first, evaluation), *others = evaluations.items()
    stored = evaluation.to_json()
    stored["seat"] = first
    if others:
        stored["other_winners"] = [{"seat": seat, **e.to_json()} for seat, e in others]
    return stored


@dataclass(frozen=True)
class TableState:
    """The table before a hand (or after the last one): the hand's name, the dealer, the
    counters, the riichi sticks on the table and each seat's points; once the game is
    over (or as it stands), the placements."""

    game: GameState
    names: tuple[str, ...]
    rules: RiichiRules

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def label(self) -> str:
        return self.game.label

    @property
    def round_name(self) -> str:
        return str(SEAT_LABELS[self.game.round_wind])

    @property
    def dealer_name(self) -> str:
        return self.names[self.game.dealer]

    @property
    def honba(self) -> int:
        return self.game.honba

    @property
    def sticks(self) -> int:
        return self.game.sticks

    @property
    def sticks_points(self) -> int:
        return self.game.sticks * RIICHI_STICK

    @property
    def seats(self) -> list[tuple[str, str, int, bool]]:
        """Each player's name, wind, points and whether they deal."""
        winds = seat_winds(self.game)
        return [
            (name, WIND_LABELS[winds[seat]], self.game.scores[seat], seat == self.game.dealer)
            for seat, name in enumerate(self.names)
        ]

    @property
    def placements(self) -> list[tuple[str, Placement]]:
        """Each player with their place and final placement points, best first."""
        found = zip(self.names, final_scores(self.game, self.rules), strict=True)
        return sorted(found, key=lambda item: (item[1].place, item[1].seat))


def table_states(
    hands: Sequence[Mapping[str, Any]],
    each_params: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    params: Mapping[str, Any],
) -> list[TableState]:
    """The table before each hand and after the last (each hand under its own rules; with
    no hands, the first hand's table under ``params``)."""
    rules = rules_from_params(each_params[0] if each_params else params)
    last = start(rules)
    states: list[TableState] = []
    for played in replay(hands, each_params):
        states.append(TableState(played.before, tuple(names), played.rules))
        rules, last = played.rules, played.after
    states.append(TableState(last, tuple(names), rules))
    return states
