"""Planning an import: the players, rule versions, sessions and hands a file would create."""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.importing.bulk_hands import TELL_EVERY, ScoredGame
from games.importing.plans import (
    ImportPlan,
    ImportRefused,
    PlannedGame,
    PlannedSession,
    PlannedVersion,
    Problem,
)
from games.importing.progress import READING, Tell
from games.importing.reading import read_scores
from games.models import Hand, Player, RuleSet, Season, Session
from games.names import NameIndex, club_name_index, name_key, same_player
from scoring.families import EngineError, get_family
from scoring.score_files import (
    ScoreFormat,
    Section,
    game_tokens_of,
    lines_of,
)

PLAYER_NAME_LENGTH = Player.NAME_LENGTH
NAMESPACE = uuid.UUID("955aa0e1-2312-4ce6-98c0-1cacc5a41659")


def plan_import(
    *,
    season: Season,
    text: str,
    score_format: ScoreFormat,
    rule_set: RuleSet | None = None,
    undated_on: dt.date | None = None,
    progress: Tell | None = None,
) -> ImportPlan:
    """Everything importing ``text`` would create, writing nothing; raise ``ImportRefused``
    when the file cannot be read at all (the engine stops at its first bad line).
    ``progress`` hears how many games are read as they are, every ``TELL_EVERY``."""
    rule_set = rule_set or season.rule_set
    _check_family(season, rule_set, score_format)
    scores = read_scores(score_format, text, rule_set.current_version().params)
    plan = ImportPlan(
        season=season,
        score_format=score_format,
        rule_set=rule_set,
        undated_on=undated_on or season.starts_on or timezone.localdate(),
        lines=lines_of(text),  # numbered as the reader numbers them
        game_count=scores.game_count,
    )
    if not scores.game_count:
        plan.problems.append(Problem(None, _("The file has no games.")))
    _plan_players(plan, scores.players, scores.sections, plan.lines)
    _plan_sessions(plan, scores.sections, progress)
    return plan


def client_ids(plan: ImportPlan, planned: PlannedSession) -> list[uuid.UUID]:
    """The client ids of a planned session's games, in their order: each names the section,
    the game's place in it and its tokens, so that importing the file again finds it."""
    return _client_ids(planned.id_prefix, planned.games, plan.lines)


def _client_ids(prefix: str, games: list[PlannedGame], lines: list[str]) -> list[uuid.UUID]:
    """``uuid5(NAMESPACE, f"{prefix}{ordinal}/{tokens}")`` of each game: the SHA-1 of the
    start every name shares is taken once, not once a game."""
    shared = hashlib.sha1(NAMESPACE.bytes + prefix.encode())
    ids = []
    for line, ordinal, _scored in games:
        digest = shared.copy()
        digest.update(f"{ordinal}/{' '.join(game_tokens_of(lines[line - 1]))}".encode())
        ids.append(uuid.UUID(bytes=digest.digest()[:16], version=5))
    return ids


def _check_family(season: Season, rule_set: RuleSet, score_format: ScoreFormat) -> None:
    family = get_family(score_format.family)
    if rule_set.club_id != season.club_id:
        raise ImportRefused([Problem(None, _("That rule set belongs to another club."))])
    for template, name, key in (
        (
            _(
                "A %(format)s file holds %(family)s games, but the season %(name)s is for "
                "%(other)s."
            ),
            season.name,
            season.rule_set.family,
        ),
        (
            _(
                "A %(format)s file holds %(family)s games, but the rule set %(name)s is for "
                "%(other)s."
            ),
            rule_set.name,
            rule_set.family,
        ),
    ):
        if key != family.key:
            values = {"format": score_format.label, "family": family.label, "name": repr(name)}
            message = template % {**values, "other": get_family(key).label}
            raise ImportRefused([Problem(None, message)])


def _plan_players(
    plan: ImportPlan, names: list[str], sections: list[Section[Any, Any]], lines: list[str]
) -> None:
    index = club_name_index(club_id=plan.season.club_id)
    for name in names:
        player = index.find(name)
        if player is not None:
            plan.players[name] = player
    first_section = {}
    for section in reversed(sections):
        first_section.update(dict.fromkeys(section.seating, section))
    _check_seatings(plan, index, sections, lines)
    planned: dict[str, str] = {}  # a new player's key -> the spelling that creates them
    for name in names:
        if name in plan.players or name not in first_section:
            continue
        key = name_key(name)
        if key in planned:
            plan.spellings[name] = planned[key]
            continue
        planned[key] = name
        proposal = index.proposal(name)
        if proposal is not None:
            plan.proposals[name] = proposal
        line = _seating_line(first_section[name], lines)
        plan.new_players[name] = line
        if len(name) > PLAYER_NAME_LENGTH:
            message = _("the name %(name)s is longer than %(length)s characters") % {
                "name": repr(name),
                "length": PLAYER_NAME_LENGTH,
            }
            plan.problems.append(Problem(line, message))


