"""The reads behind a player's statistics and the ratings tables: a fixed few queries each,
over the kept per-session totals and the kept ratings (the largest win's hand is read from
its one session's scores)."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from django.db.models import Count, Max, Q, QuerySet

from games.models import Club, Player, Score, Season, SessionSeatTotal
from games.snapshot import consistent_read
from games.stats import figures
from games.stats.figures import Bar, Opponent, Rates, SessionRow, Streaks
from games.stats.models import Rating
from games.stats.ratings import Skill

FAMILY_PATH = "session__rule_set_version__rule_set__family"
# Opponents shown on the player's page (the API lists every one).
FREQUENT_OPPONENTS = 8


@dataclass(frozen=True)
class DateRange:
    """The standings' date filter: both ends inclusive, either open."""

    date_from: dt.date | None = None
    date_to: dt.date | None = None

    def q(self) -> Q:
        condition = Q()
        if self.date_from is not None:
            condition &= Q(played_on__gte=self.date_from)
        if self.date_to is not None:
            condition &= Q(played_on__lte=self.date_to)
        return condition


EVERY_DAY = DateRange()


def _totals(player: Player, family: str, dates: DateRange) -> QuerySet[SessionSeatTotal]:
    return SessionSeatTotal.objects.filter(dates.q(), player=player, **{FAMILY_PATH: family})


def player_session_rows(
    *, player: Player, family: str, dates: DateRange = EVERY_DAY
) -> list[SessionRow]:
    """The player's sessions in ``family`` within ``dates``, in play order (one query)."""
    rows = (
        _totals(player, family, dates)
        .values_list(
            "session_id",
            "played_on",
            "season__name",
            "hands",
            "wins",
            "deal_ins",
            "self_draws",
            "net",
            "win_value",
            "best_win_value",
            "win_values",
        )
        .order_by("played_on", "session_id")
    )
    return [SessionRow(*row) for row in rows]


def player_largest_win(*, player: Player, row: SessionRow | None) -> Score | None:
    """The winning score of the player's largest value in the session ``row`` (from
    ``largest_win_session``), with its hand: its evaluation names the patterns where the
    tiles were recorded (one query within one session)."""
    if row is None:
        return None
    wins = Score.objects.filter(
        session_id=row.session_id, player=player, won=True, hand_value=row.best_win_value
    )
    return wins.select_related("hand").order_by("hand__number").first()


def player_table_mates(
    *, player: Player, family: str, dates: DateRange = EVERY_DAY
) -> list[list[figures.Seat]]:
    """Every seat of each of the player's sessions (one query)."""
    sessions = _totals(player, family, dates).values("session_id")
    rows = (
        SessionSeatTotal.objects.filter(session_id__in=sessions)
        .order_by("session_id", "seat")
        .values_list("session_id", "player_id", "player__name", "net")
    )
    return [
        [figures.Seat(*row[1:]) for row in seats]
        for _, seats in groupby(rows, key=lambda row: row[0])
    ]


def player_head_to_head(
    *, player: Player, family: str, dates: DateRange = EVERY_DAY
) -> list[Opponent]:
    sessions = player_table_mates(player=player, family=family, dates=dates)
    return figures.head_to_head(player.pk, sessions)


@dataclass
class PlayerStats:
    """Everything the player's page shows for one family."""

    family: str
    rates: Rates
    sessions: list[SessionRow]
    histogram: list[Bar]
    streaks: Streaks
    best: SessionRow | None
    worst: SessionRow | None
    opponents: list[Opponent] = field(default_factory=list)
    largest: Score | None = None

    @property
    def largest_patterns(self) -> list[dict[str, Any]]:
        """The largest win's patterns, where its tiles were evaluated (else none)."""
        evaluation = self.largest.hand.evaluation if self.largest else None
        patterns = evaluation.get("patterns") if isinstance(evaluation, dict) else None
        return [p for p in patterns or [] if isinstance(p, dict)]

    @property
    def net_over_time(self) -> list[tuple[dt.date, Any]]:
        return figures.net_over_time(self.sessions)


