"""What the HK and Big Two score files share: decoding, line shapes, the reader loop and TSV."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, Generic, TypeVar

from scoring.engine.errors import EngineError, LineError
from scoring.engine.names import clean_name
from scoring.engine.text import BYTE_ORDER_MARK, decode_text

SEATS = 4

# §2.1: leading whitespace, the form, then trailing whitespace and an optional comment.
# Python's ``\s`` on ``str`` is exactly ``str.isspace()``.
DATE = r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})"
TAIL = r"\s*(?:#.*)?"

RulesT = TypeVar("RulesT", bound=Hashable)
HandT = TypeVar("HandT")


def line_pattern(*forms: str) -> re.Pattern[str]:
    """One whole-line pattern trying ``forms`` in order, then a comment or blank line.

    Alternation tries its branches left to right, so the first form that fits the whole
    line wins, exactly as trying each form's own pattern in turn. A comment or blank line
    matches with ``lastgroup`` None.

    >>> line_pattern(DATE).fullmatch("  2023-03-03 # x").lastgroup
    'date'
    """
    return re.compile(r"\s*(?:" + "|".join((*forms, "")) + ")" + TAIL)


def four(token: str) -> str:
    """Four whitespace-separated ``token`` patterns."""
    return r"\s+".join([token] * SEATS)


def score_lines(data: bytes) -> list[str]:
    """Decode a score file (UTF-8, one BOM dropped; a NUL or bytes that are not UTF-8 are a
    ``TextError`` at their line and column) and split it into lines (§2.1).

    >>> score_lines(b"\\xef\\xbb\\xbfA B C D\\r\\n1 - - -\\x0c# ff\\n")
    ['A B C D', '1 - - -', '# ff']
    """
    return decode_text(data).splitlines()


def lines_of(source: bytes | str) -> list[str]:
    """The lines of a score file given as stored bytes or as already decoded text."""
    if isinstance(source, bytes):
        return score_lines(source)
    return source.removeprefix(BYTE_ORDER_MARK).splitlines()


def repeated_names(names: Sequence[str]) -> list[str]:
    """Every occurrence of a name after its first, in order (§2.3).

    >>> repeated_names(["A", "B", "A", "B"])
    ['A', 'B']
    """
    seen: set[str] = set()
    repeated = []
    for name in names:
        if name in seen:
            repeated.append(name)
        seen.add(name)
    return repeated


def ratio(numerator: Fraction | int, game_count: int) -> Fraction | None:
    """``numerator / game_count`` exactly, or None when there are no games."""
    return Fraction(numerator, game_count) if game_count else None


class PerGame:
    """The per-game fractions both formats print, for a statistics row with these counts."""

    game_count: int
    win_count: int
    net_score: Fraction | int

    @property
    def win_fraction(self) -> Fraction | None:
        return ratio(self.win_count, self.game_count)

    @property
    def net_score_per_game(self) -> Fraction | None:
        return ratio(self.net_score, self.game_count)


# OWASP's CSV injection advice: a spreadsheet runs a cell starting with one of these as a
# formula (tab and CR too, as some strip them first), unless the cell is a number.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER_CELL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?%?")


def spreadsheet_safe(cell: object) -> object:
    """``cell`` as a spreadsheet shows it and never runs it: text that would start a
    formula gets a leading ``'``; numbers (``-904``, ``-2.5``) and other values stay.

    The reference programs write names as they are, so the ``mahjong-score`` writers do
    not use this; the site's downloads do.

    >>> [spreadsheet_safe(c) for c in ("=HYPERLINK(1)", "-2+3+cmd", "-904", "@A1", "B=x", 7)]
    ["'=HYPERLINK(1)", "'-2+3+cmd", '-904', "'@A1", 'B=x', 7]
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_START) and not NUMBER_CELL.fullmatch(cell):
        return f"'{cell}"
    return cell


