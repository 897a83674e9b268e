"""Template filters for exact points and the reference scorer's ratio format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django import template
from django.utils.translation import gettext as _

from games.models import HandRevision
from games.selectors import ScoreSheet
from scoring.chinese import pattern_name
from scoring.display import SEAT_LABELS, format_ratio
from scoring.families import EngineError, Family, get_family
from scoring.families.base import Column, shown_columns

register = template.Library()


@register.filter
def points(value: Decimal | None) -> str:
    """An exact point value without trailing zeros: ``16.000000`` → ``16``, ``-0.50`` → ``-0.5``."""
    if value is None:
        return ""
    if value == 0:
        return "0"
    text = format(value.normalize(), "f")
    return text


@register.filter
def seats_from(state: Any, bottom: int | None) -> list[Any]:
    """A family's table with seat ``bottom`` last (the "rotate" control)."""
    return list(state.seats_from(bottom))


@register.filter
def signed(value: Decimal | None) -> str:
    """Like ``points`` with a plus sign on gains."""
    text = points(value)
    return f"+{text}" if value is not None and value > 0 else text


@register.filter
def percent(value: Fraction | Decimal | None) -> str:
    """A rate as a whole percentage, halves rounded up: ``1/3`` → ``33%``; ``–`` for no games.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 8)), percent(None)
    ('33%', '13%', '–')
    """
    if value is None:
        return "–"
    exact = Fraction(value) * 100
    whole = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        Decimal(1), rounding=ROUND_HALF_UP
    )
    return f"{whole}%"


@register.filter
def ratio(value: Fraction | Decimal | None) -> str:
    """A fraction as the reference scorer prints it (4 places, trimmed); empty for no games."""
    if value is None:
        return "–"
    return format_ratio(Fraction(value))


@register.filter
def pattern(value: Mapping[str, Any]) -> str:
    """A pattern or fan of an evaluation in the reader's language and script."""
    return pattern_name(str(value.get("name", "")), str(value.get("name_zh", "")))


@register.filter
def seat_label(position: int) -> str:
    return str(SEAT_LABELS[position])


@register.filter
def family_label(key: str) -> str:
    """The display name of a rule family (``MCR (國標)``)."""
    return get_family(key).label


@register.filter
def describe_params(family: Family, params: dict[str, Any]) -> str:
    return family.describe_params(params)


@register.filter
def zip_totals(changes: list[Decimal], totals: list[Decimal]) -> list[tuple[Decimal, Decimal]]:
    return list(zip(changes, totals, strict=True))


@register.filter
def seat_name(sheet: ScoreSheet, position: int) -> str:
    """The name of the player in seat ``position`` of the sheet's session."""
    try:
        return sheet.seats[position].player.name
    except (IndexError, TypeError):
        return "?"


@register.filter
def describe_revision(revision: HandRevision, sheet: ScoreSheet) -> str:
    """Describe a revision's earlier input with the sheet's seat names, under the rules its
    hand is scored under (a session may have switched rules since its first hands)."""
    version = revision.hand.rule_set_version
    family = get_family(version.rule_set.family)
    names = [seat.player.name for seat in sheet.seats]
    try:
        return family.describe_hand(revision.previous_input, names, params=version.params)
    except (EngineError, KeyError, IndexError, TypeError):
        return "unreadable input"


@register.filter
def chombo_text(family: Family, params: Mapping[str, Any]) -> str:
    """What a chombo costs under these rules, and what it ends: "chombo 30, paid to the
    others, ends the hand"."""
    try:
        preset = family.penalty_preset(params)
    except (EngineError, KeyError, TypeError, ValueError):
        return ""
    amount = f"{preset.chombo:,}"
    paid = (
        _("chombo %(amount)s, paid to the others") % {"amount": amount}
        if preset.zero_sum
        else _("chombo %(amount)s, taken away") % {"amount": amount}
    )
    ends = {
        "hand": _("ends the hand"),
        "game": _("ends the game"),
        "nothing": _("play goes on"),
    }[str(preset.ends)]
    return f"{paid}, {ends}"


@register.filter
def any_nonzero(values: Sequence[Any]) -> bool:
    """Whether any of the values is other than zero."""
    return any(values)


@register.filter
def columns_shown(family: Family, rows: Sequence[Any]) -> list[Column]:
    """The family's standings columns these rows show (penalties only where there are)."""
    return shown_columns(family.standings_columns, rows)


CELL_FORMATS = {"percent": percent, "ratio": ratio, "points": points, "signed": signed}


@register.filter
def cell(row: Any, column: Column) -> str:
    """A standings row's value in ``column``, written as the column's kind says (a missing
    count, as a best run no one has had, is 0)."""
    value = getattr(row, column.field)
    if column.kind in CELL_FORMATS:
        return CELL_FORMATS[column.kind](value)
    return "0" if value is None else str(value)
