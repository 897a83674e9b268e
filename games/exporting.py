"""Exporting a season: as a score file the engines read back, its standings as CSV or TSV,
and a list of penalties (a season's or an event's) as CSV."""

from __future__ import annotations

import csv
import datetime as dt
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import slugify

from games.models import Hand, Penalty, Season, Seat, Session
from games.selectors import StandingRow
from scoring import score_files
from scoring.families import GameFile, get_family
from scoring.score_files import (
    ScoreFormat,
    StatsRow,
    format_for_family,
    spreadsheet_safe,
    stats_csv_lines,
    stats_tsv_lines,
)

NOT_IN_A_NAME = re.compile(r"[\s#*]")
# A column of a penalty list beyond the usual ones: its name, and its value for a penalty.
PenaltyColumn = tuple[str, Callable[[Penalty], Any]]
CHUNK = 2000  # rows read at a time while a file streams out


def season_format(season: Season) -> ScoreFormat | None:
    """The score-file format of the season's rule family, if it has one."""
    return format_for_family(season.rule_set.family)


# --- the score file -----------------------------------------------------------------------


def season_score_file(*, season: Season, score_format: ScoreFormat) -> Iterator[str]:
    """The season's hands as score-file lines (each ending in a newline), in date order.

    Every session with hands gets its seating line, preceded by its date and its rules where
    they change, so the engine's statistics of the file are the season's standings. A
    session whose rules were switched between hands has the new rules' lines before the
    first hand played under them: each hand is scored under the rules it was played under.
    The sessions and hands are read in chunks as the lines go out: memory holds the players.
    """
    names = _name_tokens(score_format, _seated_players(season))
    yield f"# {season.club.name}: {season.name}, exported {timezone.localdate().isoformat()}\n"
    date: dt.date | None = None
    rules = _Rules(score_format)
    sessions = _sessions(season)
    for session_id, rows in itertools.groupby(_hand_inputs(season), key=lambda row: row[0]):
        # Both run in (date, session) order: skip the sessions that have no live hand.
        session = next(session for session in sessions if session.pk == session_id)
        hands = list(rows)  # one session's hands: at most a few hundred
        yield "\n"
        if session.played_on != date:
            date = session.played_on
            yield f"{date.isoformat()}\n"
        yield from rules.lines_for(hands[0][2])
        yield " ".join(names[seat.player_id] for seat in session.seats.all()) + "\n"
        for _, hand_input, params in hands:
            yield from rules.lines_for(params)
            yield score_format.game_line(hand_input) + "\n"


class _Rules:
    """The rules in force as the file is written: their lines where they change."""

    def __init__(self, score_format: ScoreFormat) -> None:
        self.score_format = score_format
        self.params: Any = None

    def lines_for(self, params: Any) -> Iterator[str]:
        if params != self.params:
            self.params = params
            yield from (f"{line}\n" for line in self.score_format.setting_lines(params))


def _sessions(season: Season) -> Iterator[Session]:
    seats = Seat.objects.order_by("position")
    sessions = (
        Session.objects.filter(season=season)
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("played_on", "id")
    )
    return sessions.iterator(chunk_size=CHUNK)


def _hand_inputs(season: Season) -> Iterator[tuple[int, Any, Any]]:
    """Each live hand's session, input and the parameters of the rules it was played under."""
    hands = Hand.objects.filter(session__season=season, deleted_at__isnull=True).order_by(
        "session__played_on", "session_id", "number"
    )
    rows = hands.values_list("session_id", "input", "rule_set_version__params")
    return rows.iterator(chunk_size=CHUNK)


def _seated_players(season: Season) -> Iterator[tuple[int, str]]:
    """Each seat's player and name, newest session first: the order names are made unique
    in (the first seen keeps its name)."""
    seats = Seat.objects.filter(session__season=season).order_by(
        "-session__played_on", "-session_id", "position"
    )
    return seats.values_list("player_id", "player__name").iterator(chunk_size=CHUNK)


def _name_tokens(score_format: ScoreFormat, seats: Iterable[tuple[int, str]]) -> dict[int, str]:
    """Each seated player's name as the format allows it, unique within the file."""
    tokens: dict[int, str] = {}
    taken: set[str] = set()
    for player_id, name in seats:
        if player_id not in tokens:
            token = _unique(name_token(score_format, name), taken)
            tokens[player_id] = token
            taken.add(token)
    return tokens


