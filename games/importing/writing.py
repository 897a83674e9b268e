"""Writing a confirmed import: every session and hand in one transaction, or nothing, where
writes can go on beside it (PostgreSQL).

SQLite runs one writing transaction at a time for the whole database: an import of a
hundred thousand games held it for longer than a table's hand waits (``SQLITE_TIMEOUT``),
and the hand answered 500 "database is locked". There the import writes its sessions in
turns: it commits whole sessions after holding the lock about ``SQLITE_HOLD_MS``, then
lets the hands waiting go first. A turn that fails rolls back alone; if the import then
stops (it failed, or was cancelled), what its committed turns wrote is removed again, in
turns too, so that it leaves nothing. Should that undoing fail as well, the import says what
it kept: importing the file again adds only what is missing (its client ids)."""

from __future__ import annotations

import datetime as dt
import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.importing.bulk_hands import NewHand, write_hands
from games.importing.planning import client_ids, plan_import
from games.importing.plans import ImportPlan, ImportRefused, PlannedSession, Problem
from games.importing.progress import Tell
from games.locks import rule_versions_share_lock, season_import_lock, writes_take_turns
from games.models import (
    Hand,
    Player,
    RuleSet,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
    SessionSeatTotal,
)
from games.signals import session_totals_changed
from games.totals import season_standings_changed, session_totals_refresh
from scoring.score_files import (
    ScoreFormat,
)

log = logging.getLogger(__name__)
Result = TypeVar("Result")


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
            players = _write_rules_and_players(plan, by, make_current)
            writing = _Writing(plan, players, by, progress, undoable=turns)
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
    """Write the rest a turn at a time; if that stops, undo what the committed turns wrote
    (see ``_in_a_turn`` for how the turns let other writes go first)."""
    with _busy_timeout(0):
        try:
            while rest:
                rest = _in_a_turn(partial(writing.sessions, rest, until=_turn_end(turns=True)))
        except Exception as error:
            _undo(writing, error)
            raise


def _in_a_turn(step: Callable[[], Result]) -> Result:
    """Run ``step`` in a transaction of its own, never cutting in before the writes that
    wait: they poll for the lock every 100 ms at most, so the import asks for it only once
    every ``SQLITE_PAUSE_SECONDS``, and does not wait for it (its busy timeout is 0)."""
    while True:
        time.sleep(SQLITE_PAUSE_SECONDS)
        try:
            with transaction.atomic():
                return step()
        except OperationalError as error:
            if "database is locked" not in str(error):
                raise
            # Someone is writing: their turn first (this one rolled back, if it began).


def _undo(writing: _Writing, error: Exception) -> None:
    """Remove what the committed turns wrote, newest first, in turns; if that fails too,
    raise ``ImportRefused`` saying what stays (the import's message would say nothing did)."""
    try:
        while writing.written:
            _in_a_turn(partial(_unwrite_groups, writing, until=_turn_end(turns=True)))
        _in_a_turn(partial(_unwrite_rules_and_players, writing))
    except Exception as failure:
        log.exception("could not undo a stopped import of season %s", writing.plan.season.pk)
        raise ImportRefused([Problem(None, _kept_message(writing, error))]) from failure


def _kept_message(writing: _Writing, error: Exception) -> str:
    sessions = {pk for written in writing.written for pk in (*written.sessions, *written.added)}
    message = ngettext(
        "The import stopped (%(error)s) and %(count)d session it had written could not be "
        "removed: it is kept. Importing the same file again adds only the rest.",
        "The import stopped (%(error)s) and %(count)d sessions it had written could not be "
        "removed: they are kept. Importing the same file again adds only the rest.",
        len(sessions),
    )
    return message % {"error": error, "count": len(sessions)}


def _unwrite_groups(writing: _Writing, *, until: float | None) -> None:
    """Undo the groups written last until ``until`` has passed (one at least); each is
    forgotten once its undoing commits."""
    for index, written in enumerate(reversed(list(writing.written))):
        if until is not None and index and time.monotonic() >= until:
            return
        _unwrite(writing.plan.season, written)
        transaction.on_commit(partial(writing.written.remove, written))


