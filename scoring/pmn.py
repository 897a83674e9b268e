"""PMN game records for the league: a file read into MCR hand inputs, and a record replayed
step by step for the replay page (mcr.md §11). The league reaches the PMN engine only here."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.chinese import in_reader_script, reads_chinese
from scoring.engine.errors import EngineError, HandError, Message
from scoring.engine.hand import Hand, Meld, hand_from_json, hand_to_json
from scoring.engine.mcr.fans import FANS
from scoring.engine.mcr.plays import drawn_game, winning_game
from scoring.engine.mcr.pmn import (
    SEATS,
    WIND_LETTERS,
    Action,
    PmnError,
    PmnGame,
    parse_fans,
    read_pmn,
    write_pmn,
)
from scoring.engine.mcr.records import GameScore, score_game
from scoring.engine.mcr.replay import Table
from scoring.engine.tiles import WINDS, Tile, code, number, parse_tile, suit, tile_name
from scoring.families.mcr import MCRFamily, describe_penalties, rules_from_params

WIND_NAMES = ("East 東", "South 南", "West 西", "North 北")
_HONOURS = "東南西北白發中"
_BONUS = "梅蘭菊竹春夏秋冬"
_SUIT_LABELS = {"m": "萬", "p": "筒", "s": "索"}
_TAG_NAME = re.compile(r"^\[([A-Za-z][A-Za-z0-9_]*)\s")


# --- reading a file -----------------------------------------------------------------------


@dataclass
class RecordGame:
    """One game of a PMN file, ready to record as a hand (seats in the record's order)."""

    number: int  # 1-based within its file
    names: tuple[str, ...]  # East, South, West, North
    played_on: dt.date | None
    duplicate: bool
    hand_input: dict[str, Any]
    record: str  # the game as canonical PMN text: what is stored and replayed
    summary: str
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RecordError:
    """Why one game of a file cannot be imported: the game (None for the whole file)."""

    game: int | None
    message: str

    def __str__(self) -> str:
        return f"game {self.game}: {self.message}" if self.game else self.message


def read_records(
    text: str, params: Mapping[str, Any]
) -> tuple[list[RecordGame], list[RecordError]]:
    """Every game of a PMN file as a hand of an MCR rule set with ``params``, and every game
    that cannot be one (each game is checked on its own, so one bad game hides no other).

    >>> games, errors = read_records('[Board "1"]', {"scoring": "standard"})
    >>> games, [str(e) for e in errors]
    ([], ["game 1: [East] the record does not name this seat's player"])
    """
    chunks = _game_texts(text)
    if not chunks:
        return [], [RecordError(None, "the file holds no game")]
    games: list[RecordGame] = []
    errors: list[RecordError] = []
    for index, chunk in enumerate(chunks, start=1):
        try:
            games.append(_record_game(index, chunk, params))
        except EngineError as error:
            errors.append(RecordError(index, error.message))
    return games, errors


def _game_texts(text: str) -> list[str]:
    """The file cut into games as ``read_pmn`` cuts it (a repeated tag starts the next game),
    each padded with blank lines so that the engine's line numbers are the file's."""
    chunks: list[str] = []
    lines: list[str] = []
    names: set[str] = set()
    start = 0
    for index, raw in enumerate(text.lstrip("\ufeff").splitlines()):
        match = _TAG_NAME.match(raw.strip())
        name = match.group(1) if match else None
        if name in names:
            chunks.append("\n" * start + "\n".join(lines))
            lines, names, start = [], set(), index
        if raw.strip():
            lines.append(raw)
            names.add(name or f"line {index}")
    if lines:
        chunks.append("\n" * start + "\n".join(lines))
    return chunks


def _record_game(index: int, text: str, params: Mapping[str, Any]) -> RecordGame:
    (game,) = read_pmn(text)
    for seat in SEATS:
        if not game.tags.get(seat, "").strip():
            raise PmnError("the record does not name this seat's player", tag=seat)
    if game.duplicate and params.get("scoring") != "duplicate":
        raise PmnError(
            "this game is scored Duplicate; import it under an MCR rule set with duplicate "
            "scoring (this one is standard)",
            tag="Scoring",
        )
    score = score_game(game, rules_from_params(params))
    hand_input, warnings = _hand_input(score)
    if any(game.penalty):
        hand_input["penalties"] = list(game.penalty)
    _check_hand(hand_input, params)
    names = tuple(game.name(seat) for seat in range(4))
    for warning in (*warnings, *score.warnings):
        warning.name_seats(names)  # a warning names the player, never the seat
    return RecordGame(
        number=index,
        names=names,
        played_on=_date(game),
        duplicate=game.duplicate,
        hand_input=hand_input,
        record=write_pmn(game),
        summary=_summary(hand_input, score, game),
        # Read now, in the language of whoever imports it (the worker's is theirs).
        warnings=[str(warning) for warning in (*warnings, *score.warnings)],
    )


def _check_hand(hand_input: Mapping[str, Any], params: Mapping[str, Any]) -> None:
    """Score the hand as the league will; a penalty it refuses is the record's [Penalty]."""
    family = MCRFamily()
    try:
        family.score_hand(family.clean_hand(hand_input, params), params)
    except HandError as error:
        if error.field != "penalties":
            raise
        raise PmnError(error.message, tag="Penalty") from error


def _summary(hand_input: Mapping[str, Any], score: GameScore, game: PmnGame) -> str:
    """Who won how much off whom, by the names in the record."""
    text = _outcome_summary(hand_input, score, game)
    if "penalties" in hand_input:
        names = [game.name(seat) for seat in range(4)]
        penalties = describe_penalties(hand_input["penalties"], names)
        text += _(" · penalties: %(penalties)s") % {"penalties": penalties}
    return text


def _outcome_summary(hand_input: Mapping[str, Any], score: GameScore, game: PmnGame) -> str:
    if hand_input["outcome"] == "draw":
        return _("Draw (荒莊)")
    seats = [hand_input["winner"], *(w["seat"] for w in hand_input.get("winners", []))]
    wins = _(" and ").join(
        _("%(name)s %(fan)s fan") % {"name": game.name(s), "fan": score.evaluations[s].total}
        for s in seats
    )
    if hand_input["outcome"] == "self_drawn":
        return _("%(wins)s, self-drawn (自摸)") % {"wins": wins}
    return _("%(wins)s off %(discarder)s") % {
        "wins": wins,
        "discarder": game.name(hand_input["discarder"]),
    }


def _date(game: PmnGame) -> dt.date | None:
    value = game.tags.get("Date", "")
    try:
        return dt.datetime.strptime(value, "%Y.%m.%d").date()
    except ValueError:
        return None  # missing, or with ?? for an unknown month or day


def _hand_input(score: GameScore) -> tuple[dict[str, Any], list[Message]]:
    """The MCR hand input of a replayed game: the winners' tiles as hand-json, the discarder."""
    table = score.table
    warnings: list[Message] = []
    if not table.winners:
        if not table.wall_empty:
            warnings.append(Message("the play ends before the wall is empty with no win: a draw"))
        return {"outcome": "draw"}, warnings
    discarder = score.discarder
    start = 0 if discarder is None else discarder + 1
    order = sorted(table.winners, key=lambda seat: (seat - start) % 4)
    if not score.game.duplicate and len(order) > 1:
        warnings.append(
            Message("standard MCR: only the first winner after the discarder wins (截和)")
        )
        order = order[:1]
    first = order[0]
    hand_input: dict[str, Any] = {"winner": first, "hand": _hand_json(table.winners[first])}
    if discarder is None:
        return {"outcome": "self_drawn", **hand_input}, warnings
    hand_input = {"outcome": "discard", **hand_input, "discarder": discarder}
    if len(order) > 1:
        hand_input["winners"] = [
            {"seat": seat, "hand": _hand_json(table.winners[seat])} for seat in order[1:]
        ]
    return hand_input, warnings


def _hand_json(hand: Hand) -> dict[str, Any]:
    """Hand-json with only what differs from the defaults, as a member would enter it."""
    data = hand_to_json(hand)
    return {key: value for key, value in data.items() if value not in (False, "", [])}


def reseat(hand_input: Mapping[str, Any], positions: Sequence[int]) -> dict[str, Any]:
    """The input with each record seat replaced by the table position ``positions[seat]``
    (the penalties, in seat order, move with their players).

    >>> reseat({"outcome": "discard", "winner": 2, "discarder": 1, "hand": {}}, [3, 0, 1, 2])
    {'outcome': 'discard', 'winner': 1, 'discarder': 0, 'hand': {}}
    >>> reseat({"outcome": "draw", "penalties": [-10, 0, 0, 5]}, [3, 0, 1, 2])
    {'outcome': 'draw', 'penalties': [0, 0, 5, -10]}
    """
    moved = dict(hand_input)
    for key in ("winner", "discarder", "offender"):
        if key in moved:
            moved[key] = positions[moved[key]]
    if "winners" in moved:
        moved["winners"] = [{**w, "seat": positions[w["seat"]]} for w in moved["winners"]]
    if "penalties" in moved:
        penalties = [0] * len(positions)
        for seat, penalty in enumerate(moved["penalties"]):
            penalties[positions[seat]] = penalty
        moved["penalties"] = penalties
    return moved


# --- writing a hand as a record ---------------------------------------------------------


def hand_record_text(
    hand_input: Mapping[str, Any],
    *,
    place: int,
    params: Mapping[str, Any],
    names: Sequence[str],
    played_on: dt.date,
    event: str,
) -> str:
    """A hand of an MCR session (the ``place``-th, seats named by ``names`` in table order)
    as a PMN game that the PMN reader, and python-majiang's, read back as the same hand: a
    made-up deal and play that end in the winner's tiles, or in a drawn wall. Raises
    ``PmnError`` for a hand no record can hold (a typed fan, a false win, several winners,
    or what a made-up play cannot show)."""
    winds = MCRFamily().hand_context(place, params)
    seat_of = [WINDS.index(parse_tile(wind)) for wind in winds["seat_winds"]]
    rules = rules_from_params(params)
    game = _game_of(hand_input, seat_of, parse_tile(winds["prevailing_wind"]), rules.flowers)
    penalties = [0] * 4
    for position, penalty in enumerate(hand_input.get("penalties", [0] * 4)):
        penalties[seat_of[position]] = penalty
    game.penalty = tuple(penalties)
    game.duplicate = params.get("scoring") == "duplicate"
    score = score_game(game, rules)
    by_seat = {seat: name for name, seat in zip(names, seat_of, strict=True)}
    game.tags = {
        "Event": _tag_value(event),
        "Site": "",
        "Date": played_on.strftime("%Y.%m.%d"),
        "Board": str(place),
        "PWind": WIND_LETTERS[WINDS.index(game.prevailing_wind)],
        **{SEATS[seat]: _tag_value(by_seat[seat]) for seat in range(4)},
        "Deal": "",
        "Scoring": "Duplicate" if game.duplicate else "MCR",
        "Starting": "0 0 0 0",
        "Result": " ".join(str(points) for points in score.result),
        "Penalty": " ".join(str(points) for points in game.penalty),
        "Play": "",
        "Fan": "",
    }
    game.fans = parse_fans(" ".join(_fan_field(score, seat) for seat in range(4)))
    return write_pmn(game)


def _game_of(
    hand_input: Mapping[str, Any], seat_of: Sequence[int], prevailing: Tile, flowers: bool
) -> PmnGame:
    outcome = hand_input.get("outcome")
    if outcome == "draw":
        return drawn_game(prevailing_wind=prevailing)
    if outcome not in ("discard", "self_drawn") or "hand" not in hand_input:
        raise PmnError("only a win kept as tiles, or a draw, can be a game record", tag="Play")
    if hand_input.get("winners"):
        raise PmnError("a record of several winners cannot be made up", tag="Play")
    discarder = hand_input.get("discarder")
    return winning_game(
        hand_from_json(hand_input["hand"]),
        winner=seat_of[hand_input["winner"]],
        discarder=None if discarder is None else seat_of[discarder],
        flowers=flowers,
    )


def _fan_field(score: GameScore, seat: int) -> str:
    """A seat's fans as ``number/value/count`` items, as python-majiang writes and reads them."""
    evaluation = score.evaluations.get(seat)
    if evaluation is None:
        return "None"
    items = [
        f"{FANS[pattern['id']].pmn}/{pattern['value']}/{pattern['count']}"
        for pattern in evaluation.to_json()["patterns"]
        if pattern["id"] in FANS
    ]
    return ".".join(items) or "None"


def _tag_value(text: str) -> str:
    """A tag's value holds no double quote (the tag ends at one)."""
    return " ".join(text.replace('"', "'").split())


# --- replaying a record -------------------------------------------------------------------


@dataclass(frozen=True)
class ShownTile:
    """A tile as the tile picker shows it: code (``5p``), label (``5筒``), suit letter."""

    code: str
    label: str
    suit: str


def shown(tile: Tile) -> ShownTile:
    """The tile as the tile picker shows it.

    >>> shown(31)
    ShownTile(code='5z', label='白', suit='z')
    """
    letter, n = suit(tile), number(tile)
    if letter == "z":
        label = _HONOURS[n - 1]
    elif letter == "f":
        label = _BONUS[n - 1]
    else:
        label = f"{n}{_SUIT_LABELS[letter]}"
    return ShownTile(code(tile), in_reader_script(label), letter)


@dataclass
class SeatView:
    """One seat after some actions; ``drawn`` is the tile it just drew (kept apart)."""

    name: str
    wind: str
    concealed: list[ShownTile]
    melds: list[tuple[list[ShownTile], bool]]  # tiles, concealed kong
    flowers: list[ShownTile]
    discards: list[ShownTile]
    drawn: ShownTile | None = None
    acting: bool = False

    def to_json(self) -> dict[str, Any]:
        """Compact: tiles as concatenated codes ("1m1m5z"); a concealed kong starts with '-'."""
        return {
            "concealed": _codes(self.concealed),
            "drawn": self.drawn.code if self.drawn else "",
            "melds": [("-" if hidden else "") + _codes(tiles) for tiles, hidden in self.melds],
            "flowers": _codes(self.flowers),
            "discards": _codes(self.discards),
        }


def _codes(tiles: Sequence[ShownTile]) -> str:
    return "".join(t.code for t in tiles)


@dataclass
class Step:
    """The table after the first ``number`` actions."""

    number: int
    text: str
    seats: list[SeatView]
    actor: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "actor": self.actor,
            "seats": [seat.to_json() for seat in self.seats],
        }


