"""Hand and score rows as the database takes them, written with one prepared INSERT run.

Recording a hand and importing a file both write score rows; this is the part they share:
the score row's columns, a result's values in that order, and the prepared INSERT (the
ORM's model instances cost ten times what SQLite does)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields
from functools import cache, partial
from itertools import islice
from operator import attrgetter
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

from games.models import Session
from scoring.families import SeatResult

BATCH = 5000  # rows per INSERT run where COPY is not available

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


def score_rows(
    hand_id: int, session: Session, seats: Mapping[int, int], results: Sequence[SeatResult]
) -> Iterator[tuple[Any, ...]]:
    """One score row per seat, in ``SCORE_COLUMNS`` order."""
    for seat, result in enumerate(results):
        place = (hand_id, seat, seats[seat], session.pk, session.season_id, session.played_on)
        yield (*place, *result_values(result))


# Fields whose values the database driver does not take as Python gives them (SQLite has no
# uuid, date or decimal type): each is prepared as the ORM prepares it.
PREPARED_FIELDS = (models.UUIDField, models.DateField, models.DecimalField)


def insert_rows(model: type[models.Model], columns: tuple[str, ...], rows: Iterable[Any]) -> None:
    """Insert ``rows`` (values in ``columns`` order) with one prepared statement run over
    each batch: one query, as the database and Django's query log count it."""
    prepare = preparers(model, columns, connections[DEFAULT_DB_ALIAS])
    insert_prepared_rows(model, columns, (prepared(prepare, row) for row in rows))


def insert_prepared_rows(
    model: type[models.Model], columns: tuple[str, ...], rows: Iterable[Sequence[Any]]
) -> None:
    """:func:`insert_rows` of rows whose values are already as the database takes them."""
    statement = (
        f"INSERT INTO {model._meta.db_table} ({', '.join(columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    with connection.cursor() as cursor:
        iterator = iter(rows)
        while batch := list(islice(iterator, BATCH)):
            cursor.executemany(statement, batch)


def preparers(
    model: type[models.Model], columns: tuple[str, ...], database: BaseDatabaseWrapper
) -> list[Any]:
    """For each column, how its values are prepared (None: as they are). Dates and amounts
    repeat from row to row, so each distinct one is prepared once."""
    by_column = {field.attname: field for field in model._meta.concrete_fields}
    found: list[Any] = []
    for column in columns:
        field = by_column[column]
        if not isinstance(field, PREPARED_FIELDS):
            found.append(None)
            continue
        prepare = partial(field.get_db_prep_save, connection=database)
        found.append(prepare if isinstance(field, models.UUIDField) else cache(prepare))
    return found


def prepared(prepare: list[Any], row: tuple[Any, ...]) -> list[Any]:
    return [value if how is None else how(value) for how, value in zip(prepare, row, strict=True)]
