"""Importing a games file into a season: its plan (the preview) and its writing.

Every session line becomes a session of the season, seated by name, and its hands are
recorded in order through ``services.hand_record`` (each scored by its family as on the
site, the hands before it included), under the rule-set version with exactly the file's
parameters (made if none exists). Sessions carry a key derived from the season and the
file's session id, hands and penalties a client id derived from the season and the file's
entry id: importing the same file again creates nothing, and a session that has grown by
hands appended since gets only those.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import services
from games.importing.games_file import (
    FileHand,
    FilePenalty,
    FileSession,
    GamesFile,
    read_games_file,
)
from games.importing.plans import ImportRefused, PlannedVersion, Problem, preview_summary
from games.importing.progress import READING, WRITING, Tell, silent
from games.importing.writing import no_such_player
from games.locks import rule_versions_share_lock, season_import_lock
from games.models import Hand, Penalty, Player, RuleSet, RuleSetVersion, Season, Seat, Session
from games.names import NameIndex, club_name_index, name_key, same_player
from scoring.families import EngineError, Family, get_family

# Fixed for ever: changing it would make every imported session and hand look new.
NAMESPACE = uuid.UUID("6f1d2a8e-4c3b-4e1a-8d7f-93b0c2e5a417")
LABEL = gettext_noop("games file (JSON lines)")


@dataclass
class PlannedGamesSession:
    """A session line: a session to create, or one an earlier import created."""

    source: FileSession
    key: str
    existing: Session | None = None
    known: int = 0  # hands imported before
    hands: list[tuple[FileHand, uuid.UUID]] = field(default_factory=list)
    penalties: list[tuple[FilePenalty, uuid.UUID]] = field(default_factory=list)


@dataclass
class GamesPlan:
    """What importing a games file into a season would create, and every problem found."""

    season: Season
    rule_set: RuleSet
    games: GamesFile
    players: dict[str, Player] = field(default_factory=dict)
    new_players: dict[str, int] = field(default_factory=dict)  # name -> line first seated
    spellings: dict[str, str] = field(default_factory=dict)
    proposals: dict[str, str] = field(default_factory=dict)
    versions: dict[int, PlannedVersion] = field(default_factory=dict)  # by the file's number
    sessions: list[PlannedGamesSession] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def new_sessions(self) -> list[PlannedGamesSession]:
        return [s for s in self.sessions if s.existing is None]

    @property
    def new_versions(self) -> list[PlannedVersion]:
        return [v for v in self.versions.values() if v.is_new and v.used]

    @property
    def new_hand_count(self) -> int:
        return sum(len(s.hands) for s in self.sessions)

    @property
    def known_hand_count(self) -> int:
        return sum(s.known for s in self.sessions)

    @property
    def is_valid(self) -> bool:
        return not self.problems

    @property
    def creates_nothing(self) -> bool:
        return not (self.new_sessions or self.new_hand_count or self.new_players)


def games_import_plan(*, season: Season, text: str, rule_set: RuleSet | None = None) -> GamesPlan:
    """Everything importing the games file ``text`` would create, writing nothing; raise
    ``ImportRefused`` when the file cannot be read at all."""
    games = read_games_file(text)
    rule_set = rule_set or season.rule_set
    _check_family(season, rule_set, games.family)
    plan = GamesPlan(season=season, rule_set=rule_set, games=games)
    family = get_family(games.family)
    _plan_versions(plan, family)
    _plan_players(plan)
    if not plan.problems:
        for source in games.sessions:
            _plan_session(plan, family, source)
    return plan


def games_import(
    *,
    season: Season,
    text: str,
    by: User | None,
    rule_set: RuleSet | None = None,
    create_players: bool = False,
    make_current: bool = False,
    progress: Tell | None = None,
) -> GamesPlan:
    """Import a games file into ``season`` in one transaction, or raise ``ImportRefused``
    with every problem found and write nothing. ``progress`` hears how many hands are
    read and written, and may stop the import by raising."""
    tell = progress or silent
    with transaction.atomic():
        season_import_lock(season)
        rule_versions_share_lock(rule_set or season.rule_set)
        plan = games_import_plan(season=season, text=text, rule_set=rule_set)
        tell(READING, plan.games.hand_count, plan.games.hand_count)
        problems = plan.problems + _refused_players(plan, create_players)
        if problems:
            raise ImportRefused(problems)
        try:
            _write(plan, by, make_current, tell)
        except ValidationError as error:  # a hand the services refuse: none should be
            raise ImportRefused([Problem(None, message) for message in error.messages]) from None
    return plan


def games_preview(plan: GamesPlan, shown: int) -> dict[str, Any]:
    """What the import's page shows of a plan (the keys of a score file's preview)."""
    return {
        "game_count": plan.games.hand_count,
        "format": _(LABEL),
        **preview_summary(plan),
        "sessions": [
            {
                "line": s.source.line,
                "played_on": s.source.played_on.isoformat(),
                "seating": list(s.source.seats),
                "version": plan.versions[s.source.rules].number,
                "version_new": plan.versions[s.source.rules].is_new,
                "games": len(s.hands),
                "known": s.known,
            }
            for s in plan.sessions[:shown]
        ],
    }


# --- planning -----------------------------------------------------------------------------


def _check_family(season: Season, rule_set: RuleSet, family: str) -> None:
    if rule_set.club_id != season.club_id:
        raise ImportRefused([Problem(None, _("That rule set belongs to another club."))])
    try:
        label = get_family(family).label
    except EngineError:
        message = _("%(family)s is not a rule family of this site") % {"family": repr(family)}
        raise ImportRefused([Problem(1, message)]) from None
    if rule_set.family != family:
        message = _(
            "The file holds %(family)s games, but the rule set %(name)s is for %(other)s."
        ) % {"family": label, "name": repr(rule_set.name), "other": rule_set.get_family_display()}
        raise ImportRefused([Problem(1, message)])
    if season.rule_set.family != family:
        message = _("The file holds %(family)s games, but the season %(name)s is for %(other)s.")
        values = {"family": label, "name": repr(season.name)}
        other = season.rule_set.get_family_display()
        raise ImportRefused([Problem(1, message % {**values, "other": other})])


def _plan_versions(plan: GamesPlan, family: Family) -> None:
    """Each rules line as the version of the rule set with exactly those parameters."""
    versions = list(plan.rule_set.versions.order_by("number"))
    next_number = max((v.number for v in versions), default=0) + 1
    for number, rules in plan.games.rules.items():
        try:
            params = family.clean_params(rules.params)
        except EngineError as error:
            message = _("these rules cannot be used: %(why)s") % {"why": error.message}
            plan.problems.append(Problem(rules.line, message))
            continue
        description = family.describe_params(params)
        found = next((v for v in versions if v.params == params), None)
        if found is not None:
            plan.versions[number] = PlannedVersion(params, description, found.number, found, False)
            continue
        same = next((v for v in plan.versions.values() if v.params == params), None)
        if same is None:
            same = PlannedVersion(params, description, next_number)
            next_number += 1
        plan.versions[number] = same


def _plan_players(plan: GamesPlan) -> None:
    index = club_name_index(club_id=plan.season.club_id)
    planned: dict[str, str] = {}  # a new player's key -> the spelling that creates them
    for source in plan.games.sessions:
        twins = same_player(index, source.seats)
        if twins or len(set(source.seats)) < len(source.seats):
            first, second = twins or (source.seats[0], source.seats[0])
            message = _(
                "%(first)s and %(second)s are one player of %(club)s: a player sits at one seat."
            ) % {"first": first, "second": second, "club": plan.season.club.name}
            plan.problems.append(Problem(source.line, message))
        for name in source.seats:
            _plan_player(plan, index, planned, name, source.line)


def _plan_player(
    plan: GamesPlan, index: NameIndex, planned: dict[str, str], name: str, line: int
) -> None:
    if name in plan.players or name in plan.new_players or name in plan.spellings:
        return
    player = index.find(name)
    if player is not None:
        plan.players[name] = player
        return
    if name_key(name) in planned:
        plan.spellings[name] = planned[name_key(name)]
        return
    planned[name_key(name)] = name
    plan.new_players[name] = line
    proposal = index.proposal(name)
    if proposal is not None:
        plan.proposals[name] = proposal
    if len(name) > Player.NAME_LENGTH:
        message = _("the name %(name)s is longer than %(length)s characters") % {
            "name": repr(name),
            "length": Player.NAME_LENGTH,
        }
        plan.problems.append(Problem(line, message))


def _plan_session(plan: GamesPlan, family: Family, source: FileSession) -> None:
    season = plan.season
    key = uuid.uuid5(NAMESPACE, f"{season.club_id}/{season.pk}/session/{source.id}").hex
    planned = PlannedGamesSession(source=source, key=key)
    planned.existing = Session.objects.filter(season=season, import_key=key).first()
    if len(source.seats) not in family.seat_counts:
        counts = " / ".join(str(count) for count in family.seat_counts)
        message = _("%(family)s is played by %(counts)s players, not %(count)s") % {
            "family": family.label,
            "counts": counts,
            "count": len(source.seats),
        }
        plan.problems.append(Problem(source.line, message))
        return
    problem = _score_problem(plan, family, source)
    if problem is not None:
        plan.problems.append(Problem(source.line, problem))
        return
    hands = [(hand, _entry_id(season, "hand", hand.id)) for hand in source.hands]
    penalties = [
        (penalty, _entry_id(season, "penalty", penalty.id)) for penalty in source.penalties
    ]
    if planned.existing is None:
        planned.hands, planned.penalties = hands, penalties
        for number in {source.rules, *(hand.rules for hand in source.hands)}:
            plan.versions[number].used = True
    else:
        _match_earlier_import(plan, planned, hands, penalties)
    plan.sessions.append(planned)


def _entry_id(season: Season, kind: str, file_id: uuid.UUID) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, f"{season.club_id}/{season.pk}/{kind}/{file_id}")


def _score_problem(plan: GamesPlan, family: Family, source: FileSession) -> str | None:
    """Why the family cannot score the session's hands in their order, if it cannot."""
    params = [plan.versions[hand.rules].params for hand in source.hands]
    cleaned: list[dict[str, Any]] = []
    scored = 0
    try:
        for hand, own in zip(source.hands, params, strict=True):
            cleaned.append(family.clean_hand(hand.input, own))
        first = params[0] if params else plan.versions[source.rules].params
        for _result in family.score_sequence(cleaned, first, hand_params=params):
            scored += 1
    except EngineError as error:
        place = len(cleaned) + 1 if len(cleaned) < len(source.hands) else scored + 1
        return _("hand %(place)s: %(problem)s") % {"place": place, "problem": error.message}
    return None