@dataclass(frozen=True)
class WinnerFans:
    """A winner at the end of the replay and the fans the rule set gives the hand."""

    seat: int
    name: str
    total: int
    patterns: list[dict[str, Any]]


@dataclass
class GameReplay:
    names: tuple[str, ...]
    prevailing_wind: str
    steps: list[Step]
    winners: list[WinnerFans]
    result: tuple[int, ...]

    @property
    def scores(self) -> list[tuple[str, int]]:
        """Each player's name and score change, East first."""
        return list(zip(self.names, self.result, strict=True))


def replay_record(record: str, params: Mapping[str, Any]) -> GameReplay:
    """Every step of a stored record, and each winner's fans under the rule set ``params``.

    Raises ``EngineError`` (with a message) if the record cannot be replayed.
    """
    (game,) = read_pmn(record)
    score = score_game(game, rules_from_params(params))
    names = tuple(game.name(seat) for seat in range(4))
    steps = [_step(game, score.table_after(count), names) for count in range(len(game.play) + 1)]
    winners = [
        WinnerFans(seat, names[seat], evaluation.total, evaluation.to_json()["patterns"])
        for seat, evaluation in sorted(score.evaluations.items())
    ]
    return GameReplay(
        names=names,
        prevailing_wind=WIND_NAMES[SEATS.index(_wind_seat(game))],
        steps=steps,
        winners=winners,
        result=score.result,
    )


