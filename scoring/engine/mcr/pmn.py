"""PMN (Portable Majiang Notation) game records: read and write (mcr.md §11).

A file holds one or more games, each a block of ``[Tag "value"]`` lines. Reading checks every
tag it knows; ``write_pmn`` writes a game back so that reading it again gives the same game.

>>> text = '[Board "1"]\\n[PWind "S"]\\n[Play "T0c1D0z1H1"]\\n[Fan "None 39/8/1 None None"]'
>>> game = read_pmn(text)[0]
>>> game.board, [a.kind for a in game.play], game.fans[1]
(1, ['T', 'D', 'H'], (FanItem(number=39, value=8, count=1),))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from scoring.engine.bounds import Bound
from scoring.engine.errors import EngineError, HandError
from scoring.engine.names import clean_name
from scoring.engine.tiles import WINDS, Tile, counts, from_pmn, to_pmn

SEATS: Final = ("East", "South", "West", "North")
WIND_LETTERS: Final = "ESWN"
STANDARD_SCORING: Final = ("MCR", "Normal")
DUPLICATE_SCORING: Final = ("Duplicate", "Duplicate MCR")
ACTIONS: Final = "TDCPABZRH"
BOARDS: Final = 16  # a standard game is 16 deals; a duplicate session may number more
BOARD: Final = Bound("the board", 1, 9999)
# A score before or after a deal (Starting, Result, Penalty): far beyond any real game.
SCORE: Final = Bound("each score", -999_999, 999_999)
FAN_NUMBER: Final = Bound("a fan item's number, value and count", 0, 999)


class PmnError(EngineError):
    """A PMN record is malformed; ``field`` names the tag, ``game`` the game (1-based)."""

    def __init__(
        self,
        message: str | EngineError,
        *,
        tag: str | None = None,
        game: int | None = None,
        **values: Any,
    ) -> None:
        super().__init__(message, field=tag, **values)
        if tag:
            self.prefixed("[{tag}] ", tag=tag)
        self.game = game


class PlayError(PmnError):
    """The play string is malformed or breaks the rules at ``position`` (0-based character)."""

    def __init__(
        self, message: str | EngineError, position: int, *, game: int | None = None, **values: Any
    ) -> None:
        super().__init__(message, game=game, **values)
        self.prefixed("at character {position}: ", position=position + 1)
        self.prefixed("[{tag}] ", tag="Play")
        self.field = "Play"
        self.position = position


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the play string: kind letter, seat 0-3, tile (None for H or ``z1``)."""

    kind: str
    seat: int
    tile: Tile | None
    position: int
    just_drawn: bool = False  # the tile was given as z1, "the tile just drawn"

    def code(self) -> str:
        """The action as written in PMN."""
        if self.kind == "H":
            return f"H{self.seat}"
        tile = "z1" if self.just_drawn or self.tile is None else to_pmn(self.tile)
        return f"{self.kind}{self.seat}{tile}"


@dataclass(frozen=True, slots=True)
class FanItem:
    """One item of a ``Fan`` field: PMN fan number, value when written, times counted."""

    number: int
    value: int | None
    count: int

    def code(self) -> str:
        if self.value is None:
            return f"{self.number}/{self.count}"
        return f"{self.number}/{self.value}/{self.count}"


@dataclass(slots=True)
class PmnGame:
    """One PMN game record. ``tags`` keeps every tag in file order (unknown tags too)."""

    tags: dict[str, str] = field(default_factory=dict)
    board: int | None = None
    prevailing_wind: Tile = WINDS[0]
    deal: tuple[tuple[Tile, ...], ...] = ()
    duplicate: bool = False
    starting: tuple[int, ...] = (0, 0, 0, 0)
    result: tuple[int, ...] | None = None
    penalty: tuple[int, ...] = (0, 0, 0, 0)
    play: tuple[Action, ...] = ()
    fans: tuple[tuple[FanItem, ...] | None, ...] = (None, None, None, None)

    def name(self, seat: int) -> str:
        """The player's name at a seat (the seat's name when the tag is missing)."""
        return self.tags.get(SEATS[seat], SEATS[seat])


_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"([^"]*)"\]$')


def read_pmn(text: str) -> list[PmnGame]:
    """Every game of a PMN file (UTF-8 BOM, CRLF and blank lines accepted)."""
    games: list[PmnGame] = []
    tags: dict[str, str] = {}
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        match = _TAG.match(line)
        if match is None:
            raise PmnError(
                'line {number} is not a tag such as [Event "..."]: {line_value!r}',
                number=number,
                line_value=line[:40],
            )
        name, value = match.groups()
        if name in tags:  # a repeated tag starts the next game
            games.append(_game(tags, len(games) + 1))
            tags = {}
        tags[name] = value
    if tags:
        games.append(_game(tags, len(games) + 1))
    if not games:
        raise PmnError("the file holds no game")
    return games


