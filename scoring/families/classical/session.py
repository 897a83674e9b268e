"""A classical session's table as the pages show it: the engine's ``replay`` gives each
hand's position; the table before each hand adds the stakes and the payments matrix."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scoring.display import lazy_text
from scoring.engine.classical.entry import read_hand
from scoring.engine.classical.game import Position, advance
from scoring.engine.classical.params import rules_from_params, stake_from_params
from scoring.engine.classical.replay import replay

WIND_NAMES = {
    "E": lazy_text("East 東"),
    "S": lazy_text("South 南"),
    "W": lazy_text("West 西"),
    "N": lazy_text("North 北"),
}


@dataclass(frozen=True)
class MatrixRow:
    """One player's row of a hand's payments matrix (§5.2): what they received from each
    player (negative: paid), their hand score and their stake after the hand."""

    name: str
    score: str
    fixed: bool
    stake: Decimal
    cells: list[str]
    net: Decimal


@dataclass(frozen=True)
class TableState:
    """The table before a hand (or after the last one): position and stakes; for a hand,
    also the stakes after it and its payments matrix."""

    position: Position | None
    stakes: tuple[Decimal, ...]
    names: tuple[str, ...]
    matrix: tuple[MatrixRow, ...] = ()

    @property
    def over(self) -> bool:
        return self.position is None

    @property
    def round_name(self) -> str:
        return WIND_NAMES[self.position.round_letter] if self.position else ""

    @property
    def winds(self) -> list[str]:
        if self.position is None:
            return [""] * len(self.stakes)
        count = len(self.stakes)
        return [WIND_NAMES[self.position.seat_wind(seat, count)] for seat in range(count)]

    @property
    def east(self) -> int | None:
        return self.position.east if self.position else None

    @property
    def east_run(self) -> int:
        return self.position.east_run if self.position else 0

    @property
    def east_name(self) -> str:
        return self.names[self.east] if self.east is not None else ""

    @property
    def round_starter_name(self) -> str:
        """The player who was East when the round began: the round ends when the deal
        would come back to them (§4.2)."""
        return self.names[self.position.round_start] if self.position else ""

    @property
    def seats(self) -> list[tuple[str, str, Decimal, bool, bool]]:
        """Each seat's name, wind, stake, whether it is East and whether it leads."""
        leaders = self.leaders
        return [
            (name, wind, stake, seat == self.east, seat in leaders)
            for seat, (name, wind, stake) in enumerate(
                zip(self.names, self.winds, self.stakes, strict=True)
            )
        ]

    def seats_from(self, bottom: int | None) -> list[tuple[int, str, str, Decimal, bool, bool]]:
        """Each seat with its index first, turned so that seat ``bottom`` comes last (the
        table view as that player sees it); in seat order when ``bottom`` is None."""
        seats = [(seat, *row) for seat, row in enumerate(self.seats)]
        if bottom is None or not 0 <= bottom < len(seats):
            return seats
        start = bottom + 1
        return seats[start:] + seats[:start]

    @property
    def leaders(self) -> list[int]:
        best = max(self.stakes)
        return [seat for seat, stake in enumerate(self.stakes) if stake == best]


def payments_matrix(
    evaluation: Mapping[str, Any] | None, names: Sequence[str], stakes_after: Sequence[Decimal]
) -> tuple[MatrixRow, ...]:
    """The rows of a stored hand's payments matrix, named, with scores and stakes after."""
    if not evaluation or "payments" not in evaluation:
        return ()
    rows = []
    for name, scored, cells, stake in zip(
        names, evaluation["scores"], evaluation["payments"], stakes_after, strict=True
    ):
        fixed = scored.get("fixed") is not None
        rows.append(
            MatrixRow(
                name,
                str(scored["fixed"] if fixed else scored["score"]),
                fixed,
                stake,
                list(cells),
                sum((Decimal(cell) for cell in cells), Decimal(0)),
            )
        )
    return tuple(rows)


def table_states(
    hands: Sequence[Mapping[str, Any]],
    params: Mapping[str, Any],
    changes: Sequence[Sequence[Decimal]],
    *,
    names: Sequence[str],
    evaluations: Sequence[Mapping[str, Any] | None] = (),
    hand_params: Sequence[Mapping[str, Any]] | None = None,
) -> list[TableState]:
    """The table before each hand and after the last: positions replayed from the
    inputs (each under its own ``hand_params`` where given), stakes from the starting stake
    and each hand's stored changes, and each hand's payments matrix from its evaluation."""
    first = hand_params[0] if hand_params else params
    rules = rules_from_params(hand_params[-1] if hand_params else params)
    stakes = [Decimal(stake_from_params(first))] * len(names)
    states = []
    position: Position | None = Position(0)
    replayed = replay(hands, params, score_from=len(hands), hand_params=hand_params)
    for index, (played, hand_changes) in enumerate(zip(replayed, changes, strict=True)):
        position = played.position
        after = [s + c for s, c in zip(stakes, hand_changes, strict=True)]
        evaluation = evaluations[index] if index < len(evaluations) else None
        matrix = payments_matrix(evaluation, names, after)
        states.append(TableState(position, tuple(stakes), tuple(names), matrix))
        stakes = after
    if hands:
        last = read_hand(hands[-1], rules).result
        assert position is not None
        position = advance(position, last, rules.options, len(names), rules.east_limit)
    states.append(TableState(position, tuple(stakes), tuple(names)))
    return states
