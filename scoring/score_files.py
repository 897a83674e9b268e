"""The league's door to score files: the formats its families declare, and the standings as
the reference programs' statistics (TSV and CSV).

A family with a score-file format declares it (``Family.score_file``: HK and Big Two); the
standings export as the statistics table the family declares (``Family.stats``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from scoring.engine.big_two_scorefile import BigTwoPlayerStats
from scoring.engine.errors import LineError
from scoring.engine.scorefile import (
    ScoreFile,
    Section,
    delimited_lines,
    lines_of,
    score_lines,
    spreadsheet_safe,
    tsv_lines,
    tsv_text,
)
from scoring.families import FAMILIES, get_family
from scoring.families.big_two import BIG_TWO_FORMAT, big_two_rows
from scoring.families.hk import HK_FORMAT
from scoring.score_format import ScoreFormat, StandingLike, StatsRow, game_tokens_of

__all__ = [
    "BIG_TWO_FORMAT",
    "HK_FORMAT",
    "SCORE_FORMATS",
    "BigTwoPlayerStats",
    "LineError",
    "ScoreFile",
    "ScoreFormat",
    "Section",
    "StandingLike",
    "StatsRow",
    "big_two_rows",
    "format_choices",
    "format_for_family",
    "game_tokens_of",
    "lines_of",
    "score_lines",
    "spreadsheet_safe",
    "standings_stats",
    "stats_csv",
    "stats_csv_lines",
    "stats_tsv",
    "stats_tsv_lines",
]

# Every format a family declares, by its key (the families' order).
SCORE_FORMATS: dict[str, ScoreFormat] = {
    family.score_file.key: family.score_file
    for family in FAMILIES.values()
    if family.score_file is not None
}


def format_for_family(family: str) -> ScoreFormat | None:
    """The score-file format of a rule family, if it has one."""
    return get_family(family).score_file


def format_choices() -> list[tuple[str, str]]:
    return [(f.key, f.label) for f in SCORE_FORMATS.values()]


def standings_stats(family: str, standings: Sequence[StandingLike]) -> list[StatsRow]:
    """Standings as the statistics rows of the family's reference program, then ``*``."""
    return list(get_family(family).stats.rows(standings))


def stats_tsv(family: str, standings: Sequence[StandingLike]) -> str:
    """The standings in the reference programs' TSV, written by the engine's own writer,
    with any cell a spreadsheet would run as a formula neutralised."""
    header, rows = _spreadsheet_rows(family, standings)
    return tsv_text(header, rows)


def stats_tsv_lines(family: str, standings: Sequence[StandingLike]) -> Iterator[str]:
    """``stats_tsv`` one line at a time."""
    header, rows = _spreadsheet_rows(family, standings)
    return tsv_lines(header, rows)


def stats_csv(family: str, standings: Sequence[StandingLike]) -> str:
    """The same columns and cells as the TSV, as comma-separated values."""
    return "".join(stats_csv_lines(family, standings))


def stats_csv_lines(family: str, standings: Sequence[StandingLike]) -> Iterator[str]:
    """``stats_csv`` one line at a time (``csv``'s default dialect: lines end in CR LF)."""
    header, rows = _spreadsheet_rows(family, standings)
    return delimited_lines(header, rows, delimiter=",", lineterminator="\r\n")


def _spreadsheet_rows(
    family: str, standings: Sequence[StandingLike]
) -> tuple[Sequence[str], list[list[object]]]:
    table = get_family(family).stats
    rows = [[spreadsheet_safe(cell) for cell in row.cells()] for row in table.rows(standings)]
    return table.header, rows
