"""What a score-file format is, and the standings as a reference program's statistics.

A family with a score-file format (``Family.score_file``) declares one ``ScoreFormat``: how
the engine's rules and hands become the family's stored parameters and hand input, and the
way back to setting lines and game tokens. Every family's standings export as some reference
program's statistics table (``Family.stats``): the HK program's unless the family has its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol

from scoring.engine.hk_scorefile import HK_HEADER, HKPlayerStats
from scoring.engine.scorefile import ScoreFile


class StatsRow(Protocol):
    """One row of a statistics table: a player's (or everyone's, ``*``) cells."""

    @property
    def name(self) -> str: ...

    def cells(self) -> list[object]: ...


@dataclass(frozen=True)
class ScoreFormat:
    """One score-file format of a rule family (the family declares it)."""

    key: str
    label: str
    family: str  # the key of the family that declares it
    # Reads a file's text; the rules before any setting line are the keyword ``rules``.
    read: Callable[..., ScoreFile[Any, Any]]
    name_pattern: re.Pattern[str]
    rules_params: Callable[[Any], dict[str, Any]]
    hand_input: Callable[[Any], dict[str, Any]]
    setting_lines: Callable[[Mapping[str, Any]], list[str]]
    game_tokens: Callable[[Mapping[str, Any]], list[str]]
    params_rules: Callable[[Mapping[str, Any]], Any]  # the engine's rules from stored parameters

    def read_under(self, text: str, params: Mapping[str, Any]) -> ScoreFile[Any, Any]:
        """The file read as if it began with these rules' setting lines: a file without
        settings is read under the rules it is imported into, not the reference defaults."""
        return self.read(text, rules=self.params_rules(params))

    def game_line(self, hand_input: Mapping[str, Any]) -> str:
        return " ".join(self.game_tokens(hand_input))


def game_tokens_of(line: str) -> tuple[str, ...]:
    """A game line's tokens, without its comment.

    >>> game_tokens_of("  3t 0  1 2  # x pays")
    ('3t', '0', '1', '2')
    """
    return tuple(line.split("#", 1)[0].split())


class StandingLike(Protocol):
    """What a league standings row offers (``games.selectors.StandingRow``)."""

    name: str
    games: int
    wins: int
    blames: int
    fries: int
    real_losses: int
    net: Decimal
    is_regular: bool
    # Families that rank each session as a game: sessions played and placed, the sum of
    # placement points and of places; the hands dealt in, and the declarations made.
    sessions: int
    deal_ins: int
    declarations: int
    placement_points: Fraction
    places: Fraction
    placed: int


@dataclass(frozen=True)
class StatsTable:
    """A reference program's statistics table: its header, and the standings as its rows
    (then the ``*`` row of everyone)."""

    header: Sequence[str]
    rows: Callable[[Sequence[StandingLike]], Sequence[StatsRow]]


def column_sums(rows: Sequence[Any], *columns: str) -> list[int]:
    return [sum(getattr(row, column) for row in rows) for column in columns]


def hk_rows(standings: Sequence[StandingLike]) -> list[HKPlayerStats]:
    """Standings as the HK program's statistics rows, then the ``*`` row of everyone."""
    rows = [
        HKPlayerStats(row.name, row.games, row.wins, row.blames, Fraction(row.net))
        for row in standings
    ]
    games, wins, blames = column_sums(rows, "game_count", "win_count", "blame_count")
    net = sum((row.net_score for row in rows), Fraction(0))
    return [*rows, HKPlayerStats("*", games, wins, blames, net)]


# The HK program's table: every family's standings export as it unless the family has its own.
HK_STATS = StatsTable(HK_HEADER, hk_rows)
