"""Games files: a season's sessions and hands of any rule family as JSON lines, each hand's
input exactly as the hand form and the API store it (docs/imports.md, *Games files*).

The first line names the format, its version and the family; a line per rule-set version
used gives its parameters; then a line per session holds its date, status, seating, rules,
live hands (in order) and live penalties. ``season_games_lines`` writes one;
``read_games_file`` reads one back, or says by line what is wrong.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.importing.plans import ImportRefused, Problem
from games.models import Hand, Penalty, RuleSetVersion, Season, Seat, Session

FORMAT = "mahjong-league-games"
VERSION = 1
CHUNK = 2000  # rows read at a time while a file streams out
# A session's id in the file: derived from the club and the session's row, stable from one
# export to the next. Fixed for ever: changing it would make every exported session new.
SESSION_NAMESPACE = uuid.UUID("0b7c6c52-3f7e-4a0b-9f57-2d3b8f1f6a3e")
STATUSES = (Session.Status.OPEN, Session.Status.CLOSED)


@dataclass(frozen=True)
class FileHand:
    """A hand of a session line: its entry id, stored input and the rules it was played
    under (the number of a rules line)."""

    id: uuid.UUID
    input: dict[str, Any]
    rules: int
    record: str = ""  # the PMN game record it was imported from, if any


@dataclass(frozen=True)
class FilePenalty:
    id: uuid.UUID
    seat: int
    reason: str
    amount: int
    zero_sum: bool
    note: str


@dataclass(frozen=True)
class FileSession:
    line: int
    id: uuid.UUID
    played_on: dt.date
    status: str
    seats: tuple[str, ...]
    rules: int  # the rules the session is under now (its hands may have others)
    hands: tuple[FileHand, ...]
    penalties: tuple[FilePenalty, ...]


@dataclass(frozen=True)
class FileRules:
    line: int
    params: dict[str, Any]


@dataclass
class GamesFile:
    family: str
    rules: dict[int, FileRules] = field(default_factory=dict)
    sessions: list[FileSession] = field(default_factory=list)

    @property
    def hand_count(self) -> int:
        return sum(len(session.hands) for session in self.sessions)


# --- writing ------------------------------------------------------------------------------


def season_games_lines(*, season: Season) -> Iterator[str]:
    """The season as a games file, line by line (each ending in a newline), sessions in
    date order; deleted hands and penalties are left out. Sessions and hands are read in
    chunks as the lines go out."""
    yield _json_line(
        {
            "format": FORMAT,
            "version": VERSION,
            "family": season.rule_set.family,
            "club": season.club.name,
            "season": season.name,
            "exported_on": timezone.localdate().isoformat(),
        }
    )
    numbers: dict[int, int] = {}
    for number, version in enumerate(_versions(season), 1):
        numbers[version.pk] = number
        yield _json_line({"rules": number, "name": str(version), "params": version.params})
    hands = _hands(season)
    hand = next(hands, None)
    for session in _sessions(season):
        session_hands = []
        while hand is not None and hand.session_id == session.pk:
            session_hands.append(_hand_json(hand, numbers))
            hand = next(hands, None)
        yield _json_line(_session_json(session, session_hands, numbers))


def session_file_id(session: Session) -> uuid.UUID:
    return uuid.uuid5(SESSION_NAMESPACE, f"{session.club_id}/{session.pk}")


def _json_line(value: Mapping[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False) + "\n"


def _versions(season: Season) -> list[RuleSetVersion]:
    """Every rule-set version a session or a live hand of the season is under."""
    used = Q(sessions__season=season) | Q(
        hands__session__season=season, hands__deleted_at__isnull=True
    )
    versions = RuleSetVersion.objects.filter(used).distinct().select_related("rule_set")
    return sorted(versions, key=lambda version: (version.rule_set.name, version.number))


def _sessions(season: Season) -> Iterator[Session]:
    penalties = Penalty.objects.filter(deleted_at__isnull=True).order_by("recorded_at", "id")
    sessions = (
        Session.objects.filter(season=season)
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
            Prefetch("penalties", queryset=penalties),
        )
        .order_by("played_on", "id")
    )
    return sessions.iterator(chunk_size=CHUNK)


def _hands(season: Season) -> Iterator[Hand]:
    hands = Hand.objects.filter(session__season=season, deleted_at__isnull=True).order_by(
        "session__played_on", "session_id", "number"
    )
    fields = ("session_id", "client_id", "input", "rule_set_version_id", "record")
    return hands.only(*fields).iterator(chunk_size=CHUNK)


def _hand_json(hand: Hand, numbers: Mapping[int, int]) -> dict[str, Any]:
    data = {
        "id": str(hand.client_id),
        "input": hand.input,
        "rules": numbers[hand.rule_set_version_id],
    }
    if hand.record:
        data["record"] = hand.record
    return data


def _session_json(
    session: Session, hands: list[dict[str, Any]], numbers: Mapping[int, int]
) -> dict[str, Any]:
    seats = list(session.seats.all())
    positions = {seat.player_id: seat.position for seat in seats}
    return {
        "session": str(session_file_id(session)),
        "played_on": session.played_on.isoformat(),
        "status": session.status,
        "seats": [seat.player.name for seat in seats],
        "rules": numbers[session.rule_set_version_id],
        "hands": hands,
        "penalties": [
            {
                "id": str(penalty.client_id),
                "seat": positions[penalty.player_id],
                "reason": penalty.reason,
                "amount": penalty.amount,
                "zero_sum": penalty.zero_sum,
                "note": penalty.note,
            }
            for penalty in session.penalties.all()
        ],
    }


# --- reading ------------------------------------------------------------------------------


class _Bad(Exception):
    """What is wrong with one line (the reader adds the line number)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def read_games_file(text: str) -> GamesFile:
    """The games file in ``text``; raise ``ImportRefused`` naming every bad line (each by
    its first problem)."""
    lines = text.removeprefix("\ufeff").splitlines()
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise ImportRefused([Problem(None, _("The file has no lines: it is empty."))])
    problems: list[Problem] = []
    try:
        games = GamesFile(family=_header(_object(numbered[0][1])))
    except _Bad as bad:
        raise ImportRefused([Problem(numbered[0][0], bad.message)]) from None
    seen: set[uuid.UUID] = set()
    for number, line in numbered[1:]:
        try:
            _read_line(games, number, _object(line), seen)
        except _Bad as bad:
            problems.append(Problem(number, bad.message))
    if problems:
        raise ImportRefused(problems)
    return games


