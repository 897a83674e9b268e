"""What an import would do: the plan shown in the preview, and the problems that stop it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.importing.bulk_hands import ScoredGame
from games.models import Player, RuleSet, RuleSetVersion, Season, Session
from scoring.score_files import (
    ScoreFormat,
)


@dataclass(frozen=True)
class Problem:
    """Something that stops the import, with the file's line number where there is one."""

    line: int | None
    message: str
    detail: str = ""

    def __str__(self) -> str:
        if not self.line:
            return self.message
        return _("line %(line)s: %(message)s") % {"line": self.line, "message": self.message}


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


# A game of the file: its line, its place in its section (from 1), and its scores.
PlannedGame = tuple[int, int, ScoredGame]


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
    # The games to add. Their client ids are made only for the writing
    # (``planning.client_ids``): a preview needs none, and they cost most of a large file's plan.
    games: list[PlannedGame] = field(default_factory=list)
    id_prefix: str = ""  # what every client id of the section's games starts from


@dataclass
class ImportPlan:
    """What importing a file into a season would create, and every problem found."""

    season: Season
    score_format: ScoreFormat
    rule_set: RuleSet
    undated_on: dt.date
    lines: list[str] = field(default_factory=list)  # the file's, numbered as the reader does
    game_count: int = 0
    players: dict[str, Player] = field(default_factory=dict)
    new_players: dict[str, int] = field(default_factory=dict)  # name -> line first seated
    # Other spellings of a new player's name in the file ("ADA" beside "Ada") -> that name.
    spellings: dict[str, str] = field(default_factory=dict)
    # A new name that nearly is a player's -> that player's name ("Ada L." -> "Ada").
    proposals: dict[str, str] = field(default_factory=dict)
    versions: list[PlannedVersion] = field(default_factory=list)
    sessions: list[PlannedSession] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # What the organiser should know but that does not stop the import.
    warnings: list[Problem] = field(default_factory=list)

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


def preview_summary(plan: Any) -> dict[str, Any]:
    """What every file's preview shows of its plan (a score file's ``ImportPlan`` or a games
    file's ``GamesPlan``): counts, new players and versions, warnings; JSON kept on the job."""
    return {
        "rule_set": plan.rule_set.name,
        "new_sessions": len(plan.new_sessions),
        "new_hands": plan.new_hand_count,
        "known_hands": plan.known_hand_count,
        "new_players": list(plan.new_players.items()),
        "proposals": list(plan.proposals.items()),
        "warnings": [str(warning) for warning in plan.warnings],
        "new_versions": [[v.number, v.description] for v in plan.new_versions],
        "session_count": len(plan.sessions),
        "can_import": plan.is_valid and not plan.creates_nothing,
    }


def import_result(plan: Any) -> dict[str, int]:
    """What an import of a file created, as its job keeps it."""
    return {
        "hands": plan.new_hand_count,
        "sessions": len(plan.new_sessions),
        "players": len(plan.new_players),
        "skipped": plan.known_hand_count,
    }
