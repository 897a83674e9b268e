"""Writing many hands and their scores at once: COPY on PostgreSQL, bulk_create elsewhere.

A file import adds up to hundreds of thousands of hands; creating them one by one, or even
as model instances, costs minutes. The caller scores every hand through its family first:
this module only stores those results, inside the caller's transaction.
"""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone
from django_tasks import task

from games.importing import copy_text
from games.importing.copy_text import copy_lines
from games.importing.progress import WRITING, Tell, silent
from games.models import Hand, Score, Session
from games.rows import (
    SCORE_COLUMNS,
    insert_prepared_rows,
    prepared,
    preparers,
    result_values,
    score_rows,
)
from games.totals import PLACE, session_totals_refresh, summed
from scoring.families import SeatResult

# After this many new hands the tables are vacuumed and analysed once committed: otherwise
# the planner, still counting the rows from before, picks a slow plan for the standings and
# the session lists,
# and the first reader of each new row pays for marking it visible.
ANALYZE_AFTER = 10_000
TELL_EVERY = 1000  # hands between progress reports

HAND_COLUMNS = (
    "id",
    "session_id",
    "club_id",
    "number",
    "rule_set_version_id",
    "input",
    "source",
    "client_id",
    "version",
    "recorded_by_id",
    "recorded_at",
    "updated_by_id",
    "updated_at",
    "record",
)
CLIENT_ID = HAND_COLUMNS.index("client_id")
PLACED = SCORE_COLUMNS.index("played_on") + 1  # a score row's columns up to its results


@dataclass(frozen=True)
class ScoredGame:
    """A game's stored input and each seat's result, exactly as the family's engine says."""

    hand_input: dict[str, Any]
    results: list[SeatResult]

    @cached_property
    def input_json(self) -> str:
        return json.dumps(self.hand_input)


# (session, hand number, client id, the scored game)
NewHand = tuple[Session, int, uuid.UUID, ScoredGame]
# session id -> seat position -> player id
SeatPlayers = Mapping[int, Mapping[int, int]]


def write_hands(
    hands: Sequence[NewHand],
    seats: SeatPlayers,
    by_id: int | None,
    progress: Tell | None = None,
    *,
    fresh: Collection[int] = (),
) -> None:
    """Store ``hands`` (typed input, version 1), one score per seat of each, and their
    sessions' kept totals; the caller holds the transaction and the sessions' locks.
    ``progress`` hears how many hands are written as the writing goes. The ``fresh``
    sessions had no hands before: their totals are summed here, not read back.

    PostgreSQL takes the rows by COPY; SQLite by one prepared INSERT run over every row
    (the ORM's model instances cost ten times what SQLite does), their values prepared as
    the ORM prepares them, each repeated one once."""
    if not hands:
        return
    tell = progress or silent
    ids = _reserve_ids(len(hands))
    if connection.vendor == "postgresql":
        copy_lines(Hand._meta.db_table, HAND_COLUMNS, hand_lines(ids, hands, by_id, tell))
        copy_lines(Score._meta.db_table, SCORE_COLUMNS, score_lines(ids, hands, seats, tell))
    else:
        insert_prepared_rows(Hand, HAND_COLUMNS, prepared_hand_rows(ids, hands, by_id, tell))
        insert_prepared_rows(Score, SCORE_COLUMNS, prepared_score_rows(ids, hands, seats, tell))
    if connection.vendor == "postgresql" and len(hands) >= ANALYZE_AFTER:
        # The statistics the planner needs, by a job (queued in this transaction, so a
        # worker runs it once the hands are committed).
        analyse_hand_tables.enqueue()
    if connection.vendor == "postgresql":
        # The rows' deferred foreign-key checks, now rather than at commit: the totals
        # below raise the season's standings version, and its row stays locked from then
        # until commit, where hand writes in the season would wait for the checks.
        connection.check_constraints()
    known = fresh_totals(hands, seats, set(fresh))
    session_totals_refresh(session_ids={session.pk for session, _, _, _ in hands}, known=known)


def fresh_totals(
    hands: Sequence[NewHand], seats: SeatPlayers, fresh: set[int]
) -> list[dict[str, Any]]:
    """The kept totals of the ``fresh`` sessions, summed from ``hands``: identical games
    share one scored game, so each is summed once with how many hands had it."""
    games: dict[int, dict[int, list[Any]]] = defaultdict(dict)
    sessions: dict[int, Session] = {}
    for session, _, _, game in hands:
        if session.pk in fresh:
            sessions[session.pk] = session
            games[session.pk].setdefault(id(game), [game, 0])[1] += 1
    return [
        summed(
            _place(session, seat, seats[session.pk][seat]),
            ((game.results[seat], n) for game, n in counted),
        )
        for session in sessions.values()
        for counted in [list(games[session.pk].values())]
        for seat in range(len(counted[0][0].results))  # as score_rows numbers the seats
    ]


