"""The Big Two score file (big-two-scorer format): reading it, its statistics and its TSV."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain

from scoring.engine import big_two
from scoring.engine.big_two import (
    CARDS_LEFT,
    BigTwoHand,
    BigTwoRules,
    is_fried,
    is_regular,
    is_win,
    real_loss,
)
from scoring.engine.errors import LineError, RulesError
from scoring.engine.exact import format_ratio
from scoring.engine.scorefile import (
    DATE,
    SEATS,
    PerGame,
    ScoreFile,
    ScoreReader,
    Section,
    four,
    line_pattern,
    lines_of,
    ratio,
    tsv_text,
)

BigTwoScoreFile = ScoreFile[BigTwoRules, BigTwoHand]
BigTwoSection = Section[BigTwoRules, BigTwoHand]

BIG_TWO_EXPLAINER = """\
A line must have one of the following forms:
    <yyyy>-<mm>-<dd>     # a date
    F=<threshold>        # a declaration of fry threshold (default 10)
    <P1> <P2> <P3> <P4>  # a list of player names (no hashes, asterisks, or
                         # leading digits)
    <L1> <L2> <L3> <L4>  # a list of losses (number of cards with optional
                         # suffix `t` for a player taking on all losses)
    # <comment>          # a comment, also allowed at the end of the forms
                         # above
All other lines are invalid.
"""

BIG_TWO_NAME = r"[^\s#*0-9][^\s#*]*"  # unlike HK, a name may start with "-"
BIG_TWO_LOSS = r"[0-9]+t?"
BIG_TWO_LINE = line_pattern(
    DATE,
    r"F=(?P<fry_threshold>[0-9]+)",
    f"(?P<players>{four(BIG_TWO_NAME)})",
    f"(?P<game>{four(BIG_TWO_LOSS)})",
)

BIG_TWO_HEADER = (
    "name",
    "is_regular",
    "game_count",
    "win_count",
    "fry_count",
    "real_losses",
    "net_score",
    "win_fraction",
    "fry_fraction",
    "real_losses_per_game",
    "net_score_per_game",
)


class BigTwoReader(ScoreReader[BigTwoRules, BigTwoHand]):
    """Reads a Big Two score file line by line (§6): no chronology check, no date window."""

    no_players_message = "game losses declared without first declaring player names"
    explainer = BIG_TWO_EXPLAINER
    hands_depend_on_rules = False  # the fry threshold counts in the statistics, not the hand

    def __init__(self, rules: BigTwoRules | None = None) -> None:
        super().__init__(rules or BigTwoRules())

    def read_line(self, number: int, line: str) -> None:
        match = BIG_TWO_LINE.fullmatch(line)
        if match is None:
            raise self.invalid_line(number)
        kind = match.lastgroup
        if kind is None:
            return
        value = match[kind]
        if kind == "game":
            self.game(number, line, value.split())
        elif kind == "players":
            self.seat(number, value.split())
        elif kind == "date":
            self.date = value
            self.change()
        else:
            digits = value.lstrip("0") or "0"
            # A number too long to be a threshold is refused by the bound, not read.
            threshold = int(digits) if len(digits) <= 9 else big_two.FRY_THRESHOLD.high + 1
            try:
                rules = BigTwoRules(threshold)
            except RulesError as error:
                raise LineError(number, error) from None
            self.set_rules(rules)

    def hand_from_tokens(self, tokens: list[str]) -> BigTwoHand:
        return big_two.hand_from_tokens(tokens)


def read_big_two_scores(
    source: bytes | str, *, rules: BigTwoRules | None = None
) -> BigTwoScoreFile:
    """Read a Big Two score file (bytes as stored, or text); raise ``LineError`` at a bad line.
    Until a setting line changes them, the rules are ``rules`` (the reference defaults if none).

    Returns the players in order of first appearance and the sections of games, each with
    its date, its ``BigTwoRules``, its seating and every game as (line number, ``BigTwoHand``).

    >>> scores = read_big_two_scores("F=11\\na b c d\\n0 11 3t 1\\n")
    >>> scores.sections[0].rules, scores.sections[0].games
    (BigTwoRules(fry_threshold=11), [(3, BigTwoHand(losses=(0, 11, 3, 1), takes_all=2))])
    """
    return BigTwoReader(rules).read(lines_of(source))


@dataclass(frozen=True)
class BigTwoPlayerStats(PerGame):
    """One row of the Big Two statistics: a player's totals, or everyone's (``*``)."""

    name: str
    is_regular: bool
    game_count: int
    win_count: int
    fry_count: int
    real_losses: int
    net_score: int

    @property
    def fry_fraction(self) -> Fraction | None:
        return ratio(self.fry_count, self.game_count)

    @property
    def real_losses_per_game(self) -> Fraction | None:
        return ratio(self.real_losses, self.game_count)

    def cells(self) -> list[object]:
        """The TSV cells (§8.3); a fraction over 0 games is an empty cell."""
        fractions = (
            self.win_fraction,
            self.fry_fraction,
            self.real_losses_per_game,
            self.net_score_per_game,
        )
        counts = (self.game_count, self.win_count, self.fry_count, self.real_losses)
        return [
            self.name,
            self.is_regular,
            *counts,
            self.net_score,
            *("" if value is None else format_ratio(value) for value in fractions),
        ]


def big_two_statistics(scores: BigTwoScoreFile) -> list[BigTwoPlayerStats]:
    """Every registered player's row, sorted as §8.4, then the ``*`` row of everyone."""
    totals = {name: [0, 0, 0, 0, 0] for name in scores.players}
    for section in scores.sections:
        _tally_section(section, totals)
    game_count = scores.game_count
    rows = sorted(
        (
            BigTwoPlayerStats(name, is_regular(total[0], game_count), *total)
            for name, total in totals.items()
        ),
        key=_big_two_rank,
    )
    sums = [sum(column) for column in zip(*totals.values(), strict=True)] or [0] * 5
    return [*rows, BigTwoPlayerStats("*", True, *sums)]


