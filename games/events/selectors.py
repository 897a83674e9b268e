"""Every read of an event: its rounds' seatings, a player's seat, the clock and the standings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max, Min, QuerySet

from games.events import seating
from games.events.clock import Clock
from games.events.models import Event, Round, RoundBye, RoundTable
from games.models import Penalty, Seat, Session, SessionSeatTotal
from games.selectors import StandingRow, penalties_listed, standings_of
from scoring.families import Family, get_family

WINDS = ("east", "south", "west", "north")


def event_list(*, club_id: int) -> QuerySet[Event]:
    return Event.objects.filter(club_id=club_id).select_related("season", "rule_set")


def round_seatings(*, event: Event) -> list[seating.RoundSeating[int]]:
    """The published rounds' tables (seats in wind order) and byes, by player id: two queries."""
    seats = Seat.objects.filter(session__event_table__round__event=event).order_by(
        "session__event_table__round__number", "session__event_table__number", "position"
    )
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table, player_id in seats.values_list(
        "session__event_table__round__number", "session__event_table__number", "player_id"
    ):
        tables.setdefault(number, {}).setdefault(table, []).append(player_id)
    byes: dict[int, list[int]] = {}
    for number, player_id in RoundBye.objects.filter(round__event=event).values_list(
        "round__number", "player_id"
    ):
        byes.setdefault(number, []).append(player_id)
    return [
        seating.RoundSeating(
            tables=tuple(seating.Table(tuple(seats)) for seats in tables.get(number, {}).values()),
            byes=tuple(byes.get(number, ())),
        )
        for number in range(1, event.current_round + 1)
    ]


def round_current(*, event: Event) -> Round | None:
    return event.round_set.filter(number=event.current_round).first()


def round_clock(*, round: Round) -> Clock:
    event = round.event
    return Clock(
        minutes=event.round_minutes,
        warning_minutes=event.warning_minutes,
        extra_minutes=round.extra_minutes,
        started_at=round.started_at,
        paused_at=round.paused_at,
        run_seconds=round.run_seconds,
    )


@dataclass(frozen=True)
class SeatAt:
    """One seat of a published table."""

    name: str
    wind: str
    player_id: int


@dataclass(frozen=True)
class TableAt:
    number: int
    session: Session
    seats: tuple[SeatAt, ...]

    @property
    def finished(self) -> bool:
        return not self.session.is_open


def round_tables(*, round: Round) -> list[TableAt]:
    """The round's tables with their seats, in two queries whatever their number."""
    tables = list(round.tables.select_related("session").order_by("number"))
    seats: dict[int, list[SeatAt]] = {}
    rows = Seat.objects.filter(session__event_table__round=round).order_by("position")
    for session_id, position, name, player_id in rows.values_list(
        "session_id", "position", "player__name", "player_id"
    ):
        seats.setdefault(session_id, []).append(SeatAt(name, WINDS[position], player_id))
    return [
        TableAt(table.number, table.session, tuple(seats.get(table.session_id, ())))
        for table in tables
    ]


def round_byes(*, round: Round) -> list[str]:
    return list(round.byes.order_by("player__name").values_list("player__name", flat=True))


@dataclass(frozen=True)
class MySeat:
    """Where a signed-in player sits in the current round."""

    round: Round
    table: int
    wind: str
    session: Session


def my_seat(*, event: Event, user: User | AnonymousUser) -> MySeat | None:
    """The signed-in user's seat in the event's current round, if they play in it."""
    if not isinstance(user, User):
        return None
    seat = (
        Seat.objects.filter(
            session__event_table__round__event=event,
            session__event_table__round__number=event.current_round,
            player__user=user,
        )
        .select_related("session__event_table__round__event")
        .first()
    )
    if seat is None:
        return None
    table: RoundTable = seat.session.event_table
    return MySeat(table.round, table.number, WINDS[seat.position], seat.session)


def my_seats(*, user: User) -> list[MySeat]:
    """The user's seats in the current round of every event still being played."""
    seats = Seat.objects.filter(player__user=user, session__status=Session.Status.OPEN).filter(
        session__event_table__round__state__in=(Round.State.SEATED, Round.State.PLAYING)
    )
    found = []
    for seat in seats.select_related("session__event_table__round__event__club"):
        table = seat.session.event_table
        found.append(MySeat(table.round, table.number, WINDS[seat.position], seat.session))
    return found


def counted_totals(*, event: Event) -> QuerySet[SessionSeatTotal]:
    """The kept totals the standings count: every table of the event, or, when the organiser
    withholds results, only the tables of rounds whose every table has finished."""
    totals = SessionSeatTotal.objects.filter(session__event_table__round__event=event)
    if event.withhold_results:
        unfinished = Round.objects.filter(
            event=event, tables__session__status=Session.Status.OPEN
        ).values("pk")
        totals = totals.exclude(session__event_table__round__in=unfinished)
    return totals


def event_penalties(*, event: Event) -> QuerySet[Penalty]:
    """The live penalties of the event's tables, as a season's are listed, with each one's
    round and table (one query)."""
    penalties = Penalty.objects.filter(session__event_table__round__event=event)
    return penalties_listed(penalties).select_related("session__event_table__round")


def event_standings(*, event: Event) -> list[StandingRow]:
    """The event's standings in its family's own terms and order, with the organiser's
    tie-break: a fixed number of queries whatever the number of rounds and players."""
    family = get_family(event.rule_set.family)
    totals = counted_totals(event=event)
    rows = standings_of(totals=totals, family=family)
    return standings_ordered(rows=rows, family=family, best=tie_break_values(event, totals))


def tie_break_values(event: Event, totals: QuerySet[SessionSeatTotal]) -> dict[int, Decimal]:
    """What the organiser's tie-break compares, per player, the larger the better: the best
    game's net, the games won (the highest net at its table; a tie counts for each), or the
    worst game's net; nothing for the family's own order."""
    if event.tie_break == Event.TieBreak.BEST_SESSION:
        values = totals.values("player_id").annotate(value=Max("net"))
    elif event.tie_break == Event.TieBreak.BEST_WORST:
        values = totals.values("player_id").annotate(value=Min("net"))
    elif event.tie_break == Event.TieBreak.MOST_FIRSTS:
        return _games_won(totals)
    else:
        return {}
    return dict(values.values_list("player_id", "value"))


def _games_won(totals: QuerySet[SessionSeatTotal]) -> dict[int, Decimal]:
    """How many of its games each player ended with the table's highest net (a tie counts
    for each player in it)."""
    tables: dict[int, list[tuple[int, Decimal]]] = {}
    for session_id, player_id, net in totals.values_list("session_id", "player_id", "net"):
        tables.setdefault(session_id, []).append((player_id, net))
    won: dict[int, Decimal] = {}
    for seats in tables.values():
        top = max(net for _, net in seats)
        for player_id, net in seats:
            won[player_id] = won.get(player_id, Decimal(0)) + (net == top)
    return won


def standings_ordered(
    *, rows: list[StandingRow], family: Family, best: dict[int, Decimal]
) -> list[StandingRow]:
    """``rows`` in the family's event order; with ``best`` (each player's value of the
    tie-break, the larger the better), the larger value decides a tie before the name does."""

    def key(row: StandingRow) -> tuple[Any, ...]:
        # Every family's order ends with the name, the last resort.
        *order, name = family.event_standings_key(row)
        return (*order, -best.get(row.player_id, 0), name)

    return sorted(rows, key=key)