def _place(session: Session, seat: int, player_id: int) -> dict[str, Any]:
    """Where a seat's totals stand, named as the totals' ``PLACE`` names it."""
    values = (session.pk, seat, player_id, session.season_id, session.played_on)
    return dict(zip(PLACE, values, strict=True))


def _reserve_ids(count: int) -> list[int]:
    """Ids for ``count`` new hands, so that their scores can name them before they exist."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence('games_hand', 'id')) "
                "FROM generate_series(1, %s)",
                [count],
            )
            return [row[0] for row in cursor.fetchall()]
        # SQLite: the transaction holds the write lock, and AUTOINCREMENT never hands out an
        # id used before (sqlite_sequence keeps the largest), nor will after these.
        cursor.execute(
            "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'games_hand'), 0),"
            " COALESCE((SELECT MAX(id) FROM games_hand), 0))"
        )
        first = cursor.fetchone()[0] + 1
        return list(range(first, first + count))


def _hand_rows(
    ids: list[int], hands: Sequence[NewHand], by_id: int | None, tell: Tell
) -> Iterator[tuple[Any, ...]]:
    """One row per hand, in ``HAND_COLUMNS`` order; the first half of the writing."""
    now, typed, version = timezone.now(), Hand.Source.TYPED, 1
    for done, (hand_id, (session, number, client_id, game)) in enumerate(
        zip(ids, hands, strict=True)
    ):
        if done % TELL_EVERY == 0:
            tell(WRITING, done // 2, len(hands))
        pinned = session.rule_set_version_id
        where = (hand_id, session.pk, session.club_id, number, pinned)
        yield (*where, game.input_json, typed, client_id, version, by_id, now, by_id, now, "")


def _score_rows(
    ids: list[int], hands: Sequence[NewHand], seats: SeatPlayers, tell: Tell
) -> Iterator[tuple[Any, ...]]:
    """One row per seat of each hand, in ``SCORE_COLUMNS`` order; the second half."""
    for done, (hand_id, (session, _, _, game)) in enumerate(zip(ids, hands, strict=True)):
        if done % TELL_EVERY == 0:
            tell(WRITING, (len(hands) + done) // 2, len(hands))
        yield from score_rows(hand_id, session, seats[session.pk], game.results)


def hand_lines(
    ids: list[int], hands: Sequence[NewHand], by_id: int | None, tell: Tell
) -> Iterator[str]:
    """The rows of :func:`_hand_rows` as COPY text lines, each game's input escaped once."""
    now, typed, version = timezone.now(), Hand.Source.TYPED, 1
    inputs: dict[int, str] = {}
    tail = "\t" + copy_text.fields((version, by_id, now, by_id, now, "")) + "\n"
    for done, (hand_id, (session, number, client_id, game)) in enumerate(
        zip(ids, hands, strict=True)
    ):
        if done % TELL_EVERY == 0:
            tell(WRITING, done // 2, len(hands))
        text = inputs.get(id(game))
        if text is None:
            text = inputs[id(game)] = copy_text.fields((game.input_json, typed))
        pinned = session.rule_set_version_id
        where = f"{session.pk}\t{session.club_id}\t{number}\t{pinned}"
        yield f"{hand_id}\t{where}\t{text}\t{client_id}{tail}"


def score_lines(
    ids: list[int], hands: Sequence[NewHand], seats: SeatPlayers, tell: Tell
) -> Iterator[str]:
    """The rows of :func:`_score_rows` as COPY text lines: each session's part and each
    scored game's results are formatted once."""
    places: dict[int, dict[int, str]] = {}
    results: dict[int, list[str]] = {}
    for done, (hand_id, (session, _, _, game)) in enumerate(zip(ids, hands, strict=True)):
        if done % TELL_EVERY == 0:
            tell(WRITING, (len(hands) + done) // 2, len(hands))
        place = places.get(session.pk)
        if place is None:
            place = places[session.pk] = _place_texts(session, seats[session.pk])
        result = results.get(id(game))
        if result is None:
            result = results[id(game)] = [
                copy_text.fields(result_values(outcome)) + "\n" for outcome in game.results
            ]
        for seat, text in enumerate(result):
            yield f"{hand_id}\t{place[seat]}\t{text}"


def prepared_hand_rows(
    ids: list[int], hands: Sequence[NewHand], by_id: int | None, tell: Tell
) -> Iterator[tuple[Any, ...]]:
    """The rows of :func:`_hand_rows` as :func:`insert_rows` prepares them: the columns
    after the client id are the same in every row, so they are prepared once."""
    prepare = preparers(Hand, HAND_COLUMNS, connections[DEFAULT_DB_ALIAS])
    head, prepare_client_id = prepare[:CLIENT_ID], prepare[CLIENT_ID]
    now, typed, version = timezone.now(), Hand.Source.TYPED, 1
    tail = tuple(prepared(prepare[CLIENT_ID + 1 :], (version, by_id, now, by_id, now, "")))
    for done, (hand_id, (session, number, client_id, game)) in enumerate(
        zip(ids, hands, strict=True)
    ):
        if done % TELL_EVERY == 0:
            tell(WRITING, done // 2, len(hands))
        pinned = session.rule_set_version_id
        row = (hand_id, session.pk, session.club_id, number, pinned, game.input_json, typed)
        yield (*_prepared_if(head, row), prepare_client_id(client_id), *tail)


def prepared_score_rows(
    ids: list[int], hands: Sequence[NewHand], seats: SeatPlayers, tell: Tell
) -> Iterator[tuple[Any, ...]]:
    """The rows of :func:`_score_rows` as :func:`insert_rows` prepares them: each session's
    part and each scored game's results are prepared once (as :func:`score_lines` formats
    them once)."""
    prepare = preparers(Score, SCORE_COLUMNS, connections[DEFAULT_DB_ALIAS])
    prepare_hand = prepare[:1]  # a row: its hand, where the seat stands (to PLACED), results
    places: dict[int, list[tuple[Any, ...]]] = {}
    results: dict[int, list[tuple[Any, ...]]] = {}
    for done, (hand_id, (session, _, _, game)) in enumerate(zip(ids, hands, strict=True)):
        if done % TELL_EVERY == 0:
            tell(WRITING, (len(hands) + done) // 2, len(hands))
        place = places.get(session.pk)
        if place is None:
            rows = score_rows(hand_id, session, seats[session.pk], game.results)
            place = places[session.pk] = [
                tuple(prepared(prepare[1:PLACED], row[1:PLACED])) for row in rows
            ]
        result = results.get(id(game))
        if result is None:
            result = results[id(game)] = [
                tuple(prepared(prepare[PLACED:], result_values(outcome)))
                for outcome in game.results
            ]
        (hand,) = _prepared_if(prepare_hand, (hand_id,))
        for seat, values in enumerate(result):
            yield (hand, *place[seat], *values)


def _prepared_if(prepare: list[Any], values: tuple[Any, ...]) -> Sequence[Any]:
    """``values`` prepared, or as they are when none of their columns needs preparing."""
    return prepared(prepare, values) if any(prepare) else values


def _place_texts(session: Session, seats: Mapping[int, int]) -> dict[int, str]:
    """Per seat, the fields of a score row after its hand: the seat to the date."""
    where = (session.pk, session.season_id, session.played_on)
    return {seat: copy_text.fields((seat, player, *where)) for seat, player in seats.items()}


@task()
def analyse_hand_tables() -> str:
    """Refresh PostgreSQL's statistics of the hand tables after a large import (a job:
    VACUUM cannot run inside the import's transaction, nor should the upload wait for it)."""
    analyze_tables()
    return "analysed"


def analyze_tables() -> None:
    """Vacuum (in a transaction: only analyse) the tables an import fills, on PostgreSQL."""
    command = "ANALYZE" if connection.in_atomic_block else "VACUUM (ANALYZE)"
    with connection.cursor() as cursor:
        # The sessions too: their lists' keyset indexes are chosen only when the planner
        # knows how many a season has.
        # And the small tables the player's lists join to find a family: autovacuum never
        # analyses a table of fewer than 50 rows, and without statistics the planner
        # guesses hundreds of rule-set versions and walks the lists from the sessions.
        tables = (
            "games_session, games_seat, games_hand, games_score, games_sessionseattotal, "
            "games_season, games_ruleset, games_rulesetversion"
        )
        cursor.execute(f"{command} {tables}")