def _match_earlier_import(
    plan: GamesPlan,
    planned: PlannedGamesSession,
    hands: list[tuple[FileHand, uuid.UUID]],
    penalties: list[tuple[FilePenalty, uuid.UUID]],
) -> None:
    """Skip what an earlier import of the session created; the hands it created must be
    the session's first ones, so a session changed since is refused, not imported twice."""
    session = planned.existing
    assert session is not None
    imported = list(
        session.hands.filter(deleted_at__isnull=True)
        .order_by("number")
        .values_list("client_id", flat=True)
    )
    known = 0
    while known < len(hands) and known < len(imported) and hands[known][1] == imported[known]:
        known += 1
    if known < len(imported) and known < len(hands):
        message = _(
            "this session differs from the one imported before on %(date)s; correct hands on "
            "the session's page, not in the file"
        ) % {"date": session.played_on}
        plan.problems.append(Problem(planned.source.line, message))
        return
    planned.known, planned.hands = known, hands[known:]
    recorded = set(Penalty.objects.filter(session=session).values_list("client_id", flat=True))
    planned.penalties = [(p, client_id) for p, client_id in penalties if client_id not in recorded]
    if planned.hands:
        for number in {planned.source.rules, *(hand.rules for hand, _id in planned.hands)}:
            plan.versions[number].used = True


