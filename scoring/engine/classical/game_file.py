"""A classical game as a file: the players, the stake, the rules in force (the rules file's
text and the options), every hand's sets and events, and the rules or options changed
during the game, as the manual's scorer saves a game (seed 004, §4: "the options are saved
with the game"). The format is JSON, described in ``docs/classical-game-file.md``.

>>> record = read_game('''{"format": "classical game", "version": 1,
...   "players": ["Ann", "Bo"], "stake": 500, "rules": {"preset": "1920s"},
...   "hands": [{"mahjong": 0, "players": [{"sets": ["PED"]}, {}]},
...             {"options": {"payment_method": 0}, "mahjong": null, "players": [{}, {}]}]}''')
>>> [params["payment_method"] for params in record.params]
[3, 0, 0]
>>> json.loads(write_game(record))["hands"][1]["options"]
{'payment_method': 0}
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scoring.engine.classical.game import PlayedHand
from scoring.engine.classical.params import FILE, OPTIONS, clean_params
from scoring.engine.classical.replay import replay
from scoring.engine.classical.rulebooks import PRESETS, preset_text
from scoring.engine.errors import EngineError, LineError, Message, RulesError, Seat, Term

FORMAT: Final = "classical game"
VERSION: Final = 1
TOP_FIELDS: Final = ("format", "version", "played_on", "players", "stake", "rules", "options")
RULES_FIELDS: Final = ("preset", "text")
# What a hand of the file may hold besides the hand itself: the changes from it on.
CHANGES: Final = ("rules", "options")
# A game is four rounds; East keeping the deal stretches it, never this far.
MAX_HANDS: Final = 500
THEN: Final = "then"  # the changes after the last hand (for the next hand)
HAND: Final = Term("hand {number}")
THE_GAME: Final = Term("the game")
TOO_DEEP: Final = Term("nested too deeply")
PLAYER_FIELD: Final = re.compile(r"players\[(\d+)\]")


@dataclass(frozen=True)
class GameRecord:
    """A classical game: the players in seat order (seat 0 the first East), each hand as
    entered (the hand input of ``entry.read_hand``), and the cleaned parameters before each
    hand and for the hand after the last (``len(hands) + 1`` of them)."""

    players: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...]
    params: tuple[Mapping[str, Any], ...]
    played_on: dt.date | None = None

    @property
    def hand_params(self) -> tuple[Mapping[str, Any], ...]:
        """The parameters each hand was played under."""
        return self.params[: len(self.hands)]


def read_game(text: str) -> GameRecord:
    """A game file's text read and checked: ``RulesError`` naming the field, ``LineError``
    for text that is not JSON."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LineError(
            error.lineno, "not valid JSON: {problem}", problem=error.msg, field="file"
        ) from None
    except (ValueError, RecursionError) as error:  # a number of 5,000 digits, 2,000 [ deep
        problem = str(error) if isinstance(error, ValueError) else TOO_DEEP
        raise RulesError("not valid JSON: {problem}", problem=problem, field="file") from None
    return game_from_json(data)


def game_from_json(data: Any) -> GameRecord:
    """A game record from the file's JSON object."""
    if not isinstance(data, Mapping):
        raise RulesError("a game file is one JSON object", field="file")
    _known(data, (*TOP_FIELDS, "hands", THEN), THE_GAME)
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RulesError(
            'this is not a classical game file ("format": "{format}", "version": {version})',
            field="format",
            format=FORMAT,
            version=VERSION,
        )
    players = _players(data.get("players"))
    played_on = _date(data.get("played_on"))
    hands = _hands(data.get("hands", []))
    params = [_start(data)]
    inputs = []
    for number, hand in enumerate([*hands, data.get(THEN, {})], start=1):
        last = number > len(hands)
        where = THEN if last else str(Message(HAND, number=number))
        if not isinstance(hand, Mapping):
            raise RulesError("{where} is not an object", field="hands", where=where)
        if last:
            _known(hand, CHANGES, THEN)
        if number > 1:
            params.append(_changed(params[-1], hand, where))
        elif any(key in hand for key in CHANGES):
            raise RulesError(
                "the first hand plays under the game's rules and options: give them at the top",
                field="hands",
            )
        if not last:
            inputs.append({key: value for key, value in hand.items() if key not in CHANGES})
    return GameRecord(players, tuple(inputs), tuple(params), played_on)


def _hands(hands: Any) -> list[Any]:
    if not isinstance(hands, list):
        raise RulesError("hands is a list of hands", field="hands")
    if len(hands) > MAX_HANDS:
        raise RulesError(
            "a game file holds at most {limit} hands, not {count}",
            field="hands",
            limit=MAX_HANDS,
            count=len(hands),
        )
    return hands


def _date(value: Any) -> dt.date | None:
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) == len("YYYY-MM-DD"):
            return dt.date.fromisoformat(value)
    except ValueError:
        pass
    raise RulesError("played_on is a date written YYYY-MM-DD", field="played_on")