def tsv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Tab-separated rows, csv QUOTE_MINIMAL quoting, every row ending with ``\\n`` (§5.5).

    >>> tsv_text(["name", "net"], [['O"Neil', 3]])
    'name\\tnet\\n"O""Neil"\\t3\\n'
    """
    return "".join(tsv_lines(header, rows))


def tsv_lines(header: Sequence[str], rows: Iterable[Sequence[object]]) -> Iterator[str]:
    """``tsv_text`` one line at a time, for a file that streams out.

    >>> list(tsv_lines(["name", "net"], [["Ada", 3]]))
    ['name\\tnet\\n', 'Ada\\t3\\n']
    """
    return delimited_lines(header, rows, delimiter="\t", lineterminator="\n")


def delimited_lines(
    header: Sequence[str], rows: Iterable[Sequence[object]], **dialect: str
) -> Iterator[str]:
    """The header, then each row, written by ``csv.writer`` with ``dialect``, line by line."""
    writer = csv.writer(_Echo(), quoting=csv.QUOTE_MINIMAL, **dialect)  # type: ignore[arg-type]
    yield writer.writerow(header)
    for row in rows:
        yield writer.writerow(row)


class _Echo:
    """A file that gives back what is written to it: ``csv.writer`` returns each line."""

    def write(self, text: str) -> str:
        return text


@dataclass
class Section(Generic[RulesT, HandT]):
    """A run of games under one date, one rule set and one seating, in file order."""

    date: str | None
    rules: RulesT
    seating: tuple[str, ...]
    lines: list[int] = field(default_factory=list)
    hands: list[HandT] = field(default_factory=list)

    @property
    def games(self) -> list[tuple[int, HandT]]:
        """Each game as (line number, hand)."""
        return list(zip(self.lines, self.hands, strict=True))


@dataclass
class ScoreFile(Generic[RulesT, HandT]):
    """A read score file: the players in order of first appearance and the game sections."""

    players: list[str]
    sections: list[Section[RulesT, HandT]]

    @property
    def game_count(self) -> int:
        """The number of game lines read."""
        return sum(len(section.hands) for section in self.sections)


_NOTHING_CACHED: dict[str, object] = {}


class ScoreReader(Generic[RulesT, HandT]):
    """The line loop both formats share; a subclass reads each line that is not a known game.

    Identical game lines are common, so a game line already read under the open section's
    rules is added straight from a cache keyed by its text: validating it again would give
    the same hand. Any line that changes the date, the rules or the seating closes the section.
    """

    no_players_message: ClassVar[str]
    # Whether a game line reads as a different hand under other rules; when it never does,
    # one cache serves every section.
    hands_depend_on_rules: ClassVar[bool] = True
    explainer: ClassVar[str]

    def __init__(self, rules: RulesT) -> None:
        self.date: str | None = None
        self.rules = rules
        self.seating: tuple[str, ...] | None = None
        self.players: dict[str, None] = {}
        self.sections: list[Section[RulesT, HandT]] = []
        self._section: Section[RulesT, HandT] | None = None
        self._cache_by_rules: dict[Hashable, dict[str, HandT]] = {}
        self._rules_cache: dict[str, HandT] | None = None  # the current rules' cache
        self._open_cache: dict[str, HandT] = {}
        self._clean_names: dict[str, str] = {}  # each name as written, cleaned

    def read(self, lines: Iterable[str]) -> ScoreFile[RulesT, HandT]:
        """Read every line; raise ``LineError`` at the first bad one."""
        cached = self._open_cache
        nowhere_lines: list[int] = []  # no section is open until a game line opens one
        nowhere_hands: list[HandT] = []
        add_line: Callable[[int], None] = nowhere_lines.append
        add_hand: Callable[[HandT], None] = nowhere_hands.append
        for number, line in enumerate(lines, 1):
            hand = cached.get(line)
            if hand is None and "#" in line:
                # A comment (§2.1) changes nothing: the game before it may be known.
                hand = cached.get(line.partition("#")[0].rstrip())
            if hand is not None:
                add_line(number)
                add_hand(hand)
                continue
            self.read_line(number, line)
            cached = self._open_cache
            if self._section is not None:
                add_line = self._section.lines.append
                add_hand = self._section.hands.append
        return ScoreFile(list(self.players), self.sections)

    def read_line(self, number: int, line: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def hand_from_tokens(self, tokens: list[str]) -> HandT:  # pragma: no cover - abstract
        raise NotImplementedError

    def invalid_line(self, number: int) -> LineError:
        """The error for a line that has none of the forms, with the format's explainer."""
        return LineError(number, "invalid line\n\n{explainer}", explainer=self.explainer)

    def set_rules(self, rules: RulesT) -> None:
        """A setting line changed the rules."""
        self.rules = rules
        self._rules_cache = None
        self.change()

    def change(self) -> None:
        """The date, rules or seating changed: the next game opens a new section."""
        self._section = None
        self._open_cache = _NOTHING_CACHED  # type: ignore[assignment]

    def seat(self, number: int, names: list[str]) -> None:
        """A player line: check each name and for duplicates, register them, set the seating."""
        cleaned = self._clean_names
        try:
            names = [cleaned.get(name) or self._clean_name(name) for name in names]
        except EngineError as error:
            raise LineError(number, error) from None
        repeated = repeated_names(names)
        if repeated:
            raise LineError(number, "duplicate player names {repeated}", repeated=repeated)
        self.players.update(dict.fromkeys(names))
        self.seating = tuple(names)
        self.change()

    def _clean_name(self, text: str) -> str:
        """``clean_name(text)``, kept: a club's few names are on every player line."""
        name = self._clean_names[text] = clean_name(text)
        return name

    def game(self, number: int, line: str, tokens: list[str]) -> None:
        """A game line not in the cache: check it, cache it, add it to the open section."""
        if self.seating is None:
            raise LineError(number, self.no_players_message)
        cache = self._rules_cache
        if cache is None:
            key = self.rules if self.hands_depend_on_rules else None
            cache = self._rules_cache = self._cache_by_rules.setdefault(key, {})
        # The tokens joined by single spaces are also a game line with the same hand, so
        # the cache doubles as a table of hands by their tokens.
        canonical = " ".join(tokens)
        hand = cache.get(canonical)
        if hand is None:
            try:
                hand = self.hand_from_tokens(tokens)
            except EngineError as error:
                error.name_seats(self.seating)  # the line's seats are the players seated
                raise LineError(number, error) from None
            cache[canonical] = hand
        cache[line] = hand
        section = self._open_section(self.seating)
        section.lines.append(number)
        section.hands.append(hand)
        self._open_cache = cache

    def _open_section(self, seating: tuple[str, ...]) -> Section[RulesT, HandT]:
        if self._section is None:
            last = self.sections[-1] if self.sections else None
            if last and (last.date, last.rules, last.seating) == (self.date, self.rules, seating):
                self._section = last
            else:
                self._section = Section(self.date, self.rules, seating)
                self.sections.append(self._section)
        return self._section
