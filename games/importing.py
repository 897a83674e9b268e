"""Importing a score file into a season: a plan of what it creates, then one transaction.

A section of the file (one date, one seating, one set of rules) becomes a session; its games
become hands scored by the family's engine. Sessions carry a key derived from the section
and hands a client id derived from their place and tokens, so importing the same file again
creates nothing and a file that grew by appended games adds only the new games.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games.bulk_hands import NewHand, ScoredGame, write_hands
from games.models import Hand, Player, RuleSet, RuleSetVersion, Season, Seat, Session
from scoring.families import EngineError, get_family
from scoring.score_files import (
    NOT_UTF8,
    LineError,
    ScoreFormat,
    Section,
    game_tokens_of,
    lines_of,
    score_lines,
)

MAX_FILE_BYTES = 32 * 1024 * 1024  # about 2.5 million games: far beyond any club's history
# A previewed file waits for its confirmation in the default storage, not in the session row.
PENDING_FOLDER = "score-imports"
PENDING_LIFETIME = dt.timedelta(days=1)
PLAYER_NAME_LENGTH = Player.NAME_LENGTH
NAMESPACE = uuid.UUID("955aa0e1-2312-4ce6-98c0-1cacc5a41659")


@dataclass(frozen=True)
class Problem:
    """Something that stops the import, with the file's line number where there is one."""

    line: int | None
    message: str
    detail: str = ""

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class ImportRefused(ValidationError):
    """The file cannot be imported as it is; ``problems`` says every reason found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__([str(problem) for problem in problems], code="import")
        self.problems = problems


@dataclass
class PlannedVersion:
    """The rule-set version a section's rules map to: an existing one, or one to create."""

    params: dict[str, Any]
    description: str
    number: int
    version: RuleSetVersion | None = None  # set once it exists
    is_new: bool = True
    used: bool = False  # by a session this import creates


@dataclass
class PlannedSession:
    """A section of the file: a session to create, or one an earlier import created."""

    key: str
    line: int
    played_on: dt.date
    seating: tuple[str, ...]
    version: PlannedVersion
    existing: Session | None = None
    known: int = 0  # games imported before
    games: list[tuple[int, uuid.UUID, ScoredGame]] = field(default_factory=list)


@dataclass
class ImportPlan:
    """What importing a file into a season would create, and every problem found."""

    season: Season
    score_format: ScoreFormat
    rule_set: RuleSet
    undated_on: dt.date
    game_count: int = 0
    players: dict[str, Player] = field(default_factory=dict)
    new_players: dict[str, int] = field(default_factory=dict)  # name -> line first seated
    versions: list[PlannedVersion] = field(default_factory=list)
    sessions: list[PlannedSession] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def new_sessions(self) -> list[PlannedSession]:
        return [s for s in self.sessions if s.existing is None and s.games]

    @property
    def new_versions(self) -> list[PlannedVersion]:
        return [v for v in self.versions if v.is_new and v.used]

    @property
    def new_hand_count(self) -> int:
        return sum(len(s.games) for s in self.sessions)

    @property
    def known_hand_count(self) -> int:
        return sum(s.known for s in self.sessions)

    @property
    def is_valid(self) -> bool:
        return not self.problems

    @property
    def creates_nothing(self) -> bool:
        return not (self.new_hand_count or self.new_players)


# --- reading ------------------------------------------------------------------------------


def check_size(size: int) -> None:
    """Refuse an empty file or one over ``MAX_FILE_BYTES`` before reading it."""
    if size == 0:
        raise ImportRefused([Problem(None, "The file is empty.")])
    if size > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise ImportRefused([Problem(None, f"The file is larger than {limit} MB.")])


