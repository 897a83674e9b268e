"""An event's final ranking in the EMA results format (MCR and riichi tournaments).

EMA ranks a tournament's players by their rank, name, EMA number, points (MCR: table points;
riichi: placement points, uma and oka included) and score (the points won at the tables).
The columns are written as EMA's results tables head them, in English whatever the
reader's language, since the file goes to EMA, not to the reader.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Protocol

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.events.models import Event
from games.events.selectors import event_standings
from games.models import Player
from games.templatetags.league import cell, points
from scoring.families import get_family
from scoring.score_files import spreadsheet_safe

HEADER = ("Rank", "Name", "EMA number", "Points", "Score")


@dataclass(frozen=True)
class EmaRow:
    rank: int
    name: str
    ema_number: str
    points: str
    score: str


class Writable(Protocol):
    def write(self, text: str, /) -> object: ...


def event_has_ema_results(*, event: Event) -> bool:
    return get_family(event.rule_set.family).ema_columns is not None


def event_ema_results(*, event: Event) -> list[EmaRow]:
    """The ranking as EMA takes it; an event of another family has none (refused)."""
    family = get_family(event.rule_set.family)
    if family.ema_columns is None:
        raise ValidationError(_("The EMA results format is for MCR and riichi events only."))
    by_field = {column.field: column for column in family.standings_columns}
    ranked_by, won = family.ema_columns
    rows = event_standings(event=event)
    numbers = dict(
        Player.objects.filter(pk__in=[row.player_id for row in rows]).values_list(
            "pk", "ema_number"
        )
    )
    return [
        # The score unsigned, as EMA's tables write it (the pages write +6000).
        EmaRow(
            rank,
            row.name,
            numbers.get(row.player_id, ""),
            cell(row, by_field[ranked_by]),
            points(getattr(row, won)),
        )
        for rank, row in enumerate(rows, 1)
    ]


def ema_results_csv(rows: list[EmaRow], out: Writable) -> None:
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for row in rows:
        # A name a spreadsheet would run as a formula is neutralised, as in every download.
        name = spreadsheet_safe(row.name)
        writer.writerow([row.rank, name, row.ema_number, row.points, row.score])
