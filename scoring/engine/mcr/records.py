"""Score a PMN game: replay it, evaluate every winner, settle, and compare with what the
record says (mcr.md §11.4, §11.5)."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.errors import Message, Name, Seat
from scoring.engine.evaluation import Evaluation
from scoring.engine.mcr.evaluator import evaluate
from scoring.engine.mcr.fans import BY_PMN, PMN_ADJUSTMENTS
from scoring.engine.mcr.pmn import FanItem, PmnGame
from scoring.engine.mcr.replay import FLOWER_WALL, Table, replay
from scoring.engine.mcr.rules import STANDARD, MCRRules
from scoring.engine.mcr.settlement import add, settle, settle_duplicate


@dataclass(slots=True)
class GameScore:
    """A replayed game: the winners' evaluations, the discarder, the settled result and any
    disagreement with the record (warnings, not errors)."""

    game: PmnGame
    table: Table
    evaluations: dict[int, Evaluation]
    discarder: int | None
    result: tuple[int, ...]
    warnings: list[Message] = field(default_factory=list)

    def table_after(self, actions: int) -> Table:
        """The table after the first ``actions`` actions, with the same set of tiles (with or
        without flowers) as the whole game was scored with."""
        return replay(self.game, actions, flowers=self.table.wall_size == FLOWER_WALL)


def recorded_total(items: tuple[FanItem, ...]) -> int:
    """The fan total a ``Fan`` field records: values from the item or the fan table, plus the
    miscount adjustments 83 / 84.

    >>> recorded_total((FanItem(39, 8, 1), FanItem(62, None, 2)))
    12
    """
    total = 0
    for item in items:
        if item.number in PMN_ADJUSTMENTS:
            total += PMN_ADJUSTMENTS[item.number] * item.count
        elif item.value is not None:
            total += item.value * item.count
        elif item.number in BY_PMN:
            total += BY_PMN[item.number].value * item.count
    return total


def score_game(game: PmnGame, rules: MCRRules = STANDARD) -> GameScore:
    """Replay and score a game (raises ``PmnError``/``PlayError`` for a broken record)."""
    table = replay(game, flowers=rules.flowers and _has_flowers(game))
    evaluations = {seat: evaluate(hand, rules) for seat, hand in table.winners.items()}
    discarder = _discarder(table)
    fans = {seat: e.total for seat, e in evaluations.items()}
    if not fans:
        result: tuple[int, ...] = (0, 0, 0, 0)
    elif game.duplicate:
        result = settle_duplicate(fans, discarder)
    else:
        winner = _head_bump(fans, discarder)
        result = settle(winner, fans[winner], discarder)
    result = add(result, game.penalty)
    score = GameScore(game, table, evaluations, discarder, result)
    score.warnings.extend(_check_record(score))
    return score


def _head_bump(fans: dict[int, int], discarder: int | None) -> int:
    """In standard MCR only the first winner in turn order after the discarder wins (截和)."""
    start = 0 if discarder is None else discarder + 1
    return min(fans, key=lambda seat: (seat - start) % 4)


def _has_flowers(game: PmnGame) -> bool:
    return any(t >= 34 for hand in game.deal for t in hand) or any(a.kind == "R" for a in game.play)


def _discarder(table: Table) -> int | None:
    if not table.winners:
        return None
    trigger = table.trigger()[0]
    return None if trigger.kind == "T" else trigger.seat


def _check_record(score: GameScore) -> list[Message]:
    warnings: list[Message] = []
    game = score.game
    for seat, items in enumerate(game.fans):
        evaluation = score.evaluations.get(seat)
        if items is None and evaluation is None:
            continue
        if items is None or evaluation is None:
            warnings.append(
                Message("{seat}: the record and the play disagree on who won", seat=_seat(seat))
            )
            continue
        recorded = recorded_total(items)
        if recorded != evaluation.total:
            warnings.append(
                Message(
                    "{seat}: recorded {recorded} fan, evaluated {evaluated}",
                    seat=_seat(seat),
                    recorded=recorded,
                    evaluated=evaluation.total,
                )
            )
        warnings.extend(_check_values(seat, items))
    if game.result is not None and game.result != score.result:
        warnings.append(
            Message(
                "recorded result {recorded}, settled {settled}",
                recorded=_four(game.result),
                settled=_four(score.result),
            )
        )
    return warnings


_EDITIONS = {"two_concealed_kongs": (8,)}  # the other edition's value is no mistake (§3)


def _check_values(seat: int, items: tuple[FanItem, ...]) -> list[Message]:
    warnings = []
    for item in items:
        fan = BY_PMN.get(item.number)
        if fan is None and item.number not in PMN_ADJUSTMENTS:
            warnings.append(
                Message(
                    "{seat}: unknown PMN fan number {number}", seat=_seat(seat), number=item.number
                )
            )
        elif fan is not None and item.value not in (None, fan.value, *_EDITIONS.get(fan.id, ())):
            warnings.append(
                Message(
                    "{seat}: fan {number} ({name}) recorded as {value}, the table says {table}",
                    seat=_seat(seat),
                    number=item.number,
                    name=Name(fan.name, fan.name_zh),
                    value=item.value,
                    table=fan.value,
                )
            )
    return warnings


def _seat(seat: int) -> Seat:
    """The seat as a warning names it: its player's name once the record's names are given
    (``Message.name_seats``), else its wind (PMN's tag names), a word to translate."""
    return Seat(seat)


def _four(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)