def decode(data: bytes) -> str:
    """The text of an uploaded score file; refuse an empty, binary or non-UTF-8 one."""
    check_size(len(data))
    if b"\0" in data:
        raise ImportRefused(
            [Problem(None, "This is a binary file, not a score file (plain text, UTF-8).")]
        )
    try:
        lines = score_lines(data)
    except LineError as error:
        raise ImportRefused([Problem(error.line, NOT_UTF8)]) from None
    if not any(line.strip() for line in lines):
        raise ImportRefused([Problem(None, "The file has no lines: it is empty.")])
    return "\n".join(lines)


def check_game_count(game_count: int, max_games: int | None) -> None:
    """Refuse a file with more games than one request can import."""
    if max_games is not None and game_count > max_games:
        raise ImportRefused(
            [
                Problem(
                    None,
                    f"The file has {game_count:,} games; this page imports at most "
                    f"{max_games:,} at a time, which is what finishes within one request. "
                    "Split the file, or import it with `manage.py import_scores` on the server.",
                )
            ]
        )


def page_max_games() -> int:
    """The most games the import page takes (settings.SCORE_IMPORT_PAGE_MAX_GAMES)."""
    limit: int = settings.SCORE_IMPORT_PAGE_MAX_GAMES
    return limit


def pending_file_save(*, text: str) -> str:
    """Keep a previewed file's text until it is confirmed; returns its name in the storage.
    Files of previews never confirmed are removed here once they are a day old."""
    _pending_files_sweep()
    name = f"{PENDING_FOLDER}/{uuid.uuid4().hex}.txt"
    return default_storage.save(name, ContentFile(text.encode()))


def pending_file_read(*, name: str) -> str | None:
    """The text kept under ``name``, or None when it is gone (confirmed or expired)."""
    if not name.startswith(f"{PENDING_FOLDER}/") or not default_storage.exists(name):
        return None
    with default_storage.open(name, "rb") as kept:
        data: bytes = kept.read()
    return data.decode()


def pending_file_delete(*, name: str) -> None:
    if name.startswith(f"{PENDING_FOLDER}/"):
        default_storage.delete(name)


def _pending_files_sweep() -> None:
    try:
        _, names = default_storage.listdir(PENDING_FOLDER)
    except FileNotFoundError:
        return
    cutoff = timezone.now() - PENDING_LIFETIME
    for name in names:
        path = f"{PENDING_FOLDER}/{name}"
        if default_storage.get_modified_time(path) < cutoff:
            default_storage.delete(path)


def _read(score_format: ScoreFormat, text: str) -> Any:
    try:
        return score_format.read(text)
    except LineError as error:
        message, _, detail = error.message.partition("\n")
        raise ImportRefused([Problem(error.line, message, detail.strip())]) from None


# --- planning -----------------------------------------------------------------------------


def plan_import(
    *,
    season: Season,
    text: str,
    score_format: ScoreFormat,
    rule_set: RuleSet | None = None,
    undated_on: dt.date | None = None,
    max_games: int | None = None,
) -> ImportPlan:
    """Everything importing ``text`` would create, writing nothing; raise ``ImportRefused``
    when the file cannot be read at all (the engine stops at its first bad line) or has more
    than ``max_games`` games."""
    rule_set = rule_set or season.rule_set
    _check_family(season, rule_set, score_format)
    scores = _read(score_format, text)
    check_game_count(scores.game_count, max_games)
    plan = ImportPlan(
        season=season,
        score_format=score_format,
        rule_set=rule_set,
        undated_on=undated_on or season.starts_on or timezone.localdate(),
        game_count=scores.game_count,
    )
    if not scores.game_count:
        plan.problems.append(Problem(None, "The file has no games."))
    lines = lines_of(text)  # numbered as the reader numbers them
    _plan_players(plan, scores.players, scores.sections, lines)
    _plan_sessions(plan, scores.sections, lines)
    return plan