def _wind_seat(game: PmnGame) -> str:
    return SEATS[game.prevailing_wind - 27]


def _step(game: PmnGame, table: Table, names: tuple[str, ...]) -> Step:
    last = table.last
    seats = [_seat_view(table, seat, names[seat], last) for seat in range(4)]
    text = "The deal" if last is None else _describe(last, table, names)
    return Step(len(table.history), text, seats, None if last is None else last.seat)


def _seat_view(table: Table, seat: int, name: str, last: Action | None) -> SeatView:
    state = table.seats[seat]
    concealed = sorted(state.concealed)
    drawn: ShownTile | None = None
    acting = last is not None and last.seat == seat
    if acting and last is not None and last.kind == "T" and table.last_tile in concealed:
        concealed.remove(table.last_tile)
        drawn = shown(table.last_tile)
    if seat in table.winners:  # the winning tile joins the hand, apart
        winning = table.winners[seat].winning_tile
        if winning in concealed:
            concealed.remove(winning)
        drawn = shown(winning)
    return SeatView(
        name=name,
        wind=WIND_NAMES[seat],
        concealed=[shown(t) for t in concealed],
        melds=[_meld(meld) for meld in state.melds],
        flowers=[shown(t) for t in state.flowers],
        discards=[shown(t) for t in state.discards],
        drawn=drawn,
        acting=acting,
    )


