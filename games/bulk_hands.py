"""Writing many hands and their scores at once: COPY on PostgreSQL, bulk_create elsewhere.

A file import adds up to hundreds of thousands of hands; creating them one by one, or even
as model instances, costs minutes. The caller scores every hand through its family first:
this module only stores those results, inside the caller's transaction.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from operator import attrgetter
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_tasks import task

from games.models import Hand, Score, Session
from games.progress import WRITING, Tell
from games.totals import session_totals_refresh
from scoring.families import SeatResult

BATCH = 2000  # rows per bulk_create query where COPY is not available
# After this many new hands the tables are vacuumed and analysed once committed: otherwise
# the planner, still counting the rows from before, picks a slow plan for the standings,
# and the first reader of each new row pays for marking it visible.
ANALYZE_AFTER = 10_000
TELL_EVERY = 1000  # hands between progress reports

HAND_COLUMNS = (
    "id",
    "session_id",
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
# A score row is where it stands, then every field of the family's SeatResult as it is.
RESULT_FIELDS = tuple(f.name for f in fields(SeatResult))
result_values = attrgetter(*RESULT_FIELDS)  # a SeatResult's values in that order
SCORE_COLUMNS = (
    "hand_id",
    "seat",
    "player_id",
    "session_id",
    "season_id",
    "played_on",
    *RESULT_FIELDS,
)


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
) -> None:
    """Store ``hands`` (typed input, version 1), one score per seat of each, and their
    sessions' kept totals; the caller holds the transaction and the sessions' locks.
    ``progress`` hears how many hands are written as the writing goes."""
    if not hands:
        return
    tell = progress or _silent
    if connection.vendor == "postgresql":
        _copy(hands, seats, by_id, tell)
        if len(hands) >= ANALYZE_AFTER:
            # The statistics the planner needs, by a job (queued in this transaction, so a
            # worker runs it once the hands are committed).
            analyse_hand_tables.enqueue()
    else:
        for start in range(0, len(hands), BATCH):
            _bulk_create(hands[start : start + BATCH], seats, by_id)
            tell(WRITING, min(start + BATCH, len(hands)), len(hands))
    session_totals_refresh(session_ids={session.pk for session, _, _, _ in hands})


def _silent(stage: str, done: int, total: int) -> None:
    """No one is listening for progress."""


@task()
def analyse_hand_tables() -> str:
    """Refresh PostgreSQL's statistics of the hand tables after a large import (a job:
    VACUUM cannot run inside the import's transaction, nor should the upload wait for it)."""
    command = "ANALYZE" if connection.in_atomic_block else "VACUUM (ANALYZE)"
    with connection.cursor() as cursor:
        cursor.execute(f"{command} games_hand, games_score, games_sessionseattotal")
    return command


def _score_values(
    hand_id: int, session: Session, seats: Mapping[int, int], game: ScoredGame
) -> Iterator[tuple[Any, ...]]:
    """One score row per seat, in ``SCORE_COLUMNS`` order."""
    for seat, result in enumerate(game.results):
        place = (hand_id, seat, seats[seat], session.pk, session.season_id, session.played_on)
        yield (*place, *result_values(result))


def _copy(hands: Sequence[NewHand], seats: SeatPlayers, by_id: int | None, tell: Tell) -> None:
    now = timezone.now()
    with connection.cursor() as cursor:
        # Ids are reserved first so that the scores can name their hands.
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence('games_hand', 'id')) "
            "FROM generate_series(1, %s)",
            [len(hands)],
        )
        ids = [row[0] for row in cursor.fetchall()]
        with cursor.copy(f"COPY games_hand ({', '.join(HAND_COLUMNS)}) FROM STDIN") as copy:
            typed, version = Hand.Source.TYPED, 1
            for done, (hand_id, (session, number, client_id, game)) in enumerate(
                zip(ids, hands, strict=True)
            ):
                if done % TELL_EVERY == 0:
                    tell(WRITING, done // 2, len(hands))
                pinned = session.rule_set_version_id
                row = (hand_id, session.pk, number, pinned, game.input_json, typed, client_id)
                copy.write_row((*row, version, by_id, now, by_id, now, ""))
        with cursor.copy(f"COPY games_score ({', '.join(SCORE_COLUMNS)}) FROM STDIN") as copy:
            for done, (hand_id, (session, _, _, game)) in enumerate(zip(ids, hands, strict=True)):
                if done % TELL_EVERY == 0:
                    tell(WRITING, (len(hands) + done) // 2, len(hands))
                for row in _score_values(hand_id, session, seats[session.pk], game):
                    copy.write_row(row)


def _bulk_create(hands: Sequence[NewHand], seats: SeatPlayers, by_id: int | None) -> None:
    created = Hand.objects.bulk_create(
        Hand(
            session=session,
            number=number,
            rule_set_version_id=session.rule_set_version_id,
            input=game.hand_input,
            client_id=client_id,
            recorded_by_id=by_id,
            updated_by_id=by_id,
        )
        for session, number, client_id, game in hands
    )
    Score.objects.bulk_create(
        Score(**dict(zip(SCORE_COLUMNS, row, strict=True)))
        for hand, (session, _, _, game) in zip(created, hands, strict=True)
        for row in _score_values(hand.pk, session, seats[session.pk], game)
    )