def _check_family(season: Season, rule_set: RuleSet, score_format: ScoreFormat) -> None:
    family = get_family(score_format.family)
    if rule_set.club_id != season.club_id:
        raise ImportRefused([Problem(None, "That rule set belongs to another club.")])
    for thing, name, key in (
        ("season", season.name, season.rule_set.family),
        ("rule set", rule_set.name, rule_set.family),
    ):
        if key != family.key:
            message = (
                f"A {score_format.label} file holds {family.label} games, but the {thing} "
                f"{name!r} is for {get_family(key).label}."
            )
            raise ImportRefused([Problem(None, message)])


def _plan_players(
    plan: ImportPlan, names: list[str], sections: list[Section[Any, Any]], lines: list[str]
) -> None:
    found = Player.objects.filter(club=plan.season.club_id, name__in=names)
    plan.players = {player.name: player for player in found}
    first_section = {}
    for section in reversed(sections):
        first_section.update(dict.fromkeys(section.seating, section))
    for name in names:
        if name in plan.players or name not in first_section:
            continue
        line = _seating_line(first_section[name], lines)
        plan.new_players[name] = line
        if len(name) > PLAYER_NAME_LENGTH:
            message = f"the name {name!r} is longer than {PLAYER_NAME_LENGTH} characters"
            plan.problems.append(Problem(line, message))


def _seating_line(section: Section[Any, Any], lines: list[str]) -> int:
    """The line that seated a section's players: the nearest one before its first game."""
    index = section.lines[0] - 1
    while index > 0 and game_tokens_of(lines[index]) != section.seating:
        index -= 1
    return index + 1