def _refused_players(plan: GamesPlan, create_players: bool) -> list[Problem]:
    if create_players:
        return []
    club = plan.season.club.name
    return [Problem(line, no_such_player(club, name)) for name, line in plan.new_players.items()]


# --- writing ------------------------------------------------------------------------------


def _write(plan: GamesPlan, by: User | None, make_current: bool, tell: Tell) -> None:
    players = _write_players(plan)
    versions = _write_versions(plan, by, make_current)
    written, total = 0, plan.new_hand_count
    for planned in plan.sessions:
        if planned.existing is not None and not (planned.hands or planned.penalties):
            continue
        session = planned.existing or _new_session(plan, planned, players, versions, by)
        status = planned.source.status
        if planned.hands and not session.is_open:
            session = services.session_set_status(session=session, status=Session.Status.OPEN)
        for hand, client_id in planned.hands:
            _pin(session, versions[hand.rules])
            recorded, _created = services.hand_record(
                session=session,
                hand_input=hand.input,
                by=by,  # type: ignore[arg-type]  # a command's import has no one
                client_id=client_id,
                placed=False,  # the stored input is already placed
            )
            if hand.record:
                Hand.objects.filter(pk=recorded.pk).update(record=hand.record)
            written += 1
            tell(WRITING, written, total)
        if planned.existing is None or planned.hands:
            _pin(session, versions[planned.source.rules])
        for penalty, client_id in planned.penalties:
            services.penalty_record(
                session=session,
                penalty=services.PenaltyInput(
                    player=players[planned.source.seats[penalty.seat]],
                    reason=penalty.reason,
                    amount=penalty.amount,
                    zero_sum=penalty.zero_sum,
                    note=penalty.note,
                ),
                by=by,  # type: ignore[arg-type]
                client_id=client_id,
            )
        if session.status != status:
            services.session_set_status(session=session, status=status)


