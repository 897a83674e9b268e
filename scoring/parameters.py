"""Numbers read from a page's query or POST parameters (seats, hand numbers, steps)."""

from __future__ import annotations

# The largest count or position a page reads from a parameter: the database's integers hold
# it on every backend (SQLite's and PostgreSQL's bigint are 64-bit, PostgreSQL's integer 32).
MAX_PARAMETER = 2**31 - 1


def whole_number_parameter(value: str | None, *, high: int = MAX_PARAMETER) -> int | None:
    """A query or POST parameter read as a whole number from 0 to ``high``, else None.

    Only ASCII digits count: ``str.isdigit`` is also true of ``²`` and ``int`` refuses it,
    ``int`` reads other scripts' digits, and a huge number would overflow a query.

    >>> [whole_number_parameter(v) for v in ("12", "²", "", None, "-1", "1_0", "9" * 40)]
    [12, None, None, None, None, None, None]
    """
    if not value or len(value) > len(str(high)) or not value.isascii() or not value.isdigit():
        return None
    number = int(value)
    return number if number <= high else None
