"""Importing Tenhou JSON game logs into a riichi season: each log becomes a closed session,
each of its kyoku a hand.

Planning reads every log under the rule set's current rules (the family reads and checks
it: every kyoku must pay what the rules pay) and says what an import would do, and
everything that stops it, without writing; importing re-plans and writes it all in one
transaction through the same services as the pages. A hand's client id is derived from the
club, the season, the log's content and the kyoku, so importing the same log into the same
season again creates nothing, and another club's or season's ids never meet these.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games import services
from games.importing.pmn_import import RecordFile, create_new_players, found_player
from games.importing.progress import READING, WRITING, Tell, silent
from games.locks import rule_versions_share_lock, season_import_lock
from games.models import Player, RuleSet, Season, Session
from games.names import club_name_index, same_player
from games.selectors import hand_entry_ids_in_season
from scoring.families import EngineError, Family, GameLog, get_family
from scoring.text import TextError, decode_text

# Fixed for ever: changing it would make every imported log look new.
NAMESPACE = uuid.UUID("0b6f6d3e-4f1c-4a59-8f0e-7c2d9a1b3e55")
MAX_FILE_BYTES = 512 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024


@dataclass
class PlannedLog:
    """One log file: the game read from it (none when it cannot be), each kyoku's hand
    client id, and whether the season has it already."""

    file: str
    game: GameLog | None
    client_ids: list[uuid.UUID] = field(default_factory=list)
    imported: bool = False

    @property
    def final(self) -> list[tuple[str, int]]:
        """Each player's points at the end, as the log has them (and the import gives)."""
        if self.game is None:
            return []
        return list(zip(self.game.names, self.game.final_scores, strict=True))


@dataclass
class TenhouPlan:
    logs: list[PlannedLog] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unknown_names: list[str] = field(default_factory=list)
    # An unknown name that nearly is a player's -> that player's name ("Ada L." -> "Ada").
    proposals: dict[str, str] = field(default_factory=dict)

    @property
    def new_logs(self) -> list[PlannedLog]:
        return [log for log in self.logs if log.game is not None and not log.imported]

    @property
    def skipped(self) -> int:
        return sum(1 for log in self.logs if log.imported)

    @property
    def new_hands(self) -> int:
        return sum(len(log.client_ids) for log in self.new_logs)


@dataclass(frozen=True)
class TenhouResult:
    sessions: list[Session]
    hands: int
    skipped: int
    players: list[Player]


def decode_log_upload(name: str, data: bytes) -> RecordFile:
    """The text of an uploaded log, or a ``ValidationError`` saying why it cannot be read."""
    if len(data) > MAX_FILE_BYTES:
        raise ValidationError(
            _("%(name)s is %(value)s KB; a Tenhou log may be at most %(value2)s KB.")
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


def log_client_ids(season: Season, data: object, kyoku_count: int) -> list[uuid.UUID]:
    """Each kyoku's hand client id: the same log (whatever its spacing or key order) in the
    same season gets the same ids."""
    digest = hashlib.sha256(
        json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    ).hexdigest()
    where = f"club {season.club_id} season {season.pk}\ntenhou {digest}"
    return [uuid.uuid5(NAMESPACE, f"{where}\nkyoku {n}") for n in range(1, kyoku_count + 1)]


def tenhou_import_plan(
    *, season: Season, rule_set: RuleSet, files: Sequence[RecordFile]
) -> TenhouPlan:
    """What importing ``files`` under ``rule_set`` would do, and everything that stops it."""
    plan = TenhouPlan()
    family = get_family(rule_set.family)
    if not family.tenhou_logs or rule_set.club_id != season.club_id:
        plan.errors.append(
            _("Tenhou logs are riichi games: choose one of this club's riichi rule sets.")
        )
        return plan
    params = rule_set.current_version().params
    for log_file in files:
        plan.logs.append(_read(season, log_file, family, params, plan.errors))
    if not plan.logs:
        plan.errors.append(_("No game to import."))
    _mark_imported(plan, season)
    _find_names(plan, season)
    return plan


def _read(
    season: Season,
    log_file: RecordFile,
    family: Family,
    params: Mapping[str, Any],
    errors: list[str],
) -> PlannedLog:
    try:
        data = json.loads(log_file.text)
    except json.JSONDecodeError as error:
        message = _("%(name)s is not JSON: line %(line)s, column %(column)s: %(problem)s.")
        values = {"line": error.lineno, "column": error.colno, "problem": error.msg}
        errors.append(message % {"name": log_file.name, **values})
        return PlannedLog(log_file.name, None)
    try:
        game = family.read_tenhou_log(data, params)
    except EngineError as error:
        errors.append(_("%(name)s, %(problem)s") % {"name": log_file.name, "problem": error})
        return PlannedLog(log_file.name, None)
    return PlannedLog(log_file.name, game, log_client_ids(season, data, len(game.hands)))


def _mark_imported(plan: TenhouPlan, season: Season) -> None:
    """A log whose first hand the season has was imported before; the same log twice in
    one upload is imported once."""
    firsts = [log.client_ids[0] for log in plan.logs if log.client_ids]
    existing = hand_entry_ids_in_season(season=season, client_ids=firsts)
    seen: set[uuid.UUID] = set()
    for log in plan.logs:
        if log.client_ids:
            log.imported = log.client_ids[0] in existing or log.client_ids[0] in seen
            seen.add(log.client_ids[0])


def _find_names(plan: TenhouPlan, season: Season) -> None:
    index = club_name_index(club_id=season.club_id)
    names = sorted({name for log in plan.new_logs for name in _names(log)})
    plan.unknown_names = [name for name in names if index.find(name) is None]
    for log in plan.new_logs:
        twins = same_player(index, _names(log))
        if twins:
            message = _(
                "%(file)s: %(first)s and %(second)s are one player of %(club)s: "
                "a player sits at one seat."
            )
            first, second = twins
            values = {"file": log.file, "first": first, "second": second}
            plan.errors.append(message % {**values, "club": season.club.name})
    plan.proposals = {
        name: proposal
        for name in plan.unknown_names
        if (proposal := index.proposal(name)) is not None
    }


def _names(log: PlannedLog) -> tuple[str, ...]:
    return log.game.names if log.game is not None else ()


def tenhou_import(
    *,
    season: Season,
    rule_set: RuleSet,
    files: Sequence[RecordFile],
    played_on: dt.date,
    by: User,
    create_players: bool = False,
    progress: Tell | None = None,
) -> TenhouResult:
    """Import every new log of ``files``: all of them, or (with any error) none.
    ``progress`` hears how many hands are written, and may stop the import by raising."""
    tell = progress or silent
    with transaction.atomic():
        # One import per season at a time: a concurrent upload of the same logs waits,
        # then finds them imported.
        season_import_lock(season)
        rule_versions_share_lock(rule_set)
        plan = tenhou_import_plan(season=season, rule_set=rule_set, files=files)
        total = plan.new_hands
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
        written = 0
        sessions = []
        for log in plan.new_logs:
            assert log.game is not None  # new logs are the ones read
            players = [found_player(index, name) for name in log.game.names]
            session = services.session_start(
                season=season, rule_set=rule_set, played_on=played_on, players=players, by=by
            )
            for hand, client_id in zip(log.game.hands, log.client_ids, strict=True):
                services.hand_record(session=session, hand_input=hand, by=by, client_id=client_id)
                written += 1
                tell(WRITING, written, total)
            # A logged game is over, as a score file's sessions are: closed to new hands.
            sessions.append(
                services.session_set_status(session=session, status=Session.Status.CLOSED)
            )
    return TenhouResult(sessions, written, plan.skipped, created)
