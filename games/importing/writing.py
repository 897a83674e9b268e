"""Writing a confirmed import: every session and hand in one transaction, or nothing, where
writes can go on beside it (PostgreSQL).

SQLite runs one writing transaction at a time for the whole database: an import of a
hundred thousand games held it for longer than a table's hand waits (``SQLITE_TIMEOUT``),
and the hand answered 500 "database is locked". There the import writes its sessions in
turns: it commits whole sessions after holding the lock about ``SQLITE_HOLD_MS``, then
lets the hands waiting go first. A turn that fails rolls back alone; the sessions already
committed stay, and importing the file again adds only what is missing (its client ids)."""

from __future__ import annotations

import datetime as dt
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games.importing.bulk_hands import NewHand, write_hands
from games.importing.planning import client_ids, plan_import
from games.importing.plans import ImportPlan, ImportRefused, PlannedSession, Problem
from games.importing.progress import Tell
from games.locks import rule_versions_share_lock, season_import_lock, writes_take_turns
from games.models import Hand, Player, RuleSet, RuleSetVersion, Season, Seat, Session
from scoring.score_files import (
    ScoreFormat,
)


def import_scores(
    *,
    season: Season,
    text: str,
    score_format: ScoreFormat,
    by: User | None,
    rule_set: RuleSet | None = None,
    undated_on: dt.date | None = None,
    create_players: bool = False,
    make_current: bool = False,
    progress: Tell | None = None,
) -> ImportPlan:
    """Import a score file into ``season`` in one transaction (where writes take turns, in
    turns of whole sessions: see the module), or raise ``ImportRefused`` with every problem
    found and write nothing. Returns the plan that was carried out.

    Rule-set versions the file's settings make are for its own sessions; with
    ``make_current`` the newest becomes the rules new sessions start with. ``progress``
    hears how far the reading and the writing have got, and may stop the import by raising:
    then nothing more is written."""
    # Where writes take turns, unless the caller's transaction holds the lock throughout.
    turns = writes_take_turns() and not connection.in_atomic_block
    try:
        with transaction.atomic():
            # One import per season at a time, and the rules it pins unchanged; the plan is
            # made under the locks. Hands and sessions of the season go on meanwhile.
            season_import_lock(season)
            rule_versions_share_lock(rule_set or season.rule_set)
            plan = plan_import(
                season=season,
                text=text,
                score_format=score_format,
                rule_set=rule_set,
                undated_on=undated_on,
                progress=progress,
            )
            problems = plan.problems + _refused_players(plan, create_players)
            if problems:
                raise ImportRefused(problems)
            writing = _Writing(plan, _write_rules_and_players(plan, by, make_current), by, progress)
            rest = writing.sessions(_groups(plan, turns), until=_turn_end(turns))
        if rest:
            _write_in_turns(writing, rest)
    except IntegrityError as error:  # a rule edit made the version number the import meant to
        message = _("The season changed meanwhile; try again.")
        raise ImportRefused([Problem(None, message)]) from error
    return plan


def no_such_player(club: str, name: str) -> str:
    return _("%(club)s has no player called %(name)s (allow new players to add them)") % {
        "club": club,
        "name": repr(name),
    }


def _refused_players(plan: ImportPlan, create_players: bool) -> list[Problem]:
    if create_players:
        return []
    club = plan.season.club.name
    return [Problem(line, no_such_player(club, name)) for name, line in plan.new_players.items()]


# Hands a group of whole sessions is made up to: a turn ends between two groups.
GROUP_HANDS = 1000
# A pause between turns long enough for each waiting hand's retry (SQLite's busy handler
# sleeps at most 100 ms between tries) to come round once.
SQLITE_PAUSE_SECONDS = 0.15


def _write_in_turns(writing: _Writing, rest: list[list[PlannedSession]]) -> None:
    """Write the rest a turn at a time, never cutting in before the writes that wait: they
    poll for the lock every 100 ms at most, so the import asks for it only once every
    ``SQLITE_PAUSE_SECONDS``, and does not wait for it (its connection's busy timeout is 0)."""
    with _busy_timeout(0):
        while rest:
            time.sleep(SQLITE_PAUSE_SECONDS)
            try:
                with transaction.atomic():
                    rest = writing.sessions(rest, until=_turn_end(turns=True))
            except OperationalError as error:
                if "database is locked" not in str(error):
                    raise
                # Someone is writing: their turn first (this one rolled back, if it began).