class _Planner:
    """Walks the file's sections, matching them to sessions, versions and earlier imports."""

    def __init__(self, plan: ImportPlan, lines: list[str]) -> None:
        self.plan = plan
        self.lines = lines
        self.family = get_family(plan.score_format.family)
        self.versions: dict[Any, PlannedVersion | Problem] = {}
        self.scored: dict[Any, dict[int, ScoredGame | str]] = {}
        existing = Session.objects.filter(season=plan.season).exclude(import_key="")
        self.existing = {
            session.import_key: session for session in existing.select_related("rule_set_version")
        }
        self.imported = _imported_hands(plan.season)
        self.rule_versions = list(plan.rule_set.versions.order_by("number"))
        self.next_number = max((v.number for v in self.rule_versions), default=0) + 1

    def section(self, section: Section[Any, Any], occurrence: int) -> None:
        version = self.version(section)
        if isinstance(version, Problem):
            self.plan.problems.append(Problem(section.lines[0], version.message))
            return
        played_on = self.played_on(section)
        if played_on is None:
            return
        key_text = f"{section.date or '-'}|{' '.join(section.seating)}|{occurrence}"
        planned = PlannedSession(
            key=self.key(key_text),
            line=section.lines[0],
            played_on=played_on,
            seating=section.seating,
            version=version,
            existing=self.existing.get(self.key(key_text)),
        )
        games = list(self.games(section, version, key_text))
        self.match_earlier_import(planned, games)
        if planned.existing is None:
            version.used = True
        self.plan.sessions.append(planned)

    def key(self, text: str) -> str:
        season = self.plan.season
        return uuid.uuid5(NAMESPACE, f"{season.club_id}/{season.pk}/{text}").hex

    def version(self, section: Section[Any, Any]) -> PlannedVersion | Problem:
        if section.rules not in self.versions:
            self.versions[section.rules] = self.find_version(section.rules)
        return self.versions[section.rules]

    def find_version(self, rules: Any) -> PlannedVersion | Problem:
        try:
            params = self.family.clean_params(self.plan.score_format.rules_params(rules))
        except EngineError as error:
            return Problem(None, f"these rules cannot be used: {error.message}")
        description = self.family.describe_params(params)
        for version in self.rule_versions:
            if version.params == params:
                planned = PlannedVersion(params, description, version.number, version, False)
                self.plan.versions.append(planned)
                return planned
        planned = PlannedVersion(params, description, self.next_number)
        self.next_number += 1
        self.plan.versions.append(planned)
        return planned

    def played_on(self, section: Section[Any, Any]) -> dt.date | None:
        if section.date is None:
            return self.plan.undated_on
        try:
            return dt.date.fromisoformat(section.date)
        except ValueError:
            problem = Problem(section.lines[0], f"{section.date} is not a date in the calendar")
            self.plan.problems.append(problem)
            return None

    def games(
        self, section: Section[Any, Any], version: PlannedVersion, key_text: str
    ) -> Iterator[tuple[int, uuid.UUID, ScoredGame]]:
        season = self.plan.season
        prefix = f"{season.club_id}/{season.pk}/{key_text}/"
        # The reader shares one hand object among identical games under the same rules,
        # so each distinct hand is scored once, looked up by its identity.
        scored_hands = self.scored.setdefault(section.rules, {})
        for ordinal, (line, hand) in enumerate(section.games, 1):
            scored = scored_hands.get(id(hand))
            if scored is None:
                scored = scored_hands[id(hand)] = self.score(hand, version.params)
            if isinstance(scored, str):
                self.plan.problems.append(Problem(line, scored))
                continue
            tokens = " ".join(game_tokens_of(self.lines[line - 1]))
            yield line, uuid.uuid5(NAMESPACE, f"{prefix}{ordinal}/{tokens}"), scored

    def score(self, hand: Any, params: dict[str, Any]) -> ScoredGame | str:
        """The game scored by the family, or the family's reason for refusing it."""
        try:
            hand_input = self.family.clean_hand(self.plan.score_format.hand_input(hand), params)
            return ScoredGame(hand_input, self.family.score_hand(hand_input, params))
        except EngineError as error:
            return error.message

    def match_earlier_import(
        self, planned: PlannedSession, games: list[tuple[int, uuid.UUID, ScoredGame]]
    ) -> None:
        """Skip the games an earlier import of this section created; only appended games
        are new, so a section changed since then is refused rather than imported twice."""
        session = planned.existing
        if session is None:
            planned.games = games
            return
        if session.rule_set_version.params != planned.version.params:
            message = "these games were imported before under other rules; fix the file"
            self.plan.problems.append(Problem(planned.line, message))
            return
        imported = self.imported.get(session.pk, set())
        known = 0
        while known < len(games) and known < len(imported) and games[known][1] in imported:
            known += 1
        if known < len(games) and known < len(imported):
            message = (
                f"this game differs from the one imported before in the session of "
                f"{session.played_on}; correct hands on the session's page, not in the file"
            )
            self.plan.problems.append(Problem(games[known][0], message))
            return
        planned.known, planned.games = known, games[known:]


def _imported_hands(season: Season) -> dict[int, set[uuid.UUID]]:
    """The client ids of every hand in the season's imported sessions, by session."""
    hands = Hand.objects.filter(session__season=season).exclude(session__import_key="")
    by_session: dict[int, set[uuid.UUID]] = defaultdict(set)
    for session_id, client_id in hands.values_list("session_id", "client_id").iterator():
        by_session[session_id].add(client_id)
    return by_session


def _plan_sessions(plan: ImportPlan, sections: list[Section[Any, Any]], lines: list[str]) -> None:
    planner = _Planner(plan, lines)
    occurrences: Counter[tuple[str | None, tuple[str, ...]]] = Counter()
    for section in sections:
        where = (section.date, section.seating)
        planner.section(section, occurrences[where])
        occurrences[where] += 1


# --- writing ------------------------------------------------------------------------------