@consistent_read
def player_stats(*, player: Player, family: str, dates: DateRange = EVERY_DAY) -> PlayerStats:
    """The player's figures in one family (four queries, one snapshot)."""
    rows = player_session_rows(player=player, family=family, dates=dates)
    best, worst = figures.best_and_worst(rows)
    largest = figures.largest_win_session(rows)
    return PlayerStats(
        family=family,
        rates=figures.rates(rows),
        sessions=rows,
        histogram=figures.histogram(figures.win_value_counts(rows)),
        streaks=figures.streaks(rows),
        best=best,
        worst=worst,
        opponents=player_head_to_head(player=player, family=family, dates=dates),
        largest=player_largest_win(player=player, row=largest),
    )


def player_stats_version(*, player: Player) -> str:
    """A value that changes whenever the player's figures or ratings may have (two
    queries): every write replaces its session's kept totals (new ids), every replay its
    ratings, and the player's name is part of it. Opponents' names are not, so renaming one
    leaves the version as it was (``opponents_version`` covers them)."""
    kept = SessionSeatTotal.objects.filter(player=player).aggregate(n=Count("id"), last=Max("id"))
    rated = Rating.objects.filter(player=player).aggregate(n=Count("id"), last=Max("id"))
    created = player.created_at.timestamp()
    figures_part = f"{kept['n']}.{kept['last'] or 0}.{rated['n']}.{rated['last'] or 0}"
    return f"{player.pk}.{created}.{figures_part}:{player.name}"


def opponents_version(*, player: Player) -> str:
    """What changes whenever an opponent's name does (one query): a hash of the id and name
    of everyone who sat at one of the player's sessions, for the head-to-head's version."""
    sessions = SessionSeatTotal.objects.filter(player=player).values("session_id")
    mates = (
        SessionSeatTotal.objects.filter(session_id__in=sessions)
        .values_list("player_id", "player__name")
        .order_by("player_id")
        .distinct()
    )
    digest = hashlib.sha256()
    for mate_id, name in mates:
        digest.update(f"{mate_id}\0{name}\0".encode())
    return digest.hexdigest()[:16]


# Ratings


@dataclass(frozen=True)
class RatingRow:
    """One player's place in a ratings table."""

    player_id: int
    name: str
    skill: Skill
    # Sessions rated in the table's scope (the season, or every season of the club).
    sessions: int
    played_on: dt.date


def _rating_scope(club: Club, family: str, season: Season | None) -> QuerySet[Rating]:
    ratings = Rating.objects.filter(club=club, family=family)
    return ratings if season is None else ratings.filter(season=season)


@consistent_read
def ratings_table(
    *, club: Club, family: str, season: Season | None = None, min_games: int = 0
) -> list[RatingRow]:
    """Each player's latest rating in the club and family (as it stood after their last
    session of ``season``), highest μ − 3σ first (two queries). Rows are written in play
    order, so a player's latest is their highest id; the replay replaces them, so both
    queries read one snapshot."""
    latest = (
        _rating_scope(club, family, season)
        .values("player_id")
        .annotate(last=Max("id"), games=Count("id"))
        .filter(games__gte=min_games)
        .order_by()
    )
    games = {row["player_id"]: row["games"] for row in latest}
    ratings = Rating.objects.filter(pk__in=[row["last"] for row in latest]).select_related("player")
    rows = [
        RatingRow(
            rating.player_id,
            rating.player.name,
            Skill(rating.mu, rating.sigma),
            games[rating.player_id],
            rating.played_on,
        )
        for rating in ratings
    ]
    return sorted(rows, key=lambda row: (-row.skill.conservative, row.name))


def ratings_version(*, club: Club, family: str) -> str:
    """What changes whenever the club's ratings in ``family`` do (one query): the replay
    replaces rows, so their count and newest id change with every rewrite."""
    kept = Rating.objects.filter(club=club, family=family).aggregate(n=Count("id"), last=Max("id"))
    return f"{club.pk}.{club.created_at.timestamp()}.{family}.{kept['n']}.{kept['last'] or 0}"


def rating_history(*, player: Player, family: str) -> list[Rating]:
    """The player's rating after each session rated in ``family``, in play order."""
    return list(Rating.objects.filter(player=player, family=family).order_by("id"))


def rating_families(*, club: Club) -> list[str]:
    """The families the club has ratings in, the most rated first."""
    rows = (
        Rating.objects.filter(club=club)
        .values("family")
        .annotate(n=Count("id"))
        .order_by("-n", "family")
    )
    return [row["family"] for row in rows]