def _known(data: Mapping[str, Any], fields: Sequence[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in fields)
    if unknown:
        raise RulesError(
            "{where} has an unknown field {unknown}",
            field=unknown[0],
            where=where,
            unknown=repr(unknown[0]),
        )


def _players(names: Any) -> tuple[str, ...]:
    if (
        not isinstance(names, list)
        or not 2 <= len(names) <= 4
        or not all(isinstance(name, str) and name.strip() for name in names)
    ):
        raise RulesError("players is a list of the 2-4 players' names", field="players")
    if len({name.strip() for name in names}) != len(names):
        raise RulesError("each player is named once", field="players")
    return tuple(name.strip() for name in names)


def _start(data: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of the first hand: the rules, the stake and the options."""
    params = _rules(data.get("rules"), "rules")
    params["stake"] = data.get("stake", 0)
    params.update(_options(data.get("options", {}), "options"))
    return _clean(params, THE_GAME)


def _changed(before: Mapping[str, Any], hand: Mapping[str, Any], where: str) -> dict[str, Any]:
    params = dict(before)
    if "rules" in hand:
        params.pop("text", None)
        params.update(_rules(hand["rules"], f"{where}: rules"))
    if "options" in hand:
        params.update(_options(hand["options"], f"{where}: options"))
    return _clean(params, where) if params != before else dict(before)


def _rules(rules: Any, where: str) -> dict[str, Any]:
    """The rules file in force: a shipped preset, or a rules file's text. A preset's text
    that is no longer the shipped one is the club's own file."""
    if not isinstance(rules, Mapping) or not rules:
        raise RulesError('{where} is an object with "preset" or "text"', field="rules", where=where)
    _known(rules, RULES_FIELDS, where)
    name, text = rules.get("preset"), rules.get("text")
    if name is not None and (not isinstance(name, str) or name not in PRESETS):
        known = ", ".join(PRESETS)
        raise RulesError(
            "{where}: no preset {name!r} (known: {known})",
            field="rules",
            where=where,
            name=str(name),
            known=known,
        )
    if text is not None and not isinstance(text, str):
        raise RulesError("{where}: the text is a string", field="rules", where=where)
    if text is None or (name is not None and text == preset_text(name)):
        return {"rules": name}
    return {"rules": FILE, "text": text}


def _options(options: Any, where: str) -> dict[str, Any]:
    if not isinstance(options, Mapping):
        raise RulesError("{where} is an object", field="options", where=where)
    _known(options, OPTIONS, where)
    return dict(options)


def _clean(params: Mapping[str, Any], where: str) -> dict[str, Any]:
    try:
        return clean_params(params)
    except EngineError as error:
        error.prefixed("{where}: ", where=where)
        raise


def replay_game(record: GameRecord) -> list[PlayedHand]:
    """Every hand of the game scored where it was played, under its own rules; an error
    names the hand (``hand 3: …``)."""
    played = []
    hands = replay(
        record.hands, record.params[0], hand_params=record.hand_params, names=record.players
    )
    for number in range(1, len(record.hands) + 1):
        try:
            replayed = next(hands)
        except EngineError as error:
            seat = PLAYER_FIELD.match(error.field or "")
            if seat:  # an entry of one player's: name them
                error.prefixed("{player}: ", player=Seat(int(seat.group(1))))
            error.name_seats(record.players)
            error.prefixed("{where}: ", where=Message(HAND, number=number))
            raise
        assert replayed.played is not None
        played.append(replayed.played)
    return played


def game_to_json(record: GameRecord) -> dict[str, Any]:
    """The file's JSON object: the first hand's rules at the top, then at each hand (and
    ``then``, after the last) what changed from it on."""
    first = record.params[0]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if record.played_on:
        data["played_on"] = record.played_on.isoformat()
    data.update(
        players=list(record.players),
        stake=first["stake"],
        rules=_rules_json(first),
        options={name: first[name] for name in OPTIONS},
    )
    # A hand carries what changed from it on: the difference from the hand before.
    data["hands"] = [
        {**_changes_json(record.params[n - 1], record.params[n]), **hand} if n else dict(hand)
        for n, hand in enumerate(record.hands)
    ]
    if record.hands:
        then = _changes_json(record.params[len(record.hands) - 1], record.params[-1])
        if then:
            data[THEN] = then
    return data


def _rules_json(params: Mapping[str, Any]) -> dict[str, Any]:
    if params["rules"] == FILE:
        return {"text": params["text"]}
    return {"preset": params["rules"], "text": preset_text(params["rules"])}


def _changes_json(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if (before["rules"], before.get("text")) != (after["rules"], after.get("text")):
        changes["rules"] = _rules_json(after)
    options = {name: after[name] for name in OPTIONS if before[name] != after[name]}
    if options:
        changes["options"] = options
    return changes


def write_game(record: GameRecord) -> str:
    """The game file's text: JSON, one field or hand part a line, UTF-8 names as written."""
    return json.dumps(game_to_json(record), ensure_ascii=False, indent=1) + "\n"


__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "game_from_json",
    "game_to_json",
    "read_game",
    "replay_game",
    "write_game",
]
