"""The two score-file formats the league reads and writes: HK (mahjong-scorer) and Big Two.

Each format knows its rule family, how the engine's rules and hands become the family's
stored parameters and hand input, and the way back to setting lines and game tokens. The
league's standings become the engine's statistics rows here, so that its TSV writer, the
reference programs' format, writes them.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol

from scoring.engine import big_two, hk
from scoring.engine.bench.scorefile_gen import big_two_scores, hk_scores
from scoring.engine.big_two_scorefile import (
    BIG_TWO_HEADER,
    BIG_TWO_NAME,
    BigTwoPlayerStats,
    read_big_two_scores,
)
from scoring.engine.errors import LineError
from scoring.engine.exact import to_decimal
from scoring.engine.hk_scorefile import HK_HEADER, HK_NAME, HKPlayerStats, read_hk_scores
from scoring.engine.scorefile import (
    NOT_UTF8,
    ScoreFile,
    Section,
    lines_of,
    score_lines,
    spreadsheet_safe,
    tsv_text,
)
from scoring.families import big_two as big_two_family
from scoring.families import hk as hk_family

__all__ = [
    "BIG_TWO_FORMAT",
    "HK_FORMAT",
    "NOT_UTF8",
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
    "generated_score_file",
    "lines_of",
    "score_lines",
    "spreadsheet_safe",
    "standings_stats",
    "stats_csv",
    "stats_tsv",
]

HK_BLAME_TOKENS = {outcome: token for token, outcome in hk.BLAME_TOKENS.items()}


@dataclass(frozen=True)
class ScoreFormat:
    """One score-file format and the rule family whose hands it holds."""

    key: str
    label: str
    family: str
    read: Callable[[str], ScoreFile[Any, Any]]
    generate: Callable[[int], str]  # a large realistic file, for benchmarks
    name_pattern: re.Pattern[str]
    rules_params: Callable[[Any], dict[str, Any]]
    hand_input: Callable[[Any], dict[str, Any]]
    setting_lines: Callable[[Mapping[str, Any]], list[str]]
    game_tokens: Callable[[Mapping[str, Any]], list[str]]

    def game_line(self, hand_input: Mapping[str, Any]) -> str:
        return " ".join(self.game_tokens(hand_input))


def game_tokens_of(line: str) -> tuple[str, ...]:
    """A game line's tokens, without its comment.

    >>> game_tokens_of("  3t 0  1 2  # x pays")
    ('3t', '0', '1', '2')
    """
    return tuple(line.split("#", 1)[0].split())


# --- Hong Kong ----------------------------------------------------------------------------


def _hk_rules_params(rules: hk.HKRules) -> dict[str, Any]:
    return {
        "base": str(to_decimal(rules.base)),
        "max_faan": rules.max_faan,
        "responsibility": rules.responsibility.value,
        "spiciness": rules.spiciness.value,
    }


def _hk_hand_input(hand: hk.HKHand) -> dict[str, Any]:
    fields = {"winner": hand.winner, "faan": hand.faan, "blamed": hand.blamed}
    return {"outcome": hand.outcome.value} | {k: v for k, v in fields.items() if v is not None}


def _hk_setting_lines(params: Mapping[str, Any]) -> list[str]:
    rules = hk_family.rules_from_params(params)
    base = format(to_decimal(rules.base).normalize(), "f")
    return [
        f"B={base}",
        f"M={rules.max_faan}",
        f"R={rules.responsibility.value}",
        f"S={rules.spiciness.value}",
    ]


def _hk_game_tokens(hand_input: Mapping[str, Any]) -> list[str]:
    hand = hk_family.hand_from_input(hand_input)
    tokens = ["-"] * hk.SEATS
    if hand.winner is not None:
        tokens[hand.winner] = str(hand.faan)
    if hand.blamed is not None:
        tokens[hand.blamed] = HK_BLAME_TOKENS[hand.outcome]
    return tokens


HK_FORMAT = ScoreFormat(
    key="hk",
    label="Hong Kong (mahjong-scorer)",
    family="hk",
    read=read_hk_scores,
    generate=hk_scores,
    name_pattern=re.compile(HK_NAME),
    rules_params=_hk_rules_params,
    hand_input=_hk_hand_input,
    setting_lines=_hk_setting_lines,
    game_tokens=_hk_game_tokens,
)


# --- Big Two ------------------------------------------------------------------------------


def _big_two_rules_params(rules: big_two.BigTwoRules) -> dict[str, Any]:
    return {"fry_threshold": rules.fry_threshold}


def _big_two_hand_input(hand: big_two.BigTwoHand) -> dict[str, Any]:
    hand_input: dict[str, Any] = {"losses": list(hand.losses)}
    if hand.takes_all is not None:
        hand_input["takes_all"] = hand.takes_all
    return hand_input


def _big_two_setting_lines(params: Mapping[str, Any]) -> list[str]:
    return [f"F={big_two_family.rules_from_params(params).fry_threshold}"]


def _big_two_game_tokens(hand_input: Mapping[str, Any]) -> list[str]:
    hand = big_two_family.hand_from_input(hand_input)
    return [
        f"{loss}t" if seat == hand.takes_all else str(loss) for seat, loss in enumerate(hand.losses)
    ]


BIG_TWO_FORMAT = ScoreFormat(
    key="big_two",
    label="Big Two (big-two-scorer)",
    family="big_two",
    read=read_big_two_scores,
    generate=big_two_scores,
    name_pattern=re.compile(BIG_TWO_NAME),
    rules_params=_big_two_rules_params,
    hand_input=_big_two_hand_input,
    setting_lines=_big_two_setting_lines,
    game_tokens=_big_two_game_tokens,
)

SCORE_FORMATS: dict[str, ScoreFormat] = {f.key: f for f in (HK_FORMAT, BIG_TWO_FORMAT)}


def format_for_family(family: str) -> ScoreFormat | None:
    """The score-file format of a rule family, if it has one."""
    return next((f for f in SCORE_FORMATS.values() if f.family == family), None)


def format_choices() -> list[tuple[str, str]]:
    return [(f.key, f.label) for f in SCORE_FORMATS.values()]


def generated_score_file(key: str, games: int) -> str:
    """A generated file of ``games`` games in the format ``key``, for benchmarks."""
    return SCORE_FORMATS[key].generate(games)


# --- standings as the reference programs' statistics ---------------------------------------

StatsRow = HKPlayerStats | BigTwoPlayerStats


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


def standings_stats(family: str, standings: Sequence[StandingLike]) -> list[StatsRow]:
    """Standings as the statistics rows of the family's reference program, then ``*``.

    Big Two has its own columns; every other family has the HK program's.
    """
    if family == "big_two":
        return [*big_two_rows(standings)]
    rows = [
        HKPlayerStats(row.name, row.games, row.wins, row.blames, Fraction(row.net))
        for row in standings
    ]
    games, wins, blames = _sums(rows, "game_count", "win_count", "blame_count")
    net = sum((row.net_score for row in rows), Fraction(0))
    return [*rows, HKPlayerStats("*", games, wins, blames, net)]


def big_two_rows(standings: Sequence[StandingLike]) -> list[BigTwoPlayerStats]:
    """Big Two standings as statistics rows, then the ``*`` row of everyone."""
    rows = [
        BigTwoPlayerStats(
            row.name, row.is_regular, row.games, row.wins, row.fries, row.real_losses, int(row.net)
        )
        for row in standings
    ]
    columns = ("game_count", "win_count", "fry_count", "real_losses", "net_score")
    return [*rows, BigTwoPlayerStats("*", True, *_sums(rows, *columns))]


def _sums(rows: Sequence[Any], *columns: str) -> list[int]:
    return [sum(getattr(row, column) for row in rows) for column in columns]


def stats_tsv(family: str, standings: Sequence[StandingLike]) -> str:
    """The standings in the reference programs' TSV, written by the engine's own writer,
    with any cell a spreadsheet would run as a formula neutralised."""
    header, rows = _spreadsheet_rows(family, standings)
    return tsv_text(header, rows)


def stats_csv(family: str, standings: Sequence[StandingLike]) -> str:
    """The same columns and cells as the TSV, as comma-separated values."""
    header, rows = _spreadsheet_rows(family, standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def _spreadsheet_rows(
    family: str, standings: Sequence[StandingLike]
) -> tuple[Sequence[str], list[list[object]]]:
    header: Sequence[str] = BIG_TWO_HEADER if family == "big_two" else HK_HEADER
    rows = [
        [spreadsheet_safe(cell) for cell in row.cells()]
        for row in standings_stats(family, standings)
    ]
    return header, rows
