"""Payments between players after a hand: the five methods, East doubling, the cannon (§5).

The result is the payments matrix of §5.2: ``matrix[i][j]`` is what player ``i`` received
from player ``j`` (negative when ``i`` paid), antisymmetric, rows summing to the net change.

>>> from fractions import Fraction
>>> scores = [Fraction(s) for s in (104, 64, 24, 4)]
>>> net(settle(scores, winner=0, east=1, method=PaymentMethod(3)))
(Fraction(416, 1), Fraction(-8, 1), Fraction(-164, 1), Fraction(-244, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.engine.classical.model import PaymentMethod
from scoring.engine.errors import HandError

Matrix = tuple[tuple[Fraction, ...], ...]


def settle(
    scores: Sequence[Fraction],
    *,
    winner: int | None,
    east: int,
    method: PaymentMethod,
    discarder: int | None = None,
    cannon: bool = False,
) -> Matrix:
    """The payments matrix of one hand (all zero for a draw).

    ``discarder`` is who discarded the winning tile (``None``: drawn from the wall); with
    ``cannon`` that player pays the winner what every loser would have paid (M 90-96), the
    losers still settling their differences (reading A10).
    """
    size = len(scores)
    _check_seats(size, winner, east, discarder, cannon)
    paid = [[Fraction(0)] * size for _ in range(size)]
    if winner is None:
        return _freeze(paid)
    if method is PaymentMethod.DIFF_ALL_PLAYERS_EAST_DOUBLE:
        _differences(paid, scores, range(size), east, method)
    elif method is PaymentMethod.DISCARDER_PAYMENT:
        _winner_collects(paid, scores, winner, east, method)
        if discarder is not None:
            _move_to(paid, winner, discarder)
    else:
        _winner_collects(paid, scores, winner, east, method)
        if method is PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE:
            losers = [p for p in range(size) if p != winner]
            _differences(paid, scores, losers, east, method)
    if cannon and discarder is not None and method is not PaymentMethod.DISCARDER_PAYMENT:
        _move_to(paid, winner, discarder)
    return _freeze(paid)


def east_factor(a: int, b: int, east: int, method: PaymentMethod) -> int:
    """2 when either player is East and the method doubles East, else 1 (not capped)."""
    return 2 if method.east_double and east in (a, b) else 1


def _check_seats(
    size: int, winner: int | None, east: int, discarder: int | None, cannon: bool
) -> None:
    if not 2 <= size <= 4:
        raise HandError("a game has 2, 3 or 4 players, not {size}", size=size)
    for name, seat in (("winner", winner), ("east", east), ("discarder", discarder)):
        if seat is not None and not 0 <= seat < size:
            raise HandError(
                "the {field_name} must be one of the {seats} players at the table",
                field=name,
                field_name=name,
                seats=size,
            )
    if discarder is not None and discarder == winner:
        raise HandError(
            "the Mahjong player cannot have discarded the winning tile", field="discarder"
        )
    if cannon and discarder is None:
        raise HandError(
            "a cannon needs the player who discarded the winning tile", field="discarder"
        )
    if discarder is not None and winner is None:
        raise HandError("a draw has no discarder", field="discarder")


def _pay(paid: list[list[Fraction]], payer: int, payee: int, amount: Fraction) -> None:
    paid[payee][payer] += amount
    paid[payer][payee] -= amount


def _winner_collects(
    paid: list[list[Fraction]],
    scores: Sequence[Fraction],
    winner: int,
    east: int,
    method: PaymentMethod,
) -> None:
    for player in range(len(scores)):
        if player != winner:
            _pay(paid, player, winner, scores[winner] * east_factor(player, winner, east, method))


def _differences(
    paid: list[list[Fraction]],
    scores: Sequence[Fraction],
    players: Sequence[int],
    east: int,
    method: PaymentMethod,
) -> None:
    for n, a in enumerate(players):
        for b in players[n + 1 :]:
            low, high = (a, b) if scores[a] < scores[b] else (b, a)
            difference = scores[high] - scores[low]
            _pay(paid, low, high, difference * east_factor(a, b, east, method))


def _move_to(paid: list[list[Fraction]], winner: int, discarder: int) -> None:
    """The discarder alone pays the winner everything the others owed the winner."""
    for player in range(len(paid)):
        if player not in (winner, discarder):
            _pay(paid, discarder, winner, paid[winner][player])
            _pay(paid, winner, player, paid[winner][player])


def _freeze(paid: list[list[Fraction]]) -> Matrix:
    return tuple(tuple(row) for row in paid)


def net(matrix: Matrix) -> tuple[Fraction, ...]:
    """Each player's net change for the hand (the row sums; they total zero)."""
    return tuple(sum(row, Fraction(0)) for row in matrix)