def _unwrite(season: Season, written: _Written) -> None:
    """Remove the hands a group added to sessions of earlier imports, and the sessions it
    created with everything in them, leaving their kept totals, standings version and
    ratings mark as a hand deletion would."""
    added = Q()
    for session_id, ids in written.added.items():
        added |= Q(session_id=session_id, client_id__in=ids)
    if written.added:
        # Hand writes lock their session: so does taking hands from one, for its totals.
        locked = Session.objects.select_for_update(no_key=True).filter(pk__in=written.added)
        list(locked.values_list("pk"))
        Score.objects.filter(hand__in=Hand.objects.filter(added)).delete()
        Hand.objects.filter(added).delete()
        session_totals_refresh(session_ids=written.added)
    if written.sessions:
        # The seats' ratings from these sessions' day on are stale, as when their totals
        # change: marked while the sessions are there to tell the day and family.
        season_standings_changed(seasons=Season.objects.filter(pk=season.pk))
        session_totals_changed.send(sender=SessionSeatTotal, session_ids=set(written.sessions))
        Score.objects.filter(session_id__in=written.sessions).delete()
        Session.objects.filter(pk__in=written.sessions).delete()


def _unwrite_rules_and_players(writing: _Writing) -> None:
    """Remove the players and rule-set versions the import created that nothing uses."""
    Player.objects.filter(
        pk__in=writing.new_players, seats__isnull=True, user__isnull=True, invitation__isnull=True
    ).delete()
    RuleSetVersion.objects.filter(
        pk__in=writing.new_versions, sessions__isnull=True, hands__isnull=True
    ).delete()


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


@dataclass(eq=False)  # each is itself: a list of them removes the very one committed
class _Written:
    """What one group wrote: the sessions it created, the hands it added to others."""

    sessions: list[int]
    added: dict[int, list[uuid.UUID]]  # session id -> client ids of its hands added


@dataclass
class _Writing:
    """An import's sessions being written, group by group, telling how far it has got and
    keeping what the committed groups wrote (so that a stopped import can undo it)."""

    plan: ImportPlan
    players: dict[str, Player]
    by: User | None
    progress: Tell | None
    done: int = 0  # hands written before the current group
    undoable: bool = False  # keep what each group wrote: it commits on its own (in turns)
    written: list[_Written] = field(default_factory=list)

    @property
    def new_players(self) -> list[int]:
        return [self.players[name].pk for name in self.plan.new_players]

    @property
    def new_versions(self) -> list[int]:
        return [v.version.pk for v in self.plan.new_versions if v.version is not None]

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
            if self.undoable:  # kept once, and only once, the group's transaction commits
                written = _written(self.plan, group, sessions)
                transaction.on_commit(partial(self.written.append, written))
            self.done += sum(len(planned.games) for planned in group)
        return []

    def _tell(self) -> Tell | None:
        """The progress of a group's writing, told as that of the whole import's."""
        tell, before, total = self.progress, self.done, self.plan.new_hand_count
        if tell is None:
            return None
        return lambda stage, done, _: tell(stage, before + done, total)


def _written(
    plan: ImportPlan, group: list[PlannedSession], sessions: Mapping[str, Session]
) -> _Written:
    return _Written(
        sessions=[sessions[s.key].pk for s in group if s.existing is None],
        added={s.existing.pk: client_ids(plan, s) for s in group if s.existing is not None},
    )


def _write_rules_and_players(
    plan: ImportPlan, by: User | None, make_current: bool
) -> dict[str, Player]:
    players = dict(plan.players)
    created = Player.objects.bulk_create(
        Player(club_id=plan.season.club_id, name=name) for name in plan.new_players
    )
    players.update((player.name, player) for player in created)
    players.update((name, players[spelling]) for name, spelling in plan.spellings.items())
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
    list(Session.objects.select_for_update(no_key=True).filter(pk__in=existing).values_list("pk"))
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
