"""Keyset pages: rows after (or before) a position in an order that ends with a unique column.

A page is found by comparing the order's columns as one row value, ``(played_on, id) <
(%s, %s)``, which PostgreSQL answers from an index on the same columns after the list's
filter columns: the thousandth page costs what the first one does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import BooleanField, F, Field, Func, Model, QuerySet, Value


class Row(Func):
    """A row value, ``(a, b)``; compared column by column, left to right."""

    function = ""
    template = "(%(expressions)s)"
    output_field = Field()


class Keyset:
    """An order of a model's concrete fields, all ascending or all descending (``-``)."""

    def __init__(self, ordering: Sequence[str]) -> None:
        directions = {name.startswith("-") for name in ordering}
        if len(directions) != 1:
            raise ValueError("A row comparison runs one way: order every column alike.")
        self.ordering = tuple(ordering)
        self.names = tuple(name.lstrip("-") for name in ordering)
        self.descending = ordering[0].startswith("-")

    def position(self, row: Model) -> tuple[Any, ...]:
        return tuple(getattr(row, name) for name in self.names)

    def page(
        self,
        queryset: QuerySet[Any],
        position: Sequence[Any] | None,
        size: int,
        backwards: bool = False,
    ) -> tuple[list[Any], bool]:
        """Up to ``size`` rows after ``position`` in this order (before it, ``backwards``),
        in this order, and whether more rows lie beyond them."""
        descending = self.descending != backwards
        if position is not None:
            queryset = queryset.filter(self._beyond(position, descending))
        order = [f"-{name}" if descending else name for name in self.names]
        rows = list(queryset.order_by(*order)[: size + 1])
        more = len(rows) > size
        rows = rows[:size]
        if backwards:
            rows.reverse()
        return rows, more

    def _beyond(self, position: Sequence[Any], descending: bool) -> Any:
        columns = Row(*(F(name) for name in self.names))
        values = Row(*(Value(value) for value in position))
        lookup = "lt" if descending else "gt"
        return _Compare(columns, values, lookup=lookup)


class _Compare(Func):
    """``(a, b) < (x, y)`` (or ``>``) as a filter condition."""

    template = "%(expressions)s"
    output_field = BooleanField()

    def __init__(self, left: Row, right: Row, *, lookup: str) -> None:
        super().__init__(left, right)
        self.arg_joiner = " < " if lookup == "lt" else " > "
