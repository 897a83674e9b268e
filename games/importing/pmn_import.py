"""Importing PMN game records into an MCR season: each game becomes a hand of a new session.

Planning reads every file and says what an import would do (and everything that stops it)
without writing; importing re-plans and writes it all in one transaction through the same
services as the pages. A game's client id is derived from the club, the season and the game,
so importing the same record again creates nothing.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games import services
from games.importing.progress import READING, WRITING, Tell, silent
from games.locks import rule_versions_share_lock, season_import_lock
from games.models import Hand, Player, RuleSet, Season, Session
from games.names import NameIndex, club_name_index, name_key, same_player
from games.selectors import hand_entry_ids_in_season
from scoring.families import get_family
from scoring.pmn import RecordGame, read_records, reseat
from scoring.text import TextError, decode_text

# Fixed for ever: changing it would make every imported game look new.
NAMESPACE = uuid.UUID("5d0f3c1e-8a1b-4d55-9a43-6b1f1e0c7a21")
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 1024 * 1024
MAX_NAME = Player._meta.get_field("name").max_length or 60


@dataclass(frozen=True)
class RecordFile:
    """An uploaded PMN file's name and text."""

    name: str
    text: str


def decode_upload(name: str, data: bytes) -> RecordFile:
    """The text of an uploaded file, or a ``ValidationError`` saying why it cannot be read."""
    if len(data) > MAX_FILE_BYTES:
        raise ValidationError(
            _("%(name)s is %(value)s KB; a PMN file may be at most %(value2)s KB.")
            % {"name": name, "value": len(data) // 1024, "value2": MAX_FILE_BYTES // 1024}
        )
    try:
        text = decode_text(data)
    except TextError as error:
        raise ValidationError(
            _("%(name)s, %(problem)s") % {"name": name, "problem": error.message}
        ) from None
    if not text.strip():
        raise ValidationError(_("%(name)s is empty.") % {"name": name})
    return RecordFile(name, text)


@dataclass
class PlannedGame:
    file: str
    game: RecordGame
    client_id: uuid.UUID
    imported: bool  # already in the season: skipped


@dataclass
class PlannedSession:
    """A new session: its date, its seating (names, seat 1 first) and its games in order."""

    played_on: dt.date
    names: tuple[str, ...]
    games: list[PlannedGame] = field(default_factory=list)


@dataclass
class ImportPlan:
    games: list[PlannedGame] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unknown_names: list[str] = field(default_factory=list)
    # An unknown name that nearly is a player's -> that player's name ("Ada L." -> "Ada").
    proposals: dict[str, str] = field(default_factory=dict)
    sessions: list[PlannedSession] = field(default_factory=list)

    @property
    def new_games(self) -> list[PlannedGame]:
        return [game for game in self.games if not game.imported]

    @property
    def skipped(self) -> int:
        return len(self.games) - len(self.new_games)


@dataclass(frozen=True)
class ImportResult:
    sessions: list[Session]
    hands: int
    skipped: int
    players: list[Player]


def game_client_id(season: Season, record: str) -> uuid.UUID:
    """The hand's client id: the same game imported into the same season gets the same id."""
    return uuid.uuid5(NAMESPACE, f"club {season.club_id} season {season.pk}\n{record}")


def pmn_import_plan(
    *, season: Season, rule_set: RuleSet, files: Sequence[RecordFile], played_on: dt.date
) -> ImportPlan:
    """What importing ``files`` under ``rule_set`` would do, and everything that stops it."""
    plan = ImportPlan()
    if not get_family(rule_set.family).pmn_records or rule_set.club_id != season.club_id:
        plan.errors.append(_("PMN records are MCR games: choose one of this club's MCR rule sets."))
        return plan
    version = rule_set.current_version()
    for record_file in files:
        games, errors = read_records(record_file.text, version.params)
        plan.errors.extend(f"{record_file.name}, {error}" for error in errors)
        for game in games:
            client_id = game_client_id(season, game.record)
            plan.games.append(PlannedGame(record_file.name, game, client_id, False))
            plan.errors.extend(_seat_errors(record_file.name, game))
    if not plan.games and not plan.errors:
        plan.errors.append(_("No game to import."))
    _mark_imported(plan, season)
    _plan_sessions(plan, played_on)
    _find_unknown_names(plan, season)
    return plan


def _seat_errors(file_name: str, game: RecordGame) -> list[str]:
    where = {"file": file_name, "game": game.number}
    names = [name.strip() for name in game.names]
    if len(set(names)) != 4:
        return [_("%(file)s, game %(game)s: a player sits at two seats.") % where]
    too_long = [name for name in names if len(name) > MAX_NAME]
    message = _("%(file)s, game %(game)s: the name %(name)s is longer than %(most)s characters.")
    return [message % {**where, "name": repr(name), "most": MAX_NAME} for name in too_long]


def _mark_imported(plan: ImportPlan, season: Season) -> None:
    ids = [game.client_id for game in plan.games]
    existing = hand_entry_ids_in_season(season=season, client_ids=ids)
    seen: set[uuid.UUID] = set()
    for game in plan.games:
        # The same game twice in one upload is imported once.
        game.imported = game.client_id in existing or game.client_id in seen
        seen.add(game.client_id)


def _plan_sessions(plan: ImportPlan, played_on: dt.date) -> None:
    """Games with the same date and the same four players share a session, seated as the
    first of them; the winds of each hand come from its own record."""
    by_table: dict[tuple[dt.date, frozenset[str]], PlannedSession] = {}
    for game in plan.new_games:
        names = tuple(name.strip() for name in game.game.names)
        date = game.game.played_on or played_on
        key = (date, frozenset(names))
        if key not in by_table:
            by_table[key] = PlannedSession(date, names)
            plan.sessions.append(by_table[key])
        by_table[key].games.append(game)


def _find_unknown_names(plan: ImportPlan, season: Season) -> None:
    names = sorted({name for session in plan.sessions for name in session.names})
    index = club_name_index(club_id=season.club_id)
    plan.unknown_names = [name for name in names if index.find(name) is None]
    for session in plan.sessions:
        twins = same_player(index, session.names)
        if twins:
            message = _(
                "%(first)s and %(second)s are one player of %(club)s: a player sits at one seat."
            )
            first, second = twins
            plan.errors.append(
                message % {"first": first, "second": second, "club": season.club.name}
            )
    plan.proposals = {
        name: proposal
        for name in plan.unknown_names
        if (proposal := index.proposal(name)) is not None
    }


def pmn_import(
    *,
    season: Season,
    rule_set: RuleSet,
    files: Sequence[RecordFile],
    played_on: dt.date,
    by: User,
    create_players: bool = False,
    progress: Tell | None = None,
) -> ImportResult:
    """Import every new game of ``files``: all of them, or (with any error) none.
    ``progress`` hears how many games are written, and may stop the import by raising."""
    tell = progress or silent
    with transaction.atomic():
        # One import per season at a time: a concurrent upload of the same file waits,
        # then finds its games imported. The plan is made under the lock; hands and
        # sessions of the season go on meanwhile.
        season_import_lock(season)
        rule_versions_share_lock(rule_set)
        plan = pmn_import_plan(season=season, rule_set=rule_set, files=files, played_on=played_on)
        total = len(plan.new_games)
        tell(READING, total, total)
        if plan.errors:
            raise ValidationError(plan.errors)
        if plan.unknown_names and not create_players:
            names = ", ".join(plan.unknown_names)
            raise ValidationError(
                _("Confirm that these new players may be created: %(names)s.") % {"names": names}
            )
        created = create_new_players(season, plan.unknown_names)
        index = club_name_index(club_id=season.club_id)
        players = {
            name: found_player(index, name) for planned in plan.sessions for name in planned.names
        }
        written: Counter[str] = Counter()
        sessions = [
            _import_session(
                planned, season, rule_set, players, by, partial(_told, tell, written, total)
            )
            for planned in plan.sessions
        ]
    hands = sum(len(planned.games) for planned in plan.sessions)
    return ImportResult(sessions, hands, plan.skipped, created)


def create_new_players(season: Season, names: list[str]) -> list[Player]:
    """One new player for each name the club does not know (one for "ADA" and "Ada")."""
    created: dict[str, Player] = {}
    for name in names:
        if name_key(name) not in created:
            created[name_key(name)] = services.player_create(club=season.club, name=name)
    return list(created.values())


def found_player(index: NameIndex, name: str) -> Player:
    player = index.find(name)
    assert player is not None  # every unknown name was created
    return player


def _told(tell: Tell, written: Counter[str], total: int) -> None:
    written["games"] += 1
    tell(WRITING, written["games"], total)


def _import_session(
    planned: PlannedSession,
    season: Season,
    rule_set: RuleSet,
    players: dict[str, Player],
    by: User,
    written: Callable[[], None],
) -> Session:
    session = services.session_start(
        season=season,
        rule_set=rule_set,
        played_on=planned.played_on,
        players=[players[name] for name in planned.names],
        by=by,
    )
    for game in planned.games:
        positions = [planned.names.index(name.strip()) for name in game.game.names]
        hand, _ = services.hand_record(
            session=session,
            hand_input=reseat(game.game.hand_input, positions),
            by=by,
            client_id=game.client_id,
            placed=False,  # the record's winds are the game's, not the session's
        )
        Hand.objects.filter(pk=hand.pk).update(record=game.game.record)
        written()
    # A recorded game is over, as a score file's sessions are: closed to new hands.
    return services.session_set_status(session=session, status=Session.Status.CLOSED)
