"""The Hong Kong score file (mahjong-scorer format): reading it, its statistics and its TSV."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from operator import itemgetter

from scoring.engine import hk
from scoring.engine.errors import LineError, RulesError
from scoring.engine.exact import format_ratio, parse_decimal
from scoring.engine.hk import HKHand, HKRules, Responsibility, Spiciness
from scoring.engine.scorefile import (
    DATE,
    TAIL,
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

HKScoreFile = ScoreFile[HKRules, HKHand]
HKSection = Section[HKRules, HKHand]

HK_EXPLAINER = """\
A line must have one of the following forms:
    <yyyy>-<mm>-<dd>     # a date
    B=<base>             # a declaration of base points (default 1),
                         #   0.5 = two & five chicken (二五雞)
                         #   1   = five & one (五一)
                         #   2   = one & two bucks (一二蚊)
    M=<faan>             # a declaration of maximum faan (default 13)
    R=half | full        # a declaration of responsibility (default full)
                         #   half  = half responsibility (半銃)
                         #   full  = full responsibility (全銃)
    S=half | spicy       # a declaration of spiciness (default half)
                         #   half  = half-spicy rise (半辣上)
                         #   spicy = spicy-spicy rise (辣辣上)
    <P1> <P2> <P3> <P4>  # a declaration of player names (no hashes,
                         # asterisks, leading hyphens, or leading digits)
    <R1> <R2> <R3> <R4>  # a declaration of game results
                         #   <digits> = winner's faan
                         #   -        = blameless player
                         #   d        = discarding (打出) player
                         #   D        = discard-guaranteeing (包打出) player
                         #   S        = self-draw-guaranteeing (包自摸) player
                         #   f        = false-winning (詐糊) player
    # <comment>          # a comment, also allowed at the end of the forms
                         # above
All other lines are invalid.
"""

HK_NAME = r"[^\s#*0-9-][^\s#*]*"
HK_RESULT = r"(?:[0-9]+|[-dDSf])"
HK_LINE = line_pattern(
    DATE,
    r"B=(?P<base>[.0-9]+)",
    r"M=(?P<max_faan>[0-9]+)",
    r"R=(?P<responsibility>half|full)",
    r"S=(?P<spiciness>half|spicy)",
    f"(?P<players>{four(HK_NAME)})",
    f"(?P<game>{four(HK_RESULT)})",
)
DATE_LINE = re.compile(r"\s*" + DATE + TAIL)

HK_HEADER = (
    "name",
    "game_count",
    "win_count",
    "win_fraction",
    "blame_count",
    "blame_fraction",
    "net_score",
    "net_score_per_game",
)


class HKReader(ScoreReader[HKRules, HKHand]):
    """Reads an HK score file line by line, honouring the ``--from``/``--to`` window (§3.5)."""

    no_players_message = "game declared without first declaring player names"
    explainer = HK_EXPLAINER

    def __init__(
        self,
        date_from: str | None = None,
        date_to: str | None = None,
        rules: HKRules | None = None,
    ) -> None:
        super().__init__(rules or HKRules())
        self.date_from = date_from
        self.date_to = date_to
        self.in_window = self._date_in_window()

    def read_line(self, number: int, line: str) -> None:
        if not self.in_window and DATE_LINE.fullmatch(line) is None:
            return  # outside the window every line but a date is ignored, even a bad one
        match = HK_LINE.fullmatch(line)
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
            self._set_date(number, value)
        else:
            try:
                rules = self._ruled(kind, value, number)
            except RulesError as error:  # a value beyond the engine's bounds
                raise LineError(number, error) from None
            self.set_rules(rules)

    def hand_from_tokens(self, tokens: list[str]) -> HKHand:
        return hk.hand_from_tokens(tokens, self.rules)

    def _set_date(self, number: int, date: str) -> None:
        if self.date is not None and date < self.date:
            raise LineError(
                number, "bad chronological order {date} < {date2}", date=date, date2=self.date
            )
        self.date = date
        self.in_window = self._date_in_window()
        self.change()

    def _date_in_window(self) -> bool:
        """Whether the current date lies in [from, to); an unset date lies outside any bound."""
        date = self.date
        if self.date_from is not None and (date is None or date < self.date_from):
            return False
        return self.date_to is None or (date is not None and date < self.date_to)

    def _ruled(self, setting: str, value: str, number: int) -> HKRules:
        """The rules with one ``B=``, ``M=``, ``R=`` or ``S=`` setting applied."""
        if setting == "base":
            try:
                base = parse_decimal(value)
            except RulesError:
                raise LineError(number, "unable to convert {value} to float", value=value) from None
            return replace(self.rules, base=base)
        if setting == "max_faan":
            digits = value.lstrip("0") or "0"
            # A number too long to be a maximum is refused by the bound, not read.
            too_long = hk.MAX_FAAN.high + 1
            return replace(self.rules, max_faan=int(digits) if len(digits) <= 9 else too_long)
        if setting == "responsibility":
            return replace(self.rules, responsibility=Responsibility(value))
        return replace(self.rules, spiciness=Spiciness(value))


def read_hk_scores(
    source: bytes | str,
    *,
    date_from: str | None = None,
    date_to: str | None = None,
    rules: HKRules | None = None,
) -> HKScoreFile:
    """Read an HK score file (bytes as stored, or text); raise ``LineError`` at the first bad line.
    Until a setting line changes them, the rules are ``rules`` (the reference defaults if none).

    Returns the players in order of first appearance and the sections of games, each with
    its date, its ``HKRules``, its seating and every game as (line number, ``HKHand``).

    >>> scores = read_hk_scores("R=half\\nA B C D\\n- 2 d -\\n")
    >>> scores.players, scores.sections[0].games
    (['A', 'B', 'C', 'D'], [(3, HKHand(outcome=<Outcome.DISCARD: 'discard'>, winner=1, faan=2, blamed=2))])
    """  # noqa: E501
    return HKReader(date_from, date_to, rules).read(lines_of(source))


@dataclass(frozen=True)
class HKPlayerStats(PerGame):
    """One row of the HK statistics: a player's totals, or everyone's (``*``)."""

    name: str
    game_count: int
    win_count: int
    blame_count: int
    net_score: Fraction

    @property
    def blame_fraction(self) -> Fraction | None:
        return ratio(self.blame_count, self.game_count)

    def cells(self) -> list[object]:
        """The TSV cells (§5.2); a fraction over 0 games is ``nan``."""
        return [
            self.name,
            self.game_count,
            self.win_count,
            _hk_number(self.win_fraction),
            self.blame_count,
            _hk_number(self.blame_fraction),
            _hk_number(self.net_score),
            _hk_number(self.net_score_per_game),
        ]


def _hk_number(value: Fraction | None) -> str:
    return "nan" if value is None else format_ratio(value)


class _Tally:
    """A player's running totals; net scores are kept as integers per scale (exact, fast)."""

    __slots__ = ("blames", "games", "nets", "wins")

    def __init__(self) -> None:
        self.games = self.wins = self.blames = 0
        self.nets: dict[int, int] = {}

    def stats(self, name: str) -> HKPlayerStats:
        net = sum((Fraction(total, scale) for scale, total in self.nets.items()), Fraction(0))
        return HKPlayerStats(name, self.games, self.wins, self.blames, net)