def _meld(meld: Meld) -> tuple[list[ShownTile], bool]:
    return [shown(t) for t in meld.tiles], meld.concealed


_VERBS = {
    "T": gettext_noop("%(who)s draws %(tile)s"),
    "D": gettext_noop("%(who)s discards %(tile)s"),
    "C": gettext_noop("%(who)s chows %(tile)s"),
    "P": gettext_noop("%(who)s pungs %(tile)s"),
    "Z": gettext_noop("%(who)s kongs the discard %(tile)s"),
    "A": gettext_noop("%(who)s declares a concealed kong of %(tile)s"),
    "B": gettext_noop("%(who)s adds to a pung: %(tile)s"),
    "R": gettext_noop("%(who)s sets aside %(tile)s"),
}


def _describe(action: Action, table: Table, names: tuple[str, ...]) -> str:
    who = names[action.seat]
    if action.kind == "H":
        return _("%(who)s wins (和)") % {"who": who}
    tile = action.tile if action.tile is not None else table.last_tile
    if action.kind == "C" and tile is not None:
        run = f"{_tile_name(tile - 1)} – {_tile_name(tile + 1)}"
        return _(_VERBS["C"]) % {"who": who, "tile": run}
    what = _tile_name(tile) if tile is not None else _("a tile")
    return _(_VERBS[action.kind]) % {"who": who, "tile": what}


def _tile_name(tile: Tile) -> str:
    """A tile as the reader names it: its Chinese on a Chinese page, else its English."""
    return shown(tile).label if reads_chinese() else tile_name(tile)
