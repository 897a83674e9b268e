"""The bulk writer names every column a new hand or score needs.

COPY bypasses the model: a column left out gets the database's default, and Django's
``default=`` is not one. A field added to the model but not to the column lists fails
every PostgreSQL import, which the SQLite run would never show.
"""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, models

from games.importing import bulk_hands, copy_text
from games.importing.progress import silent
from games.models import Hand, Score, Session
from games.rows import prepared, preparers
from scoring.families import SeatResult


def _required_columns(model: type[models.Model]) -> set[str]:
    return {
        field.column
        for field in model._meta.concrete_fields
        if not field.null and not field.primary_key and field.db_default is models.NOT_PROVIDED
    }


@pytest.mark.parametrize(
    ("model", "columns"),
    [(Hand, bulk_hands.HAND_COLUMNS), (Score, bulk_hands.SCORE_COLUMNS)],
)
def test_every_required_column_is_written(model: type[models.Model], columns: tuple[str, ...]):
    missing = _required_columns(model) - set(columns)
    assert not missing, f"{model.__name__} columns missing from the bulk writer: {missing}"


def test_every_written_column_exists():
    for model, columns in [(Hand, bulk_hands.HAND_COLUMNS), (Score, bulk_hands.SCORE_COLUMNS)]:
        known = {field.column for field in model._meta.concrete_fields}
        assert set(columns) <= known


# --- COPY's text lines ----------------------------------------------------------------------


def test_copy_text_escapes_what_would_end_a_field_or_a_row():
    assert copy_text.fields([None, True, False, 3, Decimal("-1.5"), dt.date(2026, 5, 1)]) == (
        "\\N\tt\tf\t3\t-1.5\t2026-05-01"
    )
    json_text = '{"note": "a\\tb\\\\c"}\n\r\t'
    assert copy_text.field(json_text) == '{"note": "a\\\\tb\\\\\\\\c"}\\n\\r\\t'


@pytest.mark.django_db
def test_the_copy_lines_are_the_rows_the_other_databases_insert(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL takes an import's rows as COPY text formatted part by part; they must be
    the rows SQLite takes value by value: each written as COPY writes it."""
    draw = bulk_hands.ScoredGame(
        {"outcome": "draw", "note": "tab\there, a \\ and\na line"},
        [SeatResult(Decimal("0.5"), won=seat == 0, hand_value=seat or None) for seat in range(4)],
    )
    other = bulk_hands.ScoredGame({"outcome": "draw"}, [SeatResult(Decimal(-2))] * 4)
    hands = [(session, n, uuid.uuid4(), game) for n, game in enumerate([draw, other, draw], 1)]
    seats = {session.pk: {seat.position: seat.player_id for seat in session.seats.all()}}
    ids = [101, 102, 103]

    def as_lines(rows: Any) -> list[str]:
        return [copy_text.fields(row) + "\n" for row in rows]

    now = dt.datetime(2026, 5, 1, 12, tzinfo=dt.UTC)
    monkeypatch.setattr(bulk_hands.timezone, "now", lambda: now)
    expected_hands = as_lines(bulk_hands._hand_rows(ids, hands, 7, silent))
    assert list(bulk_hands.hand_lines(ids, hands, 7, silent)) == expected_hands
    expected_scores = as_lines(bulk_hands._score_rows(ids, hands, seats, silent))
    assert list(bulk_hands.score_lines(ids, hands, seats, silent)) == expected_scores
    assert len(expected_scores) == 12


@pytest.mark.django_db
def test_the_prepared_rows_are_what_insert_rows_makes_of_the_rows(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite takes an import's rows prepared part by part (each session's place and each
    game's results once); they must be the rows ``insert_rows`` prepares value by value."""
    draw = bulk_hands.ScoredGame(
        {"outcome": "draw"},
        [SeatResult(Decimal("0.5"), won=seat == 0, hand_value=seat or None) for seat in range(4)],
    )
    other = bulk_hands.ScoredGame({"outcome": "draw"}, [SeatResult(Decimal(-2))] * 4)
    hands = [(session, n, uuid.uuid4(), game) for n, game in enumerate([draw, other, draw], 1)]
    seats = {session.pk: {seat.position: seat.player_id for seat in session.seats.all()}}
    ids = [101, 102, 103]
    now = dt.datetime(2026, 5, 1, 12, tzinfo=dt.UTC)
    monkeypatch.setattr(bulk_hands.timezone, "now", lambda: now)

    def as_prepared(model: type[models.Model], columns: tuple[str, ...], rows: Any) -> list[Any]:
        prepare = preparers(model, columns, connection)
        return [tuple(prepared(prepare, row)) for row in rows]

    hand_rows = bulk_hands._hand_rows(ids, hands, 7, silent)
    expected_hands = as_prepared(Hand, bulk_hands.HAND_COLUMNS, hand_rows)
    assert list(bulk_hands.prepared_hand_rows(ids, hands, 7, silent)) == expected_hands
    score_rows = bulk_hands._score_rows(ids, hands, seats, silent)
    expected_scores = as_prepared(Score, bulk_hands.SCORE_COLUMNS, score_rows)
    assert list(bulk_hands.prepared_score_rows(ids, hands, seats, silent)) == expected_scores
    assert len(expected_scores) == 12
    # Prepared for the database: SQLite keeps a client id as its hex text (PostgreSQL, where
    # this runs too, takes the UUID as it is).
    client_id = hands[0][2]
    stored_id = expected_hands[0][bulk_hands.CLIENT_ID]
    assert stored_id == (client_id.hex if connection.vendor == "sqlite" else client_id)
    # and each hand carries its session's club, the scope of its client id
    assert expected_hands[0][bulk_hands.HAND_COLUMNS.index("club_id")] == session.club_id
