"""Players across clubs, for a federation: each person (an account linked to players in
several clubs) ranked by their ratings in the clubs the viewer may see.

Ratings are kept per club and family (``games.stats.ratings``): a club's players are rated
against each other. A person's standing across clubs is their best conservative rating
(μ − 3σ) in any visible club, shown with the club it was earned in; their rated sessions
are summed over every visible club. A player with no account has no identity beyond their
club, so they rank only on their club's ratings page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Max, Q, Sum

from games.models import Club, Membership, Player
from games.snapshot import consistent_read
from games.stats.models import Rating
from games.stats.ratings import Skill


@dataclass(frozen=True)
class PersonRank:
    """One person's line of the table: their best rating and where, and how much they
    were rated in all."""

    username: str
    skill: Skill
    club: Club
    player_id: int
    sessions: int
    clubs: int


def visible_clubs(viewer: User | AnonymousUser) -> Q:
    """The clubs the viewer may see: every public one and those they belong to."""
    public = Q(visibility=Club.Visibility.PUBLIC)
    if not viewer.is_authenticated:
        return public
    return public | Q(pk__in=Membership.objects.filter(user=viewer).values("club_id"))


def _linked_ratings(viewer: User | AnonymousUser, family: str) -> Q:
    clubs = Club.objects.filter(visible_clubs(viewer)).values("pk")
    return Q(club_id__in=clubs, family=family, player__user__isnull=False)


@consistent_read
def federation_table(
    *, viewer: User | AnonymousUser, family: str, min_games: int = 0
) -> list[PersonRank]:
    """Each person with a rating in ``family`` in a club ``viewer`` may see, with at least
    ``min_games`` rated sessions in all, best rating first (two queries, one snapshot)."""
    latest = (
        Rating.objects.filter(_linked_ratings(viewer, family))
        .values("player_id")
        .annotate(last=Max("id"), games=Count("id"))
        .order_by()
    )
    games = {row["player_id"]: row["games"] for row in latest}
    ratings = Rating.objects.filter(pk__in=[row["last"] for row in latest]).select_related(
        "player__user", "club"
    )
    by_person: dict[str, list[Rating]] = defaultdict(list)
    for rating in ratings:
        by_person[rating.player.user.username].append(rating)  # type: ignore[union-attr]
    rows = [_rank(name, kept, games) for name, kept in by_person.items()]
    rows = [row for row in rows if row.sessions >= min_games]
    return sorted(rows, key=lambda row: (-row.skill.conservative, row.username))


def _rank(username: str, kept: list[Rating], games: dict[int, int]) -> PersonRank:
    best = max(kept, key=lambda r: (Skill(r.mu, r.sigma).conservative, -r.club_id))
    return PersonRank(
        username=username,
        skill=Skill(best.mu, best.sigma),
        club=best.club,
        player_id=best.player_id,
        sessions=sum(games[r.player_id] for r in kept),
        clubs=len(kept),
    )


def federation_version(*, viewer: User | AnonymousUser, family: str) -> str:
    """What changes whenever the table may (three queries): the ratings kept in the visible
    clubs (every replay writes new rows), which clubs those are and which of their players
    are linked to whom."""
    clubs = sorted(Club.objects.filter(visible_clubs(viewer)).values_list("pk", flat=True))
    kept = Rating.objects.filter(_linked_ratings(viewer, family)).aggregate(
        n=Count("id"), last=Max("id")
    )
    links = Player.objects.filter(club_id__in=clubs, user__isnull=False).aggregate(
        n=Count("id"), users=Sum("user_id"), players=Sum("id")
    )
    linked = f"{links['n']}.{links['users'] or 0}.{links['players'] or 0}"
    return f"{family}.{kept['n']}.{kept['last'] or 0}.{linked}.{'-'.join(map(str, clubs))}"