def name_token(score_format: ScoreFormat, name: str) -> str:
    """A player's name as one token of a seating line: blanks, ``#`` and ``*`` become ``_``,
    a name the format would not take as a name gets a leading ``_``, and one a spreadsheet
    would run as a formula (the file opens in one as a column of lines) a leading ``'``.

    >>> from scoring.score_files import BIG_TWO_FORMAT, HK_FORMAT
    >>> [name_token(HK_FORMAT, n) for n in ("Mary Jane", "-x", "9 Dragons", "王", "=1+1")]
    ['Mary_Jane', '_-x', '_9_Dragons', '王', "'=1+1"]
    >>> name_token(BIG_TWO_FORMAT, "-x")
    "'-x"
    """
    token = NOT_IN_A_NAME.sub("_", name) or "_"
    if score_format.name_pattern.fullmatch(token) is None:
        token = f"_{token}"
    return str(spreadsheet_safe(token))


def _unique(token: str, taken: set[str]) -> str:
    candidate, number = token, 1
    while candidate in taken:
        number += 1
        candidate = f"{token}_{number}"
    return candidate


# --- standings ----------------------------------------------------------------------------


def standings_tsv(season: Season, standings: Sequence[StandingRow]) -> Iterator[str]:
    """The standings in the reference programs' TSV (Big Two's columns, or HK's for others),
    line by line."""
    return stats_tsv_lines(season.rule_set.family, standings)


def standings_csv(season: Season, standings: Sequence[StandingRow]) -> Iterator[str]:
    """The same columns and cells as the TSV, as comma-separated values, line by line."""
    return stats_csv_lines(season.rule_set.family, standings)


def standings_stats(season: Season, standings: Sequence[StandingRow]) -> list[StatsRow]:
    """The standings as the reference programs' statistics rows, then the ``*`` row."""
    return score_files.standings_stats(season.rule_set.family, standings)


def download_name(season: Season, extension: str) -> str:
    """A file name for a season's download: ``<club>-<season>.<extension>``."""
    return f"{season.club.slug}-{slugify(season.name) or 'season'}.{extension}"


# --- a session as a game file -------------------------------------------------------------


def session_game_file(*, session: Session) -> str | None:
    """The session as its family's game file (players, every live hand, the rules before
    each hand and for the next), or None when the family has no game files."""
    family = get_family(session.rule_set_version.rule_set.family)
    if not family.game_files:
        return None
    hands = list(
        session.hands.filter(deleted_at=None).select_related("rule_set_version").order_by("number")
    )
    versions = [hand.rule_set_version for hand in hands] + [session.rule_set_version]
    names = [seat.player.name for seat in session.seats.select_related("player")]
    game = GameFile(
        players=tuple(names),
        hands=tuple(hand.input for hand in hands),
        params=tuple(family.clean_params(version.params) for version in versions),
        played_on=session.played_on,
    )
    return family.write_game_file(game)


def game_file_name(session: Session) -> str:
    """``dragons-2026-05-01-game-12.json``: the club, the day and the session."""
    return f"{slugify(session.club.slug)}-{session.played_on.isoformat()}-game-{session.pk}.json"


# --- penalties ----------------------------------------------------------------------------


def penalties_csv(
    out: Any, penalties: Iterable[Penalty], *, columns: Sequence[PenaltyColumn] = ()
) -> None:
    """Write ``penalties`` to ``out`` as CSV: date, session, any ``columns`` (an event's
    round and table), player, reason, note, amount, zero-sum, who recorded it and when. A
    name a spreadsheet would run as a formula is neutralised."""
    writer = csv.writer(out)
    head = ["date", "session", *(name for name, _ in columns), "player", "reason", "note"]
    writer.writerow([*head, "amount", "zero_sum", "recorded_by", "recorded_at"])
    for penalty in penalties:
        cells = [
            penalty.session.played_on.isoformat(),
            penalty.session_id,
            *(value(penalty) for _, value in columns),
            penalty.player.name,
            penalty.reason,
            penalty.note,
            penalty.amount,
            "yes" if penalty.zero_sum else "no",
            penalty.recorded_by.username if penalty.recorded_by else "",
            penalty.recorded_at.isoformat(timespec="seconds"),
        ]
        writer.writerow([spreadsheet_safe(cell) for cell in cells])
