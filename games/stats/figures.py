"""The arithmetic of a player's statistics, over per-session rows: no database, no floats.

Every figure here is a function of a player's session rows (one per session played, as the
kept totals hold them), so the pages, the API and the tests share one definition.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar


@dataclass(frozen=True)
class SessionRow:
    """One session of the player: its kept totals."""

    session_id: int
    played_on: dt.date
    season: str
    hands: int
    wins: int
    deal_ins: int
    self_draws: int
    net: Decimal
    win_value: int | None = None
    best_win_value: int | None = None
    # How many wins had each value, keyed as JSON keeps them: {"3": 2, "5": 1}.
    win_values: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Rates:
    """Counts over every hand played, and the fractions of hands they are."""

    sessions: int
    hands: int
    wins: int
    deal_ins: int
    self_draws: int
    net: Decimal
    win_value: int
    best_win_value: int | None

    def _of_hands(self, count: int) -> Fraction | None:
        return Fraction(count, self.hands) if self.hands else None

    @property
    def win_fraction(self) -> Fraction | None:
        return self._of_hands(self.wins)

    @property
    def deal_in_fraction(self) -> Fraction | None:
        return self._of_hands(self.deal_ins)

    @property
    def self_draw_fraction(self) -> Fraction | None:
        return self._of_hands(self.self_draws)

    @property
    def average_win_value(self) -> Fraction | None:
        return Fraction(self.win_value, self.wins) if self.wins else None

    @property
    def net_per_hand(self) -> Fraction | None:
        return Fraction(self.net) / self.hands if self.hands else None


def rates(rows: Sequence[SessionRow]) -> Rates:
    """The player's totals over ``rows``."""
    best = [row.best_win_value for row in rows if row.best_win_value is not None]
    return Rates(
        sessions=len(rows),
        hands=sum(row.hands for row in rows),
        wins=sum(row.wins for row in rows),
        deal_ins=sum(row.deal_ins for row in rows),
        self_draws=sum(row.self_draws for row in rows),
        net=sum((row.net for row in rows), Decimal(0)),
        win_value=sum(row.win_value or 0 for row in rows),
        best_win_value=max(best, default=None),
    )


def win_value_counts(rows: Iterable[SessionRow]) -> dict[int, int]:
    """How many of the player's wins had each value, over the sessions."""
    counts: Counter[int] = Counter()
    for row in rows:
        counts.update({int(value): count for value, count in row.win_values.items()})
    return dict(sorted(counts.items()))


def largest_win_session(rows: Sequence[SessionRow]) -> SessionRow | None:
    """The (earliest) session of the player's largest winning value, if any win had one."""
    valued = [row for row in in_play_order(rows) if row.best_win_value is not None]
    return max(valued, key=lambda row: row.best_win_value or 0, default=None)


def in_play_order(rows: Iterable[SessionRow]) -> list[SessionRow]:
    return sorted(rows, key=lambda row: (row.played_on, row.session_id))


def net_over_time(rows: Sequence[SessionRow]) -> list[tuple[dt.date, Decimal]]:
    """The running net after each session, in play order."""
    running, points = Decimal(0), []
    for row in in_play_order(rows):
        running += row.net
        points.append((row.played_on, running))
    return points


CHART_POINTS = 240
T = TypeVar("T")


def thinned(points: Sequence[T], limit: int = CHART_POINTS) -> list[T]:
    """At most ``limit`` of ``points``, evenly spaced, keeping the first and the last: a
    chart's series stays bounded however long the history."""
    if len(points) <= limit:
        return list(points)
    if limit < 2:
        return list(points[-limit:]) if limit else []
    last = len(points) - 1
    return [points[round(i * last / (limit - 1))] for i in range(limit)]


def best_and_worst(rows: Sequence[SessionRow]) -> tuple[SessionRow | None, SessionRow | None]:
    """The sessions of highest and lowest net (the earlier one on a tie)."""
    ordered = in_play_order(rows)
    if not ordered:
        return None, None
    best = max(ordered, key=lambda row: row.net)
    worst = min(ordered, key=lambda row: row.net)
    return best, worst


@dataclass(frozen=True)
class Streaks:
    """Runs of consecutive sessions won (net above zero) and lost (below zero)."""

    longest_winning: int
    longest_losing: int
    # The run the player is on now: positive for sessions won, negative for sessions lost.
    current: int


def _sign(net: Decimal) -> int:
    return (net > 0) - (net < 0)


def streaks(rows: Sequence[SessionRow]) -> Streaks:
    """Streaks over the sessions in play order; a session that breaks even ends both."""
    longest = {1: 0, -1: 0}
    current = 0
    for row in in_play_order(rows):
        sign = _sign(row.net)
        same = sign != 0 and _sign(Decimal(current)) == sign
        current = current + sign if same else sign
        if sign:
            longest[sign] = max(longest[sign], abs(current))
    return Streaks(longest_winning=longest[1], longest_losing=longest[-1], current=current)


@dataclass(frozen=True)
class Bar:
    """One bar of a histogram: the values from ``low`` to ``high`` (inclusive), and how many."""

    low: int
    high: int
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


MAX_BARS = 12


def histogram(counts: Mapping[int, int], max_bars: int = MAX_BARS) -> list[Bar]:
    """Bars of the winning values: one per value while they are few, else equal ranges."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    width = max(1, -(-(high - low + 1) // max_bars))  # ceiling: at most max_bars bars
    bars = [Bar(start, start + width - 1, 0) for start in range(low, high + 1, width)]
    tallies = [0] * len(bars)
    for value, count in counts.items():
        tallies[(value - low) // width] += count
    return [Bar(bar.low, bar.high, tally) for bar, tally in zip(bars, tallies, strict=True)]


@dataclass(frozen=True)
class Seat:
    """One seat's result in a session: who, and their net."""

    player_id: int
    name: str
    net: Decimal


@dataclass(frozen=True)
class Opponent:
    """What the player and one opponent exchanged over the sessions they played together.

    In each shared session the pair exchanges (player's net − opponent's net) / seats: the
    same amount with the other sign from the opponent's side, so every pair nets to zero,
    and over a zero-sum session a player's exchanges with each opponent add up to their net.
    """

    player_id: int
    name: str
    sessions: int
    net: Fraction


def head_to_head(player_id: int, sessions: Iterable[Sequence[Seat]]) -> list[Opponent]:
    """The player's opponents, most sessions together first (then the most won from)."""
    # Per opponent and number of seats: the differences of nets (exact decimals), divided
    # once at the end, as a fraction (a third of a point has no exact decimal).
    differences: dict[int, dict[int, Decimal]] = {}
    together: Counter[int] = Counter()
    names: dict[int, str] = {}
    for seats in sessions:
        mine = next((seat.net for seat in seats if seat.player_id == player_id), None)
        if mine is None:
            continue
        for seat in seats:
            if seat.player_id != player_id:
                names[seat.player_id] = seat.name
                together[seat.player_id] += 1
                by_seats = differences.setdefault(seat.player_id, {})
                by_seats[len(seats)] = by_seats.get(len(seats), Decimal(0)) + mine - seat.net
    opponents = [
        Opponent(other, names[other], together[other], _exchanged(differences[other]))
        for other in together
    ]
    return sorted(opponents, key=lambda o: (-o.sessions, -o.net, o.name))


def _exchanged(by_seats: Mapping[int, Decimal]) -> Fraction:
    return sum((Fraction(total) / seats for seats, total in by_seats.items()), Fraction(0))
