"""One riichi hand's result and its settlement: wins, counters, riichi sticks, tenpai payments.

Seats are 0-3 in the order of the first deal (seat 0 was the first East). A settlement's
point changes plus the sticks it puts on or takes off the table always sum to zero
(docs/spec/riichi.md §4); a chombo paid off the final score moves no points at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from scoring.engine.errors import HandError, Seat
from scoring.engine.riichi.payments import HandValue, ron_payment, tsumo_payments
from scoring.engine.riichi.rules import (
    HONBA_RON,
    HONBA_TSUMO,
    NOTEN_TOTAL,
    RIICHI_STICK,
    SEATS,
    ChomboPenalty,
    MultipleRon,
    RiichiRules,
)

NAGASHI_VALUE: Final = HandValue(han=5)  # a nagashi mangan is paid as a mangan


class Outcome(StrEnum):
    """How a hand ended: ron 栄和, tsumo 自摸和, exhaustive draw 流局, chombo 錯和."""

    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    CHOMBO = "chombo"
    ABORTIVE = "abortive"  # 途中流局: kyuushu kyuuhai, suufon renda, suucha riichi, suukaikan...


@dataclass(frozen=True, slots=True)
class Win:
    """A winner, the value of the winning hand, and the player liable 包 (pao) for it, if any:
    the one whose discard, called, completed big three dragons or big four winds."""

    winner: int
    value: HandValue
    liable: int | None = None


@dataclass(frozen=True)
class HandResult:
    """One hand: its outcome, the winners (ron: one or more; tsumo: one), the discarder,
    the players tenpai at a draw, the players who declared riichi, a chombo's offender, the
    players paid a nagashi mangan 流し満貫 at a draw."""

    outcome: Outcome
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    tenpai: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    offender: int | None = None
    nagashi: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", Outcome(self.outcome))
        _check_seats(tuple(win.winner for win in self.wins), "wins")
        _check_seats(self.tenpai, "tenpai")
        _check_seats(self.riichi, "riichi")
        _check_seats(self.nagashi, "nagashi")
        for index, win in enumerate(self.wins):
            _check_liable(win, f"wins[{index}].liable")
        for seat, field in ((self.discarder, "discarder"), (self.offender, "offender")):
            if seat is not None:
                _check_seats((seat,), field)
        _CHECKS[self.outcome](self)


def _check_seats(seats: tuple[int, ...], field: str) -> None:
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise HandError(
                "the {field_name} must be one of the {seats} players at the table",
                field=field,
                field_name=field,
                seats=SEATS,
            )
    if len(set(seats)) != len(seats):
        raise HandError("a seat is listed twice", field=field)


def _check_liable(win: Win, field: str) -> None:
    if win.liable is None:
        return
    _check_seats((win.liable,), field)
    if win.liable == win.winner:
        raise HandError("the winner cannot be liable (pao) for their own hand", field=field)
    if not win.value.yakuman:
        raise HandError(
            "liability (pao) is for a yakuman: big three dragons or big four winds", field=field
        )


def _check_ron(result: HandResult) -> None:
    if result.discarder is None:
        raise HandError("a win on a discard needs the discarder", field="discarder")
    if not result.wins:
        raise HandError("a win on a discard needs a winner", field="wins")
    if any(win.winner == result.discarder for win in result.wins):
        raise HandError("the discarder cannot win on their own discard", field="wins")
    _check_none(result, "tenpai", "offender", "nagashi")


def _check_tsumo(result: HandResult) -> None:
    if len(result.wins) != 1:
        raise HandError("a self-drawn win has exactly one winner", field="wins")
    _check_none(result, "discarder", "tenpai", "offender", "nagashi")


def _check_draw(result: HandResult) -> None:
    missing = sorted(set(result.riichi) - set(result.tenpai))
    if missing:
        raise HandError(
            "{player} declared riichi, so must be tenpai at the draw (a noten riichi is a chombo)",
            field="tenpai",
            player=Seat(missing[0]),
        )
    _check_none(result, "wins", "discarder", "offender")


def _check_chombo(result: HandResult) -> None:
    if result.offender is None:
        raise HandError("a chombo needs the offender", field="offender")
    _check_none(result, "wins", "discarder", "tenpai", "riichi", "nagashi")


def _check_abortive(result: HandResult) -> None:
    _check_none(result, "wins", "discarder", "tenpai", "offender", "nagashi")


def _check_none(result: HandResult, *fields: str) -> None:
    for field in fields:
        if getattr(result, field) not in (None, ()):
            raise HandError(
                "a {outcome} hand has no {field_name}",
                field=field,
                outcome=result.outcome,
                field_name=field,
            )


_CHECKS = {
    Outcome.RON: _check_ron,
    Outcome.TSUMO: _check_tsumo,
    Outcome.DRAW: _check_draw,
    Outcome.CHOMBO: _check_chombo,
    Outcome.ABORTIVE: _check_abortive,
}


@dataclass(frozen=True, slots=True)
class Table:
    """The table before a hand: the dealer's seat, counters 本場 and riichi sticks 供託."""

    dealer: int = 0
    honba: int = 0
    sticks: int = 0


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each seat's change in points, and the riichi sticks left on the table after it."""

    changes: tuple[int, ...]
    sticks: int