def import_scores(
    *,
    season: Season,
    text: str,
    score_format: ScoreFormat,
    by: User | None,
    rule_set: RuleSet | None = None,
    undated_on: dt.date | None = None,
    create_players: bool = False,
    max_games: int | None = None,
) -> ImportPlan:
    """Import a score file into ``season`` in one transaction, or raise ``ImportRefused``
    with every problem found and write nothing. Returns the plan that was carried out."""
    try:
        with transaction.atomic():
            # One import per season at a time; the plan is made under the lock.
            Season.objects.select_for_update().get(pk=season.pk)
            RuleSet.objects.select_for_update().get(pk=(rule_set or season.rule_set).pk)
            plan = plan_import(
                season=season,
                text=text,
                score_format=score_format,
                rule_set=rule_set,
                undated_on=undated_on,
                max_games=max_games,
            )
            problems = plan.problems + _refused_players(plan, create_players)
            if problems:
                raise ImportRefused(problems)
            _write(plan, by)
    except IntegrityError as error:  # pragma: no cover - only if the lock is bypassed
        raise ImportRefused([Problem(None, "The season changed meanwhile; try again.")]) from error
    return plan


def _refused_players(plan: ImportPlan, create_players: bool) -> list[Problem]:
    if create_players:
        return []
    club = plan.season.club.name
    return [
        Problem(line, f"{club} has no player called {name!r} (allow new players to add them)")
        for name, line in plan.new_players.items()
    ]


def _write(plan: ImportPlan, by: User | None) -> None:
    players = dict(plan.players)
    created = Player.objects.bulk_create(
        Player(club_id=plan.season.club_id, name=name) for name in plan.new_players
    )
    players.update((player.name, player) for player in created)
    for planned in plan.new_versions:
        planned.version = RuleSetVersion.objects.create(
            rule_set=plan.rule_set, number=planned.number, params=planned.params, created_by=by
        )
    sessions = _write_sessions(plan, players, by)
    _write_hands(plan, sessions, by)


def _write_sessions(
    plan: ImportPlan, players: Mapping[str, Player], by: User | None
) -> dict[str, Session]:
    new = plan.new_sessions
    created = Session.objects.bulk_create(
        Session(
            club_id=plan.season.club_id,
            season=plan.season,
            rule_set_version=planned.version.version,
            played_on=planned.played_on,
            status=Session.Status.CLOSED,
            created_by=by,
            import_key=planned.key,
        )
        for planned in new
    )
    Seat.objects.bulk_create(
        Seat(session=session, position=position, player=players[name])
        for session, planned in zip(created, new, strict=True)
        for position, name in enumerate(planned.seating)
    )
    sessions = {session.import_key: session for session in created}
    sessions.update((s.key, s.existing) for s in plan.sessions if s.existing is not None)
    return sessions


def _write_hands(plan: ImportPlan, sessions: Mapping[str, Session], by: User | None) -> None:
    targets = [(sessions[s.key], s) for s in plan.sessions if s.games]
    existing = [session.pk for session, planned in targets if planned.existing]
    # Hand writes lock their session: so does adding to one, for its kept totals.
    list(Session.objects.select_for_update().filter(pk__in=existing).values_list("pk"))
    last_numbers = _last_numbers([session for session, planned in targets if planned.existing])
    hands: list[NewHand] = []
    for session, planned in targets:
        first = last_numbers.get(session.pk, 0) + 1
        hands.extend(
            (session, number, client_id, scored)
            for number, (_, client_id, scored) in enumerate(planned.games, first)
        )
    seats = _seat_players([session.pk for session, _ in targets])
    write_hands(hands, seats, by.pk if by is not None else None)


def _last_numbers(sessions: Iterable[Session]) -> dict[int, int]:
    numbers = (
        Hand.objects.filter(session__in=[s.pk for s in sessions])
        .values("session_id")
        .annotate(last=Max("number"))
    )
    return {row["session_id"]: row["last"] for row in numbers}


def _seat_players(session_ids: list[int]) -> dict[int, dict[int, int]]:
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    rows = Seat.objects.filter(session__in=session_ids).values_list(
        "session_id", "position", "player_id"
    )
    for session_id, position, player_id in rows.iterator():
        seats[session_id][position] = player_id
    return seats