def _game(tags: dict[str, str], number: int) -> PmnGame:
    try:
        return _parse_tags(tags)
    except PmnError as error:
        error.game = number
        raise


def _parse_tags(tags: dict[str, str]) -> PmnGame:
    game = PmnGame(tags=dict(tags))
    _clean_names(game)
    if "Board" in tags:
        game.board = _board(tags["Board"])
    if "PWind" in tags:
        game.prevailing_wind = _wind(tags["PWind"])
    if "Deal" in tags:
        game.deal = _deal(tags["Deal"])
    if "Scoring" in tags:
        game.duplicate = _scoring(tags["Scoring"])
    for tag in ("Starting", "Result", "Penalty"):
        if tag in tags:
            setattr(game, tag.lower(), _four_integers(tags[tag], tag))
    if "Play" in tags:
        game.play = parse_play(tags["Play"])
    if "Fan" in tags:
        game.fans = parse_fans(tags["Fan"])
    if "Date" in tags and not re.fullmatch(r"\d{4}\.(\d{2}|\?\?)\.(\d{2}|\?\?)", tags["Date"]):
        raise PmnError("{tags!r} is not a date YYYY.MM.DD", tag="Date", tags=tags["Date"])
    _check_scoring(game)
    return game


def _check_scoring(game: PmnGame) -> None:
    """What the scoring allows (§11.1): a standard game is boards 1-16 with one winner; a
    duplicate deal starts every table from 0."""
    scoring = f"{game.tags.get('Scoring', 'MCR')} scoring"
    if game.duplicate:
        if any(game.starting):
            raise PmnError(
                "{scoring} starts every deal from 0 0 0 0", tag="Starting", scoring=scoring
            )
        return
    if game.board is not None and game.board > BOARDS:
        raise PmnError(
            "board {board} is above {boards}, the last of a game",
            tag="Board",
            board=game.board,
            boards=BOARDS,
        )
    if sum(action.kind == "H" for action in game.play) > 1:
        raise PmnError(
            "{scoring} has one winner; the play has several", tag="Play", scoring=scoring
        )
    if sum(fans is not None for fans in game.fans) > 1:
        raise PmnError(
            "{scoring} has one winner; the fans name several", tag="Fan", scoring=scoring
        )


def _number(text: str, bound: Bound, tag: str) -> int:
    """A number of a tag, in ASCII digits and within ``bound``."""
    try:
        return bound.read(text.removeprefix("+"), field=tag)
    except HandError as error:
        raise PmnError("{text!r}: {problem}", tag=tag, text=text[:20], problem=error) from None


def _clean_names(game: PmnGame) -> None:
    """Each player's name as every name is kept (a missing one is the league's to report)."""
    for seat in SEATS:
        if not game.tags.get(seat, "").strip():
            continue
        try:
            game.tags[seat] = clean_name(game.tags[seat], field=seat)
        except EngineError as error:
            raise PmnError(error, tag=seat) from None


def _board(value: str) -> int:
    return _number(value, BOARD, "Board")


def _wind(value: str) -> Tile:
    if value not in WIND_LETTERS or len(value) != 1:
        raise PmnError("{value!r} is not a wind: use E, S, W or N", tag="PWind", value=value)
    return WINDS[WIND_LETTERS.index(value)]


def _scoring(value: str) -> bool:
    if value in STANDARD_SCORING:
        return False
    if value in DUPLICATE_SCORING:
        return True
    known = ", ".join(STANDARD_SCORING + DUPLICATE_SCORING)
    raise PmnError(
        "unknown scoring {value!r} (known: {known})", tag="Scoring", value=value, known=known
    )


def _four_integers(value: str, tag: str) -> tuple[int, ...]:
    parts = value.split()
    if len(parts) != 4:
        raise PmnError(
            "{value!r} should be four integers, East South West North", tag=tag, value=value
        )
    return tuple(_number(part, SCORE, tag) for part in parts)


_DEAL_HAND = re.compile(r"c(\d*)d(\d*)b(\d*)w(\d*)r(\d*)f(\d*)")


def _deal(value: str) -> tuple[tuple[Tile, ...], ...]:
    hands = value.split()
    if len(hands) != 4:
        raise PmnError("the deal needs four hands, East South West North", tag="Deal")
    dealt: list[tuple[Tile, ...]] = []
    for seat, text in zip(SEATS, hands, strict=True):
        if not _DEAL_HAND.fullmatch(text):
            raise PmnError(
                "{seat}'s hand {text!r} is not c..d..b..w..r..f.. (all six letters, in order)",
                tag="Deal",
                seat=seat,
                text=text,
            )
        try:
            tiles = from_pmn(text)
        except HandError as error:
            raise PmnError(
                "{seat}'s hand: {problem}", tag="Deal", seat=seat, problem=error
            ) from None
        playing = [t for t in tiles if t < 34]
        if len(playing) != 13:
            raise PmnError(
                "{seat}'s hand has {count} tiles, not 13", tag="Deal", seat=seat, count=len(playing)
            )
        dealt.append(tiles)
    _check_copies([t for hand in dealt for t in hand])
    return tuple(dealt)