def hk_statistics(scores: HKScoreFile) -> list[HKPlayerStats]:
    """Every registered player's row, sorted as §5.4, then the ``*`` row of everyone."""
    tallies = {name: _Tally() for name in scores.players}
    facts_by_rules: dict[HKRules, dict[int, _HandFacts]] = {}
    for section in scores.sections:
        facts = facts_by_rules.setdefault(section.rules, {})
        _tally_section(section, facts, tallies)
    rows = sorted((tally.stats(name) for name, tally in tallies.items()), key=_hk_rank)
    everyone = HKPlayerStats(
        "*",
        sum(row.game_count for row in rows),
        sum(row.win_count for row in rows),
        sum(row.blame_count for row in rows),
        sum((row.net_score for row in rows), Fraction(0)),
    )
    return [*rows, everyone]


def _hk_rank(row: HKPlayerStats) -> tuple[bool, Fraction, str]:
    """Highest net score per game first, players without games last, then by name."""
    per_game = row.net_score_per_game
    return (per_game is None, -(per_game or Fraction(0)), row.name)


# A hand's settlement scaled to whole numbers, its winner and its blamed seat.
_HandFacts = tuple[tuple[int, ...], int | None, int | None]


def _tally_section(
    section: HKSection, facts: dict[int, _HandFacts], tallies: dict[str, _Tally]
) -> None:
    """Add a section's games to its seated players' tallies, a whole seat column at a time.

    A reader shares one hand object among identical game lines, so ``facts`` holds each
    distinct hand's facts under the section's rules keyed by the hand's identity (all the
    lookups then run in C), for as long as the hands are alive.
    """
    rules, hands = section.rules, section.hands
    identities = list(map(id, hands))
    if not facts.keys() >= set(identities):
        for identity, hand in zip(identities, hands, strict=True):
            if identity not in facts:
                facts[identity] = _hand_facts(hand, rules)
    rows = list(map(facts.__getitem__, identities))
    nets = [sum(column) for column in zip(*map(itemgetter(0), rows), strict=True)]
    wins = Counter(map(itemgetter(1), rows))
    blames = Counter(map(itemgetter(2), rows))
    scale = 2 * rules.base.denominator
    for seat, name in enumerate(section.seating):
        tally = tallies[name]
        tally.games += len(hands)
        tally.wins += wins[seat]
        tally.blames += blames[seat]
        tally.nets[scale] = tally.nets.get(scale, 0) + nets[seat]


def _hand_facts(hand: HKHand, rules: HKRules) -> _HandFacts:
    """The settlement times 2 × the base's denominator (whole numbers, since every payment
    is a multiple of half a portion), the winner and the blamed seat."""
    scale = 2 * rules.base.denominator
    scaled = [change * scale for change in hk.settle(hand, rules)]
    assert all(value.denominator == 1 for value in scaled)
    return tuple(value.numerator for value in scaled), hand.winner, hand.blamed


def hk_tsv(rows: list[HKPlayerStats]) -> str:
    """The statistics as the reference TSV text (§5)."""
    return tsv_text(HK_HEADER, (row.cells() for row in rows))


def hk_output_name(path: str, date_from: str | None = None, date_to: str | None = None) -> str:
    """The output file name for an input path as given (§10).

    >>> hk_output_name("scores.txt", "2023-03-01", "2023-03-03")
    'scores.txt --from 2023-03-01 --to 2023-03-03.tsv'
    """
    window = f" --from {date_from}" if date_from is not None else ""
    window += f" --to {date_to}" if date_to is not None else ""
    return f"{path}{window}.tsv"