@contextmanager
def _busy_timeout(milliseconds: int) -> Iterator[None]:
    """How long this connection waits for a lock meanwhile (SQLite), then as configured."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        configured = cursor.fetchone()[0]
        cursor.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {int(configured)}")


def _turn_end(turns: bool) -> float | None:
    """When the turn beginning now should end, if the import writes in turns; else never."""
    if not turns:
        return None
    return time.monotonic() + settings.SQLITE_HOLD_MS / 1000


def _groups(plan: ImportPlan, turns: bool) -> list[list[PlannedSession]]:
    """The sessions with games to write, in order: in groups of about ``GROUP_HANDS`` if the
    import writes in turns, else in one (one COPY of every hand, one refresh of the totals)."""
    with_games = [planned for planned in plan.sessions if planned.games]
    if not turns:
        return [with_games] if with_games else []
    groups: list[list[PlannedSession]] = [[]]
    count = 0
    for planned in with_games:
        if count >= GROUP_HANDS:
            groups.append([])
            count = 0
        groups[-1].append(planned)
        count += len(planned.games)
    return [group for group in groups if group]


@dataclass
class _Writing:
    """An import's sessions being written, group by group, telling how far it has got."""

    plan: ImportPlan
    players: dict[str, Player]
    by: User | None
    progress: Tell | None
    done: int = 0  # hands written before the current group

    def sessions(
        self, groups: list[list[PlannedSession]], *, until: float | None
    ) -> list[list[PlannedSession]]:
        """Write groups in the current transaction until ``until`` has passed; the rest."""
        self.done = self.plan.new_hand_count - sum(len(s.games) for g in groups for s in g)
        for index, group in enumerate(groups):
            if until is not None and index and time.monotonic() >= until:
                return groups[index:]
            sessions = _write_sessions(self.plan, group, self.players, self.by)
            _write_hands(self.plan, group, sessions, self.by, self._tell())
            self.done += sum(len(planned.games) for planned in group)
        return []

    def _tell(self) -> Tell | None:
        """The progress of a group's writing, told as that of the whole import's."""
        tell, before, total = self.progress, self.done, self.plan.new_hand_count
        if tell is None:
            return None
        return lambda stage, done, _: tell(stage, before + done, total)


def _write_rules_and_players(
    plan: ImportPlan, by: User | None, make_current: bool
) -> dict[str, Player]:
    players = dict(plan.players)
    created = Player.objects.bulk_create(
        Player(club_id=plan.season.club_id, name=name) for name in plan.new_players
    )
    players.update((player.name, player) for player in created)
    for planned in plan.new_versions:
        planned.version = RuleSetVersion.objects.create(
            rule_set=plan.rule_set,
            number=planned.number,
            params=planned.params,
            created_by=by,
            from_import=not make_current,
        )
    return players


def _write_sessions(
    plan: ImportPlan, group: list[PlannedSession], players: Mapping[str, Player], by: User | None
) -> dict[str, Session]:
    new = [planned for planned in group if planned.existing is None]
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
    sessions.update((s.key, s.existing) for s in group if s.existing is not None)
    return sessions


def _write_hands(
    plan: ImportPlan,
    group: list[PlannedSession],
    sessions: Mapping[str, Session],
    by: User | None,
    progress: Tell | None,
) -> None:
    targets = [(sessions[s.key], s) for s in group]
    existing = [session.pk for session, planned in targets if planned.existing]
    # Hand writes lock their session: so does adding to one, for its kept totals.
    list(Session.objects.select_for_update().filter(pk__in=existing).values_list("pk"))
    last_numbers = _last_numbers([session for session, planned in targets if planned.existing])
    hands: list[NewHand] = []
    for session, planned in targets:
        first = last_numbers.get(session.pk, 0) + 1
        games = zip(client_ids(plan, planned), planned.games, strict=True)
        hands.extend(
            (session, number, client_id, scored)
            for number, (client_id, (_, _, scored)) in enumerate(games, first)
        )
    seats = _seat_players([session.pk for session, _ in targets])
    fresh = [session.pk for session, planned in targets if not planned.existing]
    write_hands(hands, seats, by.pk if by is not None else None, progress, fresh=fresh)


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