def _write_players(plan: GamesPlan) -> dict[str, Player]:
    players = dict(plan.players)
    for name in plan.new_players:
        players[name] = services.player_create(club=plan.season.club, name=name)
    players.update((name, players[spelling]) for name, spelling in plan.spellings.items())
    return players


def _write_versions(
    plan: GamesPlan, by: User | None, make_current: bool
) -> dict[int, RuleSetVersion]:
    for planned in sorted(plan.new_versions, key=lambda v: v.number):
        if planned.version is None:
            planned.version = RuleSetVersion.objects.create(
                rule_set=plan.rule_set,
                number=planned.number,
                params=planned.params,
                created_by=by,
                from_import=not make_current,
            )
    return {
        number: planned.version
        for number, planned in plan.versions.items()
        if planned.version is not None
    }


def _new_session(
    plan: GamesPlan,
    planned: PlannedGamesSession,
    players: Mapping[str, Player],
    versions: Mapping[int, RuleSetVersion],
    by: User | None,
) -> Session:
    """The session, open until its hands are in, under the rules of its first hand: the
    import pins each hand's rules itself, as the score-file import writes its sessions."""
    source = planned.source
    first = source.hands[0].rules if source.hands else source.rules
    session = Session.objects.create(
        club_id=plan.season.club_id,
        season=plan.season,
        rule_set_version=versions[first],
        played_on=source.played_on,
        status=Session.Status.OPEN,
        created_by=by,
        import_key=planned.key,
    )
    Seat.objects.bulk_create(
        Seat(session=session, position=position, player=players[name])
        for position, name in enumerate(source.seats)
    )
    return session


def _pin(session: Session, version: RuleSetVersion) -> None:
    """Put the session under ``version`` from its next hand on (a switch of its rules)."""
    if session.rule_set_version_id != version.pk:
        session.rule_set_version = version
        session.save(update_fields=["rule_set_version"])
