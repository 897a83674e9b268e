"""PostgreSQL's COPY text format, written a line at a time.

psycopg's ``Copy.write_row`` adapts every value of every row: for the hundreds of thousands
of score rows of a large import that costs more than the database's own work. An import's
rows repeat most of their values (a session's ids and date, a scored game's results), so
the writer formats each repeated part once with :func:`fields` and joins the parts per row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from itertools import islice
from typing import Any

from django.db import connection

NULL = r"\N"
LINES_PER_WRITE = 5000
# COPY's text format: a backslash, and the characters that end a field or a row, are escaped.
ESCAPES = str.maketrans({"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"})


def field(value: Any) -> str:
    """One value as COPY's text format writes it."""
    if value is None:
        return NULL
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value).translate(ESCAPES)


def fields(values: Iterable[Any]) -> str:
    """Values as one run of COPY's text fields, separated by tabs."""
    return "\t".join(map(field, values))


def copy_lines(table: str, columns: Iterable[str], lines: Iterable[str]) -> None:
    """COPY ``lines`` (each ends with a newline, its fields in ``columns`` order) into
    ``table``, in large writes."""
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    iterator = iter(lines)
    # psycopg's copy is reached past Django's cursor: its errors are wrapped here, so that a
    # broken constraint is Django's IntegrityError, as for every other write.
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.copy(statement) as copy,
    ):
        while batch := "".join(islice(iterator, LINES_PER_WRITE)):
            copy.write(batch)
