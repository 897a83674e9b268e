"""Writing a confirmed import: every session and hand in one transaction, or nothing."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games.bulk_hands import NewHand, write_hands
from games.importing.planning import client_ids, plan_import
from games.importing.plans import ImportPlan, ImportRefused, Problem
from games.locks import rule_versions_share_lock, season_import_lock
from games.models import Hand, Player, RuleSet, RuleSetVersion, Season, Seat, Session
from games.progress import Tell
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
    """Import a score file into ``season`` in one transaction, or raise ``ImportRefused``
    with every problem found and write nothing. Returns the plan that was carried out.

    Rule-set versions the file's settings make are for its own sessions; with
    ``make_current`` the newest becomes the rules new sessions start with. ``progress``
    hears how far the reading and the writing have got, and may stop the import by raising:
    then nothing is written."""
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
            _write(plan, by, make_current, progress)
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


def _write(plan: ImportPlan, by: User | None, make_current: bool, progress: Tell | None) -> None:
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
    sessions = _write_sessions(plan, players, by)
    _write_hands(plan, sessions, by, progress)


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


def _write_hands(
    plan: ImportPlan, sessions: Mapping[str, Session], by: User | None, progress: Tell | None
) -> None:
    targets = [(sessions[s.key], s) for s in plan.sessions if s.games]
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
