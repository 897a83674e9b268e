"""Exact numbers: parsing decimals without floats, and the reference TSV formatting."""

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from scoring.engine.errors import RulesError


def parse_decimal(text: str, *, field: str | None = None) -> Fraction:
    """Parse a plain decimal (``'0.5'``, ``'2'``, ``'.5'``) exactly.

    >>> parse_decimal("0.1") * 3
    Fraction(3, 10)
    """
    stripped = text.strip()
    if not stripped or not all(ch.isdigit() or ch == "." for ch in stripped):
        raise RulesError("{text!r} is not a decimal number", field=field, text=text)
    if stripped.count(".") > 1 or stripped == ".":
        raise RulesError("{text!r} is not a decimal number", field=field, text=text)
    try:
        return Fraction(Decimal(stripped))
    except InvalidOperation as error:  # pragma: no cover - guarded by the checks above
        raise RulesError("{text!r} is not a decimal number", field=field, text=text) from error


def format_ratio(value: Fraction | int) -> str:
    """Format an exact value as the reference scorers print it (4 places, trimmed, no -0).

    >>> [format_ratio(Fraction(1, 3)), format_ratio(Fraction(-1, 32)), format_ratio(-904)]
    ['0.3333', '-0.0312', '-904']
    """
    value = Fraction(value)
    if value == 0:
        return "0"
    if value.denominator == 1:
        return str(value.numerator)
    text = format(float(value), ".4f").rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def to_decimal(value: Fraction | int) -> Decimal:
    """Convert an exact value with a finite decimal expansion to ``Decimal`` exactly.

    >>> to_decimal(Fraction(-3, 8))
    Decimal('-0.375')
    """
    value = Fraction(value)
    denominator = value.denominator
    places = 0
    while denominator % 10 == 0 or denominator % 2 == 0 or denominator % 5 == 0:
        if denominator % 10 == 0:
            denominator //= 10
        elif denominator % 2 == 0:
            denominator //= 2
        else:
            denominator //= 5
        places += 1
    if denominator != 1:
        raise ValueError(f"{value} has no finite decimal expansion")
    scaled = value * 10**places
    return Decimal(scaled.numerator).scaleb(-places)
