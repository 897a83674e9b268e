"""Skill ratings: openskill's Plackett–Luce model over session placements (no database).

Each session is one match: its seats placed by their net over the session (equal nets share
a place). The model's parameters are openskill's defaults (docs/user-guide.md, Ratings):
μ₀ = 25, σ₀ = 25/3, β = 25/6, τ = 25/300, κ = 0.0001.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A regular player's rating settles after this many sessions: Plackett–Luce shrinks σ slowly
# (about 6.7 after 10 sessions, 4.2 only after 40), so "half of σ₀" kept everyone provisional.
REGULAR_SESSIONS = 10


def regular_sigma(sessions: int) -> float:
    """The σ a regular player reaches after ``sessions`` sessions: four newcomers who play
    them all together, each place taken in turn (the largest σ of the four)."""
    table = [MODEL.rating() for _ in range(4)]
    for number in range(sessions):
        ranks = [float((seat + number) % 4 + 1) for seat in range(4)]
        table = [team[0] for team in MODEL.rate([[rating] for rating in table], ranks=ranks)]
    return max(rating.sigma for rating in table)


# A rating is provisional (shown as such) while σ is above a regular player's after
# REGULAR_SESSIONS sessions: a newcomer's is σ₀.
SETTLED_SIGMA = regular_sigma(REGULAR_SESSIONS)


@dataclass(frozen=True)
class Skill:
    """A skill estimate μ and its uncertainty σ."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """μ − 3σ: what tables rank by (a newcomer starts at 0)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Still uncertain: σ above what a regular player's is after ``REGULAR_SESSIONS``."""
        return self.sigma > SETTLED_SIGMA


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)


def placements(nets: Sequence[Decimal]) -> list[int]:
    """Each seat's place (1 is first) by net, highest first; equal nets share a place."""
    return [1 + sum(other > net for other in nets) for net in nets]


def rate_session(skills: Sequence[Skill], nets: Sequence[Decimal]) -> list[Skill]:
    """The seats' skills after a session they finished with these nets."""
    teams = [[MODEL.create_rating([skill.mu, skill.sigma])] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(place) for place in placements(nets)])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