def _object(line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except ValueError as error:
        raise _Bad(_("this line is not JSON (%(error)s)") % {"error": error}) from None
    if not isinstance(value, dict):
        raise _Bad(_("this line is not a JSON object"))
    return value


def _header(value: dict[str, Any]) -> str:
    if value.get("format") != FORMAT:
        raise _Bad(_("the file does not start with a games file's first line"))
    if value.get("version") != VERSION:
        message = _("this games file is of version %(version)s; this site reads version %(known)s")
        raise _Bad(message % {"version": value.get("version"), "known": VERSION})
    return _text(value, "family")


def _read_line(games: GamesFile, number: int, value: dict[str, Any], seen: set[uuid.UUID]) -> None:
    if "rules" in value and "session" not in value:
        rules = _whole(value, "rules")
        if rules in games.rules:
            raise _Bad(_("rules %(number)s are given twice") % {"number": rules})
        games.rules[rules] = FileRules(number, _mapping(value, "params"))
        return
    if "session" not in value:
        raise _Bad(_("this line is neither rules nor a session"))
    session = _session(games, number, value)
    if session.id in seen:
        raise _Bad(_("this session is in the file twice"))
    entries: tuple[tuple[str, tuple[uuid.UUID, ...]], ...] = (
        (_("hand %(place)s: %(problem)s"), tuple(hand.id for hand in session.hands)),
        (_("penalty %(place)s: %(problem)s"), tuple(p.id for p in session.penalties)),
    )
    for where, ids in entries:
        for place, entry_id in enumerate(ids, 1):
            if entry_id in seen:  # it would be taken for the one before: written once
                problem = _("its id is in the file twice")
                raise _Bad(where % {"place": place, "problem": problem})
            seen.add(entry_id)
    seen.add(session.id)
    games.sessions.append(session)


def _session(games: GamesFile, number: int, value: dict[str, Any]) -> FileSession:
    seats = value.get("seats")
    if not isinstance(seats, list) or not all(isinstance(n, str) and n.strip() for n in seats):
        raise _Bad(_should("seats", _("a list of names")))
    status = value.get("status")
    if status not in STATUSES:
        raise _Bad(_should("status", _("open or closed")))
    hands = _list(value, "hands")
    penalties = _list(value, "penalties")
    return FileSession(
        line=number,
        id=_uuid(value, "session"),
        played_on=_date(value, "played_on"),
        status=status,
        seats=tuple(name.strip() for name in seats),
        rules=_rules(games, value),
        hands=tuple(
            _in(_("hand %(place)s: %(problem)s"), place, _hand, games, hand)
            for place, hand in enumerate(hands, 1)
        ),
        penalties=tuple(
            _in(_("penalty %(place)s: %(problem)s"), place, _penalty, len(seats), penalty)
            for place, penalty in enumerate(penalties, 1)
        ),
    )


def _in(where: str, place: int, read: Any, *args: Any) -> Any:
    """``read(*args)``, its problem told as the hand's or penalty's at ``place``."""
    try:
        return read(*args)
    except _Bad as bad:
        raise _Bad(where % {"place": place, "problem": bad.message}) from None


def _hand(games: GamesFile, value: Any) -> FileHand:
    value = _as_object(value)
    record = value.get("record", "")
    if not isinstance(record, str):
        raise _Bad(_should("record", _("text")))
    return FileHand(_uuid(value, "id"), _mapping(value, "input"), _rules(games, value), record)


def _penalty(seats: int, value: Any) -> FilePenalty:
    value = _as_object(value)
    seat = _whole(value, "seat")
    if not 0 <= seat < seats:
        raise _Bad(_should("seat", _("a seat of the session, from 0")))
    zero_sum, note = value.get("zero_sum", True), value.get("note", "")
    if not isinstance(zero_sum, bool):
        raise _Bad(_should("zero_sum", _("true or false")))
    if not isinstance(note, str):
        raise _Bad(_should("note", _("text")))
    reason = value.get("reason")
    if reason not in Penalty.Reason.values:
        raise _Bad(_should("reason", " / ".join(Penalty.Reason.values)))
    amount = _whole(value, "amount")
    if amount < 1:
        raise _Bad(_should("amount", _("a whole number")))
    return FilePenalty(_uuid(value, "id"), seat, reason, amount, zero_sum, note)


def _should(name: str, kind: str) -> str:
    return _("%(field)s should be %(kind)s") % {"field": name, "kind": kind}


def _as_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Bad(_("this is not a JSON object"))
    return value


def _rules(games: GamesFile, value: dict[str, Any]) -> int:
    number = _whole(value, "rules")
    if number not in games.rules:
        raise _Bad(_should("rules", _("the number of a rules line above")))
    return number


def _whole(value: dict[str, Any], name: str) -> int:
    number = value.get(name)
    if isinstance(number, bool) or not isinstance(number, int):
        raise _Bad(_should(name, _("a whole number")))
    return number


def _text(value: dict[str, Any], name: str) -> str:
    text = value.get(name)
    if not isinstance(text, str) or not text.strip():
        raise _Bad(_should(name, _("text")))
    return text


def _mapping(value: dict[str, Any], name: str) -> dict[str, Any]:
    mapping = value.get(name)
    if not isinstance(mapping, dict):
        raise _Bad(_should(name, _("a JSON object")))
    return mapping


def _list(value: dict[str, Any], name: str) -> list[Any]:
    items = value.get(name, [])
    if not isinstance(items, list):
        raise _Bad(_should(name, _("a list")))
    return items


def _uuid(value: dict[str, Any], name: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(value.get(name)))
    except ValueError:
        raise _Bad(_should(name, _("an id (a UUID)"))) from None


def _date(value: dict[str, Any], name: str) -> dt.date:
    try:
        return dt.date.fromisoformat(str(value.get(name)))
    except ValueError:
        raise _Bad(_should(name, _("a date (YYYY-MM-DD)"))) from None
