"""The ranges of the whole numbers a person types, each defined once for every path.

Forms, the API, score files, PMN records and the command line all reach the engines, so a
bound checked here is checked everywhere, with one message naming the value and its range.
The ranges keep every value (and every payment computed from it) within what the league's
database stores: PostgreSQL's integer is 32-bit and a point change has 24 integer digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TypeGuard

from scoring.engine.errors import EngineError, HandError, Seat, Term

# The largest point change of one seat in one hand the league stores (24 integer digits).
MAX_POINTS = 10**24 - 1


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as JSON gives one (``True`` is not).

    >>> [is_whole(v) for v in (3, -1, True, 2.0, "4")]
    [True, True, False, False, False]
    """
    return isinstance(value, int) and not isinstance(value, bool)


# The widest range whose numbers ``Bound.plain_numbers`` lists.
PLAIN_NUMBERS = 1000
OUT_OF_BOUND = Term("{label} must be a whole number from {low} to {high}")


@dataclass(frozen=True)
class Bound:
    """The whole numbers from ``low`` to ``high`` that ``label`` may be.

    >>> CARDS = Bound("cards left", 0, 13)
    >>> CARDS.check(13, field="losses")
    13
    >>> CARDS.check(2**31, field="losses", where=Seat(1))
    Traceback (most recent call last):
    ...
    scoring.engine.errors.HandError: South: cards left must be a whole number from 0 to 13
    """

    label: str
    low: int
    high: int

    @property
    def message(self) -> str:
        """What a value out of this bound is told, in the reader's language."""
        return self.error(HandError, field=None, where="").message

    def error(
        self, error: type[EngineError], *, field: str | None, where: str | Seat
    ) -> EngineError:
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
        where: str | Seat = "",
        error: type[EngineError] = HandError,
    ) -> int:
        """``value`` if it is in range, else ``error`` naming ``field`` (and ``where`` in it)."""
        if value not in self:
            raise self.error(error, field=field, where=where)
        assert is_whole(value)
        return value

    @cached_property
    def longest(self) -> int:
        """The most significant digits a number in range has: longer text is refused unread."""
        return len(str(max(abs(self.low), abs(self.high))))

    @cached_property
    def plain_numbers(self) -> dict[str, int]:
        """Every number of a small range as it is plainly written (``"7"``, ``"-3"``): what a
        score file has in almost every token, read by one look-up (``read`` reads the rest).

        >>> Bound("faan", -1, 2).plain_numbers
        {'-1': -1, '0': 0, '1': 1, '2': 2}
        """
        if self.high - self.low > PLAIN_NUMBERS:
            return {}
        return {str(number): number for number in range(self.low, self.high + 1)}

    def read(
        self,
        text: str,
        *,
        field: str | None,
        where: str | Seat = "",
        error: type[EngineError] = HandError,
    ) -> int:
        """A number written in ASCII digits (an optional sign when ``low`` is negative),
        checked; ``error`` for anything else (``²`` or ``١``, which ``int`` reads or
        ``str.isdigit`` passes, or a number too long to read).

        Score files read a bound per token, so the range is checked here once, in line.

        >>> [Bound("faan", -3, 13).read(text, field=None) for text in ("007", "-3", "13")]
        [7, -3, 13]
        """
        plain = self.plain_numbers.get(text)
        if plain is not None:
            return plain
        digits = text.removeprefix("-") if self.low < 0 else text
        if digits.isdigit() and digits.isascii():
            significant = digits.lstrip("0") or "0"  # ``007`` is 7, as the score files allow
            if len(significant) <= self.longest:
                number = -int(significant) if text.startswith("-") else int(significant)
                if self.low <= number <= self.high:
                    return number
        raise self.error(error, field=field, where=where)