def ron_order(result: HandResult) -> tuple[Win, ...]:
    """The winners of a ron in turn order from the discarder (the first is 'nearest').

    >>> v = HandValue(1, 30)
    >>> r = HandResult(Outcome.RON, wins=(Win(0, v), Win(2, v)), discarder=3)
    >>> [w.winner for w in ron_order(r)]
    [0, 2]
    """
    assert result.discarder is not None
    discarder = result.discarder
    return tuple(sorted(result.wins, key=lambda win: (win.winner - discarder) % SEATS))


def settle(result: HandResult, table: Table, rules: RiichiRules) -> Settlement:
    """Settle one hand at a table under the rules.

    >>> from scoring.engine.riichi.rules import EMA
    >>> r = HandResult(Outcome.RON, wins=(Win(1, HandValue(3, 30)),), discarder=2, riichi=(1,))
    >>> settle(r, Table(dealer=0, honba=1, sticks=1), EMA)
    Settlement(changes=(0, 5200, -4200, 0), sticks=0)
    """
    _check_rules(result, rules)
    changes = [0] * SEATS
    for seat in result.riichi:
        changes[seat] -= RIICHI_STICK
    sticks = table.sticks + len(result.riichi)
    collector = _SETTLERS[result.outcome](result, table, rules, changes)
    if collector is not None:
        changes[collector] += sticks * RIICHI_STICK
        sticks = 0
    return Settlement(tuple(changes), sticks)


def _check_rules(result: HandResult, rules: RiichiRules) -> None:
    """Refuse what these rules do not play: a second winner under head bump, an abortive
    draw, a nagashi mangan, a liable player."""
    head_bump = rules.multiple_ron is MultipleRon.HEAD_BUMP
    if result.outcome is Outcome.RON and head_bump and len(result.wins) > 1:
        raise HandError(
            "these rules play head bump (atamahane): only the winner nearest the "
            "discarder is paid, so record that one",
            field="wins",
        )
    if result.outcome is Outcome.ABORTIVE and not rules.abortive_draws:
        raise HandError("these rules play no abortive draws", field="outcome")
    if result.nagashi and not rules.nagashi_mangan:
        raise HandError("these rules play no nagashi mangan", field="nagashi")
    for index, win in enumerate(result.wins):
        if win.liable is not None and not rules.pao:
            raise HandError("these rules play no liability (pao)", field=f"wins[{index}].liable")


def _settle_ron(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> int | None:
    assert result.discarder is not None
    order = ron_order(result)
    for index, win in enumerate(order):
        amount = ron_payment(win.value, win.winner == table.dealer, rules)
        shared = 0
        if win.liable is not None and win.liable != result.discarder:
            shared = amount // 2  # pao: the liable player pays half of the hand
            changes[win.liable] -= shared
        if index == 0 or rules.honba_to_all_winners:
            amount += HONBA_RON * table.honba
        changes[win.winner] += amount
        changes[result.discarder] -= amount - shared
    return order[0].winner


def _settle_tsumo(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> int | None:
    win = result.wins[0]
    if win.liable is not None:
        # pao: the liable player pays the whole hand, as if they had dealt in
        amount = ron_payment(win.value, win.winner == table.dealer, rules)
        amount += HONBA_RON * table.honba
        changes[win.liable] -= amount
        changes[win.winner] += amount
        return win.winner
    from_dealer, from_other = tsumo_payments(win.value, win.winner == table.dealer, rules)
    for seat in range(SEATS):
        if seat == win.winner:
            continue
        amount = (from_dealer if seat == table.dealer else from_other) + HONBA_TSUMO * table.honba
        changes[seat] -= amount
        changes[win.winner] += amount
    return win.winner


def _settle_draw(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> int | None:
    if result.nagashi:
        _settle_nagashi(result, table, rules, changes)
        return None
    tenpai = len(result.tenpai)
    if 0 < tenpai < SEATS:
        for seat in range(SEATS):
            if seat in result.tenpai:
                changes[seat] += NOTEN_TOTAL // tenpai
            else:
                changes[seat] -= NOTEN_TOTAL // (SEATS - tenpai)
    return None


def _settle_nagashi(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> None:
    """流し満貫: each such player is paid a mangan as if self-drawn, without counters; it
    takes the place of the tenpai payments, and the sticks stay on the table."""
    for player in result.nagashi:
        from_dealer, from_other = tsumo_payments(NAGASHI_VALUE, player == table.dealer, rules)
        for seat in range(SEATS):
            if seat != player:
                amount = from_dealer if seat == table.dealer else from_other
                changes[seat] -= amount
                changes[player] += amount


def _settle_abortive(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> int | None:
    """途中流局: nobody pays; sticks declared stay on the table."""
    return None


def _settle_chombo(
    result: HandResult, table: Table, rules: RiichiRules, changes: list[int]
) -> int | None:
    assert result.offender is not None
    if rules.chombo is ChomboPenalty.MANGAN:
        for seat in range(SEATS):
            if seat != result.offender:
                dealer_side = table.dealer in (seat, result.offender)
                amount = 4000 if dealer_side else 2000
                changes[seat] += amount
                changes[result.offender] -= amount
    return None


_SETTLERS = {
    Outcome.RON: _settle_ron,
    Outcome.TSUMO: _settle_tsumo,
    Outcome.DRAW: _settle_draw,
    Outcome.CHOMBO: _settle_chombo,
    Outcome.ABORTIVE: _settle_abortive,
}