def _big_two_rank(row: BigTwoPlayerStats) -> tuple[bool, bool, Fraction, str]:
    """Regular players first, then by real losses per game (0 games last), then by name.

    Ranking players without games after the others in their group is where we differ from
    the reference, which crashes there (§9, D1).
    """
    per_game = row.real_losses_per_game
    return (not row.is_regular, per_game is None, per_game or Fraction(0), row.name)


@cache
def _loss_tables(rules: BigTwoRules) -> tuple[bytes, bytes, bytes]:
    """Under ``rules``, tables for ``bytes.translate`` from a number of cards left to its
    real loss (at most 3 × 13), and to 1 or 0 for whether it wins and whether it is fried,
    so that a seat's column of losses is summed and counted without a step per game."""
    losses = range(CARDS_LEFT.high + 1)
    padding = bytes(256 - len(losses))
    return (
        bytes(real_loss(loss, rules) for loss in losses) + padding,
        bytes(is_win(loss) for loss in losses) + padding,
        bytes(is_fried(loss, rules) for loss in losses) + padding,
    )


def _tally_section(section: BigTwoSection, totals: dict[str, list[int]]) -> None:
    """Add a section's games to each seated player's totals, a whole seat column at a time."""
    real_table, win_table, fry_table = _loss_tables(section.rules)
    games, takers = zip(*section.hands, strict=True)
    # Every game's four losses in a row, one byte each: a seat's column is every fourth.
    losses = bytes(chain.from_iterable(games))
    real_columns = [0] * SEATS
    for seat, name in enumerate(section.seating):
        column = losses[seat::SEATS]
        total = totals[name]
        total[0] += len(column)
        total[1] += column.translate(win_table).count(1)
        total[2] += column.translate(fry_table).count(1)
        real_columns[seat] = sum(column.translate(real_table))
    if takers.count(None) != len(takers):
        _take_on_all_losses(section.hands, real_table, real_columns)
    everyone = sum(real_columns)  # Σ T over the section's games
    for seat, name in enumerate(section.seating):
        totals[name][3] += real_columns[seat]
        totals[name][4] += everyone - SEATS * real_columns[seat]


def _take_on_all_losses(
    hands: list[BigTwoHand], real_table: bytes, real_columns: list[int]
) -> None:
    """Move each ``t`` game's real losses from the seats' totals to the seat taking them on."""
    for losses, taker in hands:
        if taker is None:
            continue
        reals = [real_table[loss] for loss in losses]
        for seat, real in enumerate(reals):
            real_columns[seat] -= real
        real_columns[taker] += sum(reals)


def big_two_tsv(rows: list[BigTwoPlayerStats]) -> str:
    """The statistics as the reference TSV text (§8)."""
    return tsv_text(BIG_TWO_HEADER, (row.cells() for row in rows))


def big_two_output_name(path: str) -> str:
    """The output file name for an input path as given (§10)."""
    return f"{path}.tsv"
