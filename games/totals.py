"""Kept per-seat session totals: their one definition over scores, their writer, their check.

Standings sum these rows (one per seat per session) instead of every score. Each hand write
rewrites its session's rows from the session's scores in the same transaction; the check
compares every kept row with the same recomputation. The migration that created the table
filled it with :func:`write_totals` too, so there is one definition of what a total is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Max, Model, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django_tasks import task

from games.models import Penalty, Score, Season, Seat, Session, SessionSeatTotal
from games.signals import session_totals_changed
from scoring.families import SeatResult
from scoring.penalties import shares

# Sessions per query: well under every database's limit of bound parameters, and few rows.
CHUNK = 500

# Where the totals stand: copied from the scores, the same for every score of a seat.
PLACE = ("session_id", "seat", "player_id", "season_id", "played_on")
# A seat's totals over a session's scores (a deleted hand has no scores).
FIGURES: dict[str, Any] = {
    "hands": Count("id"),
    "net": Sum("points"),
    "wins": Count("id", filter=Q(won=True)),
    "blames": Count("id", filter=Q(blamed=True)),
    "self_draws": Count("id", filter=Q(self_drawn=True)),
    "false_wins": Count("id", filter=Q(false_win=True)),
    "fries": Count("id", filter=Q(fried=True)),
    "deal_ins": Count("id", filter=Q(blamed=True, false_win=False)),
    "real_losses": Coalesce(Sum("real_loss"), 0),
    "win_value": Sum("hand_value", filter=Q(won=True)),
    "best_win_value": Max("hand_value", filter=Q(won=True)),
    "east_hands": Count("id", filter=Q(east_run__isnull=False)),
    "best_east_run": Max("east_run"),
    "declarations": Count("id", filter=Q(declared=True)),
}
# A score's result, as its family gave it: the columns :func:`summed` adds up.
RESULT = tuple(field.name for field in fields(SeatResult))
# How many of the seat's wins had each value, {"3": 2, "5": 1}: the histogram of winning
# values sums these (a second grouped query, as no portable SQL aggregate builds the object).
WIN_VALUES = "win_values"
# Each seat's change from the session's live penalties, summed apart from the hands' (a seat
# with a penalty and no hands has totals too, of no hands).
PENALTIES = "penalties"
COLUMNS = (*PLACE, *FIGURES, WIN_VALUES, PENALTIES)


def recomputed(
    scores: QuerySet[Any],
    figures: Iterable[str] = (*FIGURES, WIN_VALUES, PENALTIES),
    session_ids: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """Each session seat's totals over ``scores``, as dicts of ``PLACE`` and ``figures``;
    with ``PENALTIES``, the live penalties of ``session_ids`` (the scores' sessions) too."""
    names = list(figures)
    wanted = {name: FIGURES[name] for name in names if name in FIGURES}
    totals = list(scores.values(*PLACE).annotate(**wanted).order_by("session_id", "seat"))
    if WIN_VALUES in names:
        counts = win_value_counts(scores)
        for row in totals:
            row[WIN_VALUES] = counts.get((row["session_id"], row["seat"]), {})
    if PENALTIES in names:
        totals = with_penalties(totals, session_ids)
    return totals


def penalty_changes(session_ids: Sequence[int]) -> dict[tuple[int, int], Decimal]:
    """Each session seat's change from its session's live penalties (seats with none are
    left out): the engine shares each penalty among the session's seats."""
    penalties = Penalty.objects.filter(session_id__in=session_ids, deleted_at=None).order_by()
    rows = list(penalties.values_list("session_id", "player_id", "amount", "zero_sum"))
    if not rows:
        return {}
    seats: dict[int, dict[int, int]] = {}
    seated = Seat.objects.filter(session_id__in={row[0] for row in rows}).order_by()
    for session_id, position, player_id in seated.values_list(
        "session_id", "position", "player_id"
    ):
        seats.setdefault(session_id, {})[player_id] = position
    changes: dict[tuple[int, int], Decimal] = {}
    for session_id, player_id, amount, zero_sum in rows:
        table = seats[session_id]
        split = shares(amount, offender=table[player_id], seats=len(table), zero_sum=zero_sum)
        for seat, change in enumerate(split):
            if change:
                key = (session_id, seat)
                changes[key] = changes.get(key, Decimal(0)) + change
    return changes


def with_penalties(rows: list[dict[str, Any]], session_ids: Sequence[int]) -> list[dict[str, Any]]:
    """``rows`` (every seat's totals of these sessions over their scores) with each seat's
    penalties, and a row of no hands for a seat that has penalties but no scores."""
    changes = penalty_changes(session_ids)
    by_seat = {(row["session_id"], row["seat"]): row for row in rows}
    for row in rows:
        row[PENALTIES] = changes.get((row["session_id"], row["seat"]), Decimal(0))
    missing = [key for key in changes if key not in by_seat]
    if not missing:
        return rows
    seats = Seat.objects.filter(session_id__in={key[0] for key in missing}).order_by()
    places = seats.values_list(
        "session_id", "position", "player_id", "session__season_id", "session__played_on"
    )
    for place in places:
        key = (place[0], place[1])
        if key in changes and key not in by_seat:
            total = summed(dict(zip(PLACE, place, strict=True)), [])
            rows.append({**total, PENALTIES: changes[key]})
    return sorted(rows, key=lambda row: (row["session_id"], row["seat"]))


def summed(place: dict[str, Any], results: Iterable[tuple[SeatResult, int]]) -> dict[str, Any]:
    """One seat's totals, as :data:`FIGURES` and :data:`WIN_VALUES` define them, over scores
    still in memory: each result with how many hands had it. A large import sums its new
    sessions' totals so instead of reading back rows it has just written."""
    total: dict[str, Any] = dict.fromkeys(FIGURES, 0) | {"net": Decimal(0), WIN_VALUES: {}}
    total[PENALTIES] = Decimal(0)
    total |= {"win_value": None, "best_win_value": None, "best_east_run": None}
    for result, n in results:
        _add(total, result, n)
    return {**place, **total}


def _add(total: dict[str, Any], result: SeatResult, n: int) -> None:
    # Straight-line: a large import sums hundreds of thousands of results.
    total["hands"] += n
    total["net"] += result.points * n
    total["wins"] += result.won * n
    total["blames"] += result.blamed * n
    total["self_draws"] += result.self_drawn * n
    total["false_wins"] += result.false_win * n
    total["fries"] += result.fried * n
    total["deal_ins"] += (result.blamed and not result.false_win) * n
    total["real_losses"] += (result.real_loss or 0) * n
    total["declarations"] += result.declared * n
    if result.east_run is not None:
        total["east_hands"] += n
        total["best_east_run"] = _larger(total["best_east_run"], result.east_run)
    value = result.hand_value
    if result.won and value is not None:
        total["win_value"] = (total["win_value"] or 0) + value * n
        total["best_win_value"] = _larger(total["best_win_value"], value)
        total[WIN_VALUES][str(value)] = total[WIN_VALUES].get(str(value), 0) + n


def _larger(kept: int | None, value: int) -> int:
    return value if kept is None else max(kept, value)


def sessions_summed(session_ids: Sequence[int]) -> list[dict[str, Any]]:
    """These sessions' totals summed in Python over their scores' rows: the same figures as
    :func:`recomputed` (a property test holds them equal), read with one plain query instead
    of two aggregate ones, which is what a hand write pays for."""
    rows = Score.objects.filter(session_id__in=session_ids).order_by()
    seats: dict[tuple[Any, ...], list[tuple[SeatResult, int]]] = {}
    for row in rows.values_list(*PLACE, *RESULT):
        seats.setdefault(row[: len(PLACE)], []).append((SeatResult(*row[len(PLACE) :]), 1))
    totals = [summed(dict(zip(PLACE, place, strict=True)), seats[place]) for place in sorted(seats)]
    return with_penalties(totals, session_ids)


def win_value_counts(scores: QuerySet[Any]) -> dict[tuple[int, int], dict[str, int]]:
    """Per session seat, how many of its wins had each value (keys as JSON keeps them)."""
    wins = scores.filter(won=True, hand_value__isnull=False)
    rows = wins.values("session_id", "seat", "hand_value").annotate(n=Count("id")).order_by()
    counts: dict[tuple[int, int], dict[str, int]] = {}
    for row in rows:
        counts.setdefault((row["session_id"], row["seat"]), {})[str(row["hand_value"])] = row["n"]
    return counts


def chunks(ids: Iterable[int]) -> Iterator[list[int]]:
    ordered = sorted(set(ids))
    for start in range(0, len(ordered), CHUNK):
        yield ordered[start : start + CHUNK]


def write_totals(
    total_model: type[Model], score_model: type[Model], session_ids: Iterable[int]
) -> None:
    """Replace the kept totals of these sessions with a recomputation from their scores.

    Takes the models so that a migration can run it on its historical ones, which fill
    the figures their model has at that point.
    """
    fields = {field.name for field in total_model._meta.get_fields()}
    figures = [name for name in (*FIGURES, WIN_VALUES, PENALTIES) if name in fields]
    for chunk in chunks(session_ids):
        total_model._default_manager.filter(session_id__in=chunk).delete()
        scores = score_model._default_manager.filter(session_id__in=chunk)
        rows = recomputed(scores, figures, chunk)
        total_model._default_manager.bulk_create(total_model(**row) for row in rows)


def session_totals_refresh(
    *, session_ids: Iterable[int], known: Sequence[dict[str, Any]] = ()
) -> None:
    """Rewrite these sessions' kept totals and raise their seasons' standings versions; call
    it inside the transaction that wrote their scores, with the sessions locked, so that the
    totals commit (or not) with the scores. ``known`` are totals the caller has summed
    (:func:`summed`) over every score of their sessions; the rest are recomputed."""
    ids = set(session_ids)
    if not ids:
        return
    given = {row["session_id"] for row in known}
    rows = [*known, *(row for chunk in chunks(ids - given) for row in sessions_summed(chunk))]
    for chunk in chunks(ids):
        SessionSeatTotal.objects.filter(session_id__in=chunk).delete()
    SessionSeatTotal.objects.bulk_create(SessionSeatTotal(**row) for row in rows)
    seasons = Session.objects.filter(pk__in=ids).values("season_id")
    season_standings_changed(seasons=Season.objects.filter(pk__in=seasons))
    # What follows the totals (ratings, in play order) is the satellites' to mark, in this
    # transaction: a job, once the write commits.
    session_totals_changed.send(sender=SessionSeatTotal, session_ids=ids)


def season_standings_changed(*, seasons: QuerySet[Season]) -> None:
    """Give these seasons' standings a new version (so their ETags and cache keys change).

    Done last in a write's transaction: the season's row stays locked only until it commits.
    """
    seasons.update(standings_version=F("standings_version") + 1)


@dataclass(frozen=True)
class TotalsDifference:
    """One session seat whose kept totals are not what its scores add up to."""

    session_id: int
    seat: int
    kept: dict[str, Any] | None
    expected: dict[str, Any] | None

    def __str__(self) -> str:
        where = f"session {self.session_id}, seat {self.seat + 1}"
        if self.kept is None:
            return f"{where}: no kept totals, but it has scores"
        if self.expected is None:
            return f"{where}: kept totals, but it has no scores"
        changes = [
            f"{name} kept {self.kept[name]}, recomputed {self.expected[name]}"
            for name in COLUMNS
            if self.kept[name] != self.expected[name]
        ]
        return f"{where}: " + "; ".join(changes)


def totals_differences(*, session_ids: Sequence[int]) -> list[TotalsDifference]:
    """The seats of these sessions whose kept totals differ from their scores' (a few
    hundred sessions at a time: read under their locks, so a hand write cannot fall between
    the two reads)."""
    kept_rows = SessionSeatTotal.objects.filter(session_id__in=session_ids)
    kept = _by_seat(kept_rows.values(*COLUMNS))
    scores = Score.objects.filter(session_id__in=session_ids)
    expected = _by_seat(recomputed(scores, session_ids=session_ids))
    return [
        TotalsDifference(key[0], key[1], kept.get(key), expected.get(key))
        for key in sorted(kept.keys() | expected.keys())
        if kept.get(key) != expected.get(key)
    ]


@dataclass(frozen=True)
class CopyDifference:
    """A score whose copy of its hand's session, season, date or seat's player is wrong."""

    session_id: int
    hand_id: int
    seat: int
    column: str
    kept: Any
    source: Any

    def __str__(self) -> str:
        return (
            f"hand {self.hand_id}, seat {self.seat + 1}: its score's {self.column} is "
            f"{self.kept}, its hand's is {self.source}"
        )


# A score's copied columns, which have no foreign key of their own.
COPIED = ("session_id", "season_id", "played_on", "player_id")


def _sources() -> dict[str, Any]:
    """Where each copied column of a score is copied from."""
    seat = Seat.objects.filter(session=OuterRef("hand__session_id"), position=OuterRef("seat"))
    return {
        "source_session_id": F("hand__session_id"),
        "source_season_id": F("hand__session__season_id"),
        "source_played_on": F("hand__session__played_on"),
        "source_player_id": Subquery(seat.order_by().values("player_id")[:1]),
    }


def copies_differences(*, session_ids: Sequence[int]) -> list[CopyDifference]:
    """The scores of these sessions' hands whose copied columns differ from their sources."""
    sources = _sources()
    differs = Q()
    for column in COPIED:
        differs |= ~Q(**{column: F(f"source_{column}")}) | Q(**{f"source_{column}__isnull": True})
    scores = (
        Score.objects.filter(hand__session_id__in=session_ids)
        .annotate(**sources)
        .filter(differs)
        .order_by("hand_id", "seat")
        .values("hand__session_id", "hand_id", "seat", *COPIED, *sources)
    )
    return [
        CopyDifference(
            row["hand__session_id"], row["hand_id"], row["seat"], column, row[column], source
        )
        for row in scores
        for column in COPIED
        if row[column] != (source := row[f"source_{column}"])
    ]


def copies_rewrite(differences: Iterable[CopyDifference]) -> None:
    """Set each differing copy to its source's value."""
    for difference in differences:
        Score.objects.filter(hand_id=difference.hand_id, seat=difference.seat).update(
            **{difference.column: difference.source}
        )


def _by_seat(rows: Iterable[dict[str, Any]]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(row["session_id"], row["seat"]): row for row in rows}


def totals_check(
    *, sessions: QuerySet[Session], rebuild: bool = False
) -> Iterator[TotalsDifference | CopyDifference]:
    """Every score of ``sessions`` whose copied columns differ from their sources, then
    every difference between their kept totals and their scores; with ``rebuild``, each is
    rewritten in the same transaction (the copies first: the totals are summed by them)."""
    for chunk in chunks(sessions.values_list("pk", flat=True)):
        with transaction.atomic():
            # Hand writes lock their session first: holding the locks, the reads agree.
            list(
                Session.objects.select_for_update(no_key=True)
                .filter(pk__in=chunk)
                .values_list("pk")
            )
            copies = copies_differences(session_ids=chunk)
            if rebuild:
                copies_rewrite(copies)
            differences = totals_differences(session_ids=chunk)
            if rebuild:
                changed = {d.session_id for d in differences} | {d.session_id for d in copies}
                session_totals_refresh(session_ids=changed)
        yield from copies
        yield from differences


@task()
def totals_rebuild(club_id: int | None = None) -> int:
    """Rebuild the kept totals that differ from their scores (of one club, or all), as a
    job: on a large database the check reads every score. Returns how many were rewritten."""
    sessions = Session.objects.all() if club_id is None else Session.objects.filter(club=club_id)
    return sum(1 for _ in totals_check(sessions=sessions, rebuild=True))