def _check_seatings(
    plan: ImportPlan, index: NameIndex, sections: list[Section[Any, Any]], lines: list[str]
) -> None:
    """Refuse a seating that names one player twice ("Ada" and "ＡＤＡ", or an alias)."""
    for section in sections:
        twins = same_player(index, section.seating)
        if twins:
            message = _(
                "%(first)s and %(second)s are one player of %(club)s: a player sits at one seat."
            )
            values = {"first": twins[0], "second": twins[1], "club": plan.season.club.name}
            plan.problems.append(Problem(_seating_line(section, lines), message % values))


def _seating_line(section: Section[Any, Any], lines: list[str]) -> int:
    """The line that seated a section's players: the nearest one before its first game."""
    index = section.lines[0] - 1
    while index > 0 and game_tokens_of(lines[index]) != section.seating:
        index -= 1
    return index + 1


class _Planner:
    """Walks the file's sections, matching them to sessions, versions and earlier imports."""

    def __init__(self, plan: ImportPlan, progress: Tell | None) -> None:
        self.plan = plan
        self.progress = progress
        self.read = 0
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
            id_prefix=f"{self.plan.season.club_id}/{self.plan.season.pk}/{key_text}/",
        )
        self.check_in_season(planned)
        games = list(self.games(section, version))
        self.match_earlier_import(planned, games)
        if planned.existing is None:
            version.used = True
        self.plan.sessions.append(planned)

    def check_in_season(self, planned: PlannedSession) -> None:
        """Warn of a session dated outside the season (imported all the same)."""
        season = self.plan.season
        values = {"date": planned.played_on, "season": season.name}
        if season.starts_on and planned.played_on < season.starts_on:
            message = _("%(date)s is before %(season)s starts (%(starts)s)")
            values["starts"] = season.starts_on
        elif season.ends_on and planned.played_on > season.ends_on:
            message = _("%(date)s is after %(season)s ends (%(ends)s)")
            values["ends"] = season.ends_on
        else:
            return
        self.plan.warnings.append(Problem(planned.line, message % values))

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
            return Problem(None, _("these rules cannot be used: %(why)s") % {"why": error.message})
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
            message = _("%(date)s is not a date in the calendar") % {"date": section.date}
            problem = Problem(section.lines[0], message)
            self.plan.problems.append(problem)
            return None

    def games(self, section: Section[Any, Any], version: PlannedVersion) -> Iterator[PlannedGame]:
        # The reader shares one hand object among identical games under the same rules,
        # so each distinct hand is scored once, looked up by its identity.
        scored_hands = self.scored.setdefault(section.rules, {})
        for ordinal, (line, hand) in enumerate(section.games, 1):
            self.read += 1
            if self.progress is not None and self.read % TELL_EVERY == 0:
                self.progress(READING, self.read, self.plan.game_count)
            scored = scored_hands.get(id(hand))
            if scored is None:
                scored = scored_hands[id(hand)] = self.score(hand, version.params)
            if isinstance(scored, str):
                self.plan.problems.append(Problem(line, scored))
                continue
            yield line, ordinal, scored

    def score(self, hand: Any, params: dict[str, Any]) -> ScoredGame | str:
        """The game scored by the family, or the family's reason for refusing it."""
        try:
            hand_input = self.family.clean_hand(self.plan.score_format.hand_input(hand), params)
            return ScoredGame(hand_input, self.family.score_hand(hand_input, params))
        except EngineError as error:
            return error.message

    def match_earlier_import(self, planned: PlannedSession, games: list[PlannedGame]) -> None:
        """Skip the games an earlier import of this section created; only appended games
        are new, so a section changed since then is refused rather than imported twice."""
        session = planned.existing
        if session is None:
            planned.games = games
            return
        if session.rule_set_version.params != planned.version.params:
            message = _("these games were imported before under other rules; fix the file")
            self.plan.problems.append(Problem(planned.line, message))
            return
        imported = self.imported.get(session.pk, set())
        ids = _client_ids(planned.id_prefix, games, self.plan.lines)
        known = 0
        while known < len(games) and known < len(imported) and ids[known] in imported:
            known += 1
        if known < len(games) and known < len(imported):
            message = _(
                "this game differs from the one imported before in the session of %(date)s; "
                "correct hands on the session's page, not in the file"
            ) % {"date": session.played_on}
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


def _plan_sessions(
    plan: ImportPlan, sections: list[Section[Any, Any]], progress: Tell | None
) -> None:
    planner = _Planner(plan, progress)
    occurrences: Counter[tuple[str | None, tuple[str, ...]]] = Counter()
    for section in sections:
        where = (section.date, section.seating)
        planner.section(section, occurrences[where])
        occurrences[where] += 1
    if progress is not None:  # every game read (told every TELL_EVERY games on the way)
        progress(READING, planner.read, plan.game_count)
