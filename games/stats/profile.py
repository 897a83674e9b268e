"""A person's profile across clubs: for each club that links their account to a player and
that the viewer may see, the player's figures and rating in each family played there."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from games import selectors
from games.access import visible
from games.models import Membership, Player
from games.snapshot import consistent_read
from games.stats import figures
from games.stats.figures import Rates
from games.stats.models import Rating
from games.stats.ratings import Skill
from games.stats.reads import (
    EVERY_DAY,
    DateRange,
    player_session_rows,
    player_stats_version,
)


@dataclass(frozen=True)
class FamilyLine:
    """The player's totals in one family of one club, and their rating there."""

    family: str
    rates: Rates
    rating: Skill | None
    rated_sessions: int


@dataclass(frozen=True)
class ClubPart:
    """What one club shows of the person: their player there and a line per family."""

    player: Player
    lines: list[FamilyLine]


def visible_players(*, person: User, viewer: User | AnonymousUser) -> list[Player]:
    """The person's players in the clubs ``viewer`` may see, by club name (two queries)."""
    players = Player.objects.filter(user=person).select_related("club").order_by("club__name")
    member_of = _clubs_of(viewer)
    return [p for p in players if visible(p.club, member=p.club_id in member_of)]


def _clubs_of(viewer: User | AnonymousUser) -> set[int]:
    if not viewer.is_authenticated:
        return set()
    return set(Membership.objects.filter(user=viewer).values_list("club_id", flat=True))


def family_line(player: Player, family: str, dates: DateRange = EVERY_DAY) -> FamilyLine:
    """The same figures as the player's page in ``family`` within ``dates``, and the rating
    (as it stands: a rating sums every session before it)."""
    rows = player_session_rows(player=player, family=family, dates=dates)
    latest = Rating.objects.filter(player=player, family=family).order_by("-id").first()
    return FamilyLine(
        family=family,
        rates=figures.rates(rows),
        rating=Skill(latest.mu, latest.sigma) if latest else None,
        rated_sessions=latest.sessions if latest else 0,
    )


@consistent_read
def profile(
    *, person: User, viewer: User | AnonymousUser, dates: DateRange = EVERY_DAY
) -> list[ClubPart]:
    """Each visible club's part of the person's profile, its figures within ``dates``."""
    return [
        ClubPart(
            player,
            [family_line(player, f, dates) for f in selectors.player_families(player=player)],
        )
        for player in visible_players(person=person, viewer=viewer)
    ]


def profile_version(*, person: User, viewer: User | AnonymousUser) -> str:
    """What changes whenever the profile ``viewer`` sees may: each visible player's figures
    and ratings (``player_stats_version``) and which players those are."""
    players = visible_players(person=person, viewer=viewer)
    return f"{person.pk}:" + "|".join(player_stats_version(player=p) for p in players)
