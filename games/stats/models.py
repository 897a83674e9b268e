"""Statistics' kept rows: each player's rating history and the marks of ratings to replay.
Their tables were made by the core app and keep its names."""

from __future__ import annotations

from django.db import models

from games.models import Club, Player, Season, Session
from scoring.families import family_choices


class Rating(models.Model):
    """Kept: a player's skill rating in one club and rule family after one rated session.

    One row per seat of every rated session, in play order, so the latest row is the
    player's rating and the earlier ones its history. Rewritten by the ratings job from
    the first session that changed (``games.stats.ratings``); derived from the kept totals.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    family = models.CharField(max_length=20, choices=family_choices)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    # Denormalised from the session: the history's order and the season's table.
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+", db_index=False)
    played_on = models.DateField()
    # Skill estimate and its uncertainty (openskill's μ and σ): floats, as the library's.
    mu = models.FloatField()
    sigma = models.FloatField()
    # Rated sessions in this club and family so far, this one included.
    sessions = models.PositiveIntegerField()

    class Meta:
        db_table = "games_rating"  # made when ratings were part of the core app
        ordering = ["club", "family", "played_on", "session", "player"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_rating_per_session"),
        ]
        indexes = [
            models.Index(
                fields=["club", "family", "played_on"], name="games_ratin_club_id_20072e_idx"
            ),
            models.Index(fields=["season", "played_on"], name="games_ratin_season__5bd95e_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.2f} ± {self.sigma:.2f}"

    @property
    def conservative(self) -> float:
        """μ − 3σ: the skill the player is very likely above; what tables rank by."""
        return self.mu - 3 * self.sigma


class RatingsPending(models.Model):
    """Kept until a ratings job has replayed a club and family: the earliest day to rate
    again from. Writes in the meantime move the day earlier instead of queueing another
    job while ``job`` still waits to start, so that a club night's hundred hands make one
    replay, not a hundred."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    family = models.CharField(max_length=20, choices=family_choices)
    since = models.DateField()
    # The job queued for this mark; None once a job has taken it (and is replaying).
    job = models.UUIDField(null=True, blank=True)

    class Meta:
        db_table = "games_ratingspending"
        constraints = [
            models.UniqueConstraint(fields=["club", "family"], name="one_pending_replay"),
        ]

    def __str__(self) -> str:
        return f"{self.club_id} {self.family} from {self.since}"
