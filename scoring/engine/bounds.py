"""The ranges of the whole numbers a person types, each defined once for every path.

Forms, the API, score files, PMN records and the command line all reach the engines, so a
bound checked here is checked everywhere, with one message naming the value and its range.
The ranges keep every value (and every payment computed from it) within what the league's
database stores: PostgreSQL's integer is 32-bit and a point change has 24 integer digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from scoring.engine.errors import EngineError, HandError, Term

# The largest point change of one seat in one hand the league stores (24 integer digits).
MAX_POINTS = 10**24 - 1


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as JSON gives one (``True`` is not).

    >>> [is_whole(v) for v in (3, -1, True, 2.0, "4")]
    [True, True, False, False, False]
    """
    return isinstance(value, int) and not isinstance(value, bool)


OUT_OF_BOUND = Term("{label} must be a whole number from {low} to {high}")


@dataclass(frozen=True)
class Bound:
    """The whole numbers from ``low`` to ``high`` that ``label`` may be.

    >>> CARDS = Bound("cards left", 0, 13)
    >>> CARDS.check(13, field="losses")
    13
    >>> CARDS.check(2**31, field="losses", where="seat 2")
    Traceback (most recent call last):
    ...
    scoring.engine.errors.HandError: seat 2: cards left must be a whole number from 0 to 13
    """

    label: str
    low: int
    high: int

    @property
    def message(self) -> str:
        """What a value out of this bound is told, in the reader's language."""
        return self.error(HandError, field=None, where="").message

    def error(self, error: type[EngineError], *, field: str | None, where: str) -> EngineError:
        """The error for a value out of this bound (``where`` before its message)."""
        refused = error(
            OUT_OF_BOUND,
            field=field,
            label=Term(self.label),
            low=self.low,
            high=self.high,
        )
        if where:
            refused.prefixed("{where}: ", where=where)
        return refused

    def __contains__(self, value: object) -> bool:
        return is_whole(value) and self.low <= value <= self.high

    def check(
        self,
        value: object,
        *,
        field: str | None,
        where: str = "",
        error: type[EngineError] = HandError,
    ) -> int:
        """``value`` if it is in range, else ``error`` naming ``field`` (and ``where`` in it)."""
        if value not in self:
            raise self.error(error, field=field, where=where)
        assert is_whole(value)
        return value

    def read(
        self,
        text: str,
        *,
        field: str | None,
        where: str = "",
        error: type[EngineError] = HandError,
    ) -> int:
        """A number written in ASCII digits (an optional sign when ``low`` is negative),
        checked; ``error`` for anything else (``²`` or ``١``, which ``int`` reads or
        ``str.isdigit`` passes, or a number too long to read)."""
        digits = text.removeprefix("-") if self.low < 0 else text
        significant = digits.lstrip("0") or "0"  # ``007`` is 7, as the score files allow
        longest = len(str(max(abs(self.low), abs(self.high))))
        if not (digits.isascii() and digits.isdigit() and len(significant) <= longest):
            raise self.error(error, field=field, where=where)
        number = -int(significant) if text.startswith("-") else int(significant)
        return self.check(number, field=field, where=where, error=error)
