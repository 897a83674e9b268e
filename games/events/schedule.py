"""A prescripted schedule uploaded as a file: one line per table, ``round, table`` and the
four players' names in wind order (East first), as federations publish their seatings.

Every problem is collected, each naming its line and the player by name, so that one
upload shows the organiser everything to correct.
"""

from __future__ import annotations

import csv
from collections.abc import Collection
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

SEATS = 4
MAX_LINES = 2000
# The largest schedule file or text taken (the event page's upload and the API's).
MAX_BYTES = 256 * 1024

Schedule = dict[int, dict[int, list[str]]]


@dataclass
class Reading:
    """The tables read so far by round and table number, and the problems found."""

    tables: Schedule = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seated: dict[int, dict[str, int]] = field(default_factory=dict)  # round → name → line


def schedule_read(
    text: str, *, rounds: int, players: Collection[str]
) -> tuple[Schedule, list[str]]:
    """The schedule's tables (round → table → names as registered) and every problem."""
    known = {name.casefold(): name for name in players}
    reading = Reading()
    rows = list(csv.reader(text.splitlines()))
    if len(rows) > MAX_LINES:
        return {}, [_("A schedule has at most %(most)d lines.") % {"most": MAX_LINES}]
    for number, row in enumerate(rows, 1):
        cells = [cell.strip() for cell in row]
        if any(cells) and not (number == 1 and not cells[0].isdigit()):  # column names
            _read_line(reading, number, cells, rounds, known)
    if not reading.tables and not reading.problems:
        reading.problems.append(_("The file has no tables."))
    return reading.tables, reading.problems


def _read_line(
    reading: Reading, line: int, cells: list[str], rounds: int, known: dict[str, str]
) -> None:
    if len(cells) != 2 + SEATS:
        reading.problems.append(
            _("Line %(line)d: give the round, the table and four names.") % {"line": line}
        )
        return
    round_, table = (_number(cell) for cell in cells[:2])
    if round_ is None or not 1 <= round_ <= rounds:
        reading.problems.append(
            _("Line %(line)d: the round must be 1 to %(rounds)d.")
            % {"line": line, "rounds": rounds}
        )
        return
    if table is None or table < 1 or table in reading.tables.get(round_, {}):
        reading.problems.append(
            _("Line %(line)d: table %(table)s of round %(round)d is not a new table number.")
            % {"line": line, "table": cells[1], "round": round_}
        )
        return
    names = [_player(reading, line, round_, name, known) for name in cells[2:]]
    reading.tables.setdefault(round_, {})[table] = [name for name in names if name]


def _number(cell: str) -> int | None:
    return int(cell) if cell.isdigit() and len(cell) < 6 else None


def _player(reading: Reading, line: int, round_: int, name: str, known: dict[str, str]) -> str:
    """The registered name, or "" with the problem noted (unknown, or seated twice)."""
    found = known.get(name.casefold())
    if found is None:
        reading.problems.append(
            _("Line %(line)d: %(name)s is not registered for this event.")
            % {"line": line, "name": name or "—"}
        )
        return ""
    seated = reading.seated.setdefault(round_, {})
    if found in seated:
        reading.problems.append(
            _("Line %(line)d: %(name)s already sits in round %(round)d (line %(first)d).")
            % {"line": line, "name": found, "round": round_, "first": seated[found]}
        )
        return ""
    seated[found] = line
    return found
