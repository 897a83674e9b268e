"""The bulk writer names every column a new hand or score needs.

COPY bypasses the model: a column left out gets the database's default, and Django's
``default=`` is not one. A field added to the model but not to the column lists fails
every PostgreSQL import, which the SQLite run would never show.
"""

from __future__ import annotations

import pytest
from django.db import models

from games import bulk_hands
from games.models import Hand, Score


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