def _check_copies(tiles: list[Tile]) -> None:
    tile_counts = counts(tiles)
    for t, count in enumerate(tile_counts):
        if count > 4:
            raise PmnError(
                "{count} copies of {tile} are dealt; there are 4",
                tag="Deal",
                count=count,
                tile=to_pmn(t),
            )
    bonus = [t for t in tiles if t >= 34]
    if len(bonus) != len(set(bonus)):
        raise PmnError("a flower is dealt twice; there is one of each", tag="Deal")


_ACTION = re.compile(r"([A-Z])([0-3])")
_TILE = re.compile(r"([cdbwrfz])(\d)")


def parse_play(text: str) -> tuple[Action, ...]:
    """The actions of a play string.

    >>> [a.code() for a in parse_play("T0r3D0z1C1c5H2")]
    ['T0r3', 'D0z1', 'C1c5', 'H2']
    """
    actions: list[Action] = []
    position = 0
    while position < len(text):
        match = _ACTION.match(text, position)
        if match is None or match.group(1) not in ACTIONS:
            found = text[position : position + 2]
            raise PlayError(
                "{found!r} is not an action (T D C P A B Z R H, then a seat 0-3)",
                position,
                found=found,
            )
        kind, seat = match.group(1), int(match.group(2))
        start, position = position, match.end()
        if kind == "H":
            actions.append(Action(kind, seat, None, start))
            continue
        tile_match = _TILE.match(text, position)
        if tile_match is None:
            raise PlayError(
                "{kind}{seat} needs a tile such as c5, w2, r1 or z1", position, kind=kind, seat=seat
            )
        position = tile_match.end()
        actions.append(_action(kind, seat, tile_match.group(), start, position))
    return tuple(actions)


def _action(kind: str, seat: int, code: str, start: int, position: int) -> Action:
    if code == "z1":
        return Action(kind, seat, None, start, just_drawn=True)
    if code[0] == "z":
        raise PlayError(
            "{code!r} is not a tile (z1 alone means the tile just drawn)", start, code=code
        )
    try:
        (tile,) = from_pmn(code)
    except HandError as error:
        raise PlayError(error, start) from None
    # A draw may bring a flower (set aside with R, then replaced by the next T).
    if kind != "T" and (tile >= 34) != (kind == "R"):
        what = "a flower" if kind == "R" else "a playing tile, not a flower"
        raise PlayError("{kind}{seat} takes {what}", start, kind=kind, seat=seat, what=what)
    return Action(kind, seat, tile, start)


def parse_fans(text: str) -> tuple[tuple[FanItem, ...] | None, ...]:
    """The four fields of a ``Fan`` tag; both item formats (``no/count``, ``no/value/count``).

    >>> parse_fans("None 39/1.62/1 None None")[1]
    (FanItem(number=39, value=None, count=1), FanItem(number=62, value=None, count=1))
    """
    fields = text.split()
    if len(fields) != 4:
        raise PmnError("the fans need four fields, East South West North", tag="Fan")
    return tuple(_fan_field(f) for f in fields)


def _fan_field(text: str) -> tuple[FanItem, ...] | None:
    if text == "None":
        return None
    items: list[FanItem] = []
    for item in text.split("."):
        parts = item.split("/")
        if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
            raise PmnError(
                "{item!r} is not a fan item such as 39/1 or 39/8/1", tag="Fan", item=item
            )
        numbers = [_number(p, FAN_NUMBER, "Fan") for p in parts]
        value = numbers[1] if len(numbers) == 3 else None
        items.append(FanItem(numbers[0], value, numbers[-1]))
    return tuple(items)


def _fan_text(fans: tuple[FanItem, ...] | None) -> str:
    return "None" if fans is None else ".".join(item.code() for item in fans)


def write_pmn(game: PmnGame) -> str:
    """The game as PMN text: its tags in their order, values rewritten from the parsed game."""
    values = dict(game.tags)
    if game.deal:
        values["Deal"] = " ".join(_deal_text(hand) for hand in game.deal)
    if game.play:
        values["Play"] = "".join(action.code() for action in game.play)
    if "Fan" in values:
        values["Fan"] = " ".join(_fan_text(fans) for fans in game.fans)
    return "".join(f'[{name} "{value}"]\n' for name, value in values.items())


def _deal_text(hand: tuple[Tile, ...]) -> str:
    codes = sorted(to_pmn(t) for t in hand)
    return "".join(letter + "".join(c[1] for c in codes if c[0] == letter) for letter in "cdbwrf")
