"""An event's players, rounds, tables and byes; each table is one core session."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from games.models import Club, Player, RuleSet, Season, Session

DEFAULT_ROUND_MINUTES = 90
DEFAULT_WARNING_MINUTES = 15


def screen_token() -> str:
    return secrets.token_urlsafe(24)


class Event(models.Model):
    """A club night or a tournament of a season, played under one rule set."""

    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", gettext_lazy("Club night")
        TOURNAMENT = "tournament", gettext_lazy("Tournament")

    class State(models.TextChoices):
        REGISTRATION = "registration", gettext_lazy("Registration")
        SEATED = "seated", gettext_lazy("Round seated")
        PLAYING = "playing", gettext_lazy("Round playing")
        ROUND_FINISHED = "round_finished", gettext_lazy("Round finished")
        FINISHED = "finished", gettext_lazy("Finished")

    class Seating(models.TextChoices):
        RANDOM = "random", gettext_lazy("Random")
        SWISS = "swiss", gettext_lazy("Swiss (neighbours in the standings)")
        FEWEST_MEETINGS = "fewest_meetings", gettext_lazy("Fewest repeat meetings")
        PRESCRIPTED = "prescripted", gettext_lazy("The organiser's tables, typed in")

    class TieBreak(models.TextChoices):
        FAMILY = "family", gettext_lazy("The rule family's own order")
        BEST_SESSION = "best_session", gettext_lazy("Best single game, then the family's order")
        MOST_FIRSTS = "most_firsts", gettext_lazy("Most games won, then the family's order")
        BEST_WORST = "best_worst", gettext_lazy("Least bad worst game, then the family's order")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="events")
    # Each table's session pins the rule set's version when its round is published.
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    rounds = models.PositiveSmallIntegerField(default=4)
    state = models.CharField(max_length=16, choices=State.choices, default=State.REGISTRATION)
    # The round the state speaks of: 0 while players register.
    current_round = models.PositiveSmallIntegerField(default=0)
    seating = models.CharField(
        max_length=16, choices=Seating.choices, default=Seating.FEWEST_MEETINGS
    )
    seed = models.CharField(max_length=40, blank=True, default="")
    round_minutes = models.PositiveSmallIntegerField(default=DEFAULT_ROUND_MINUTES)
    warning_minutes = models.PositiveSmallIntegerField(default=DEFAULT_WARNING_MINUTES)
    withhold_results = models.BooleanField(default=False)
    tie_break = models.CharField(max_length=16, choices=TieBreak.choices, default=TieBreak.FAMILY)
    # An uploaded prescripted schedule: round number (as text) → its tables, each the
    # players' names in wind order; the prescripted method seats a round from it.
    schedule = models.JSONField(default=dict, blank=True)
    # The room's screen opens by this secret link, even for a members-only club.
    screen_token = models.CharField(max_length=40, unique=True, default=screen_token)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1), name="event_has_a_round"),
        ]

    def __str__(self) -> str:
        return self.name

    def scheduled_tables(self, number: int) -> list[list[str]]:
        """Round ``number``'s tables in the uploaded schedule (none when it has none)."""
        return list(self.schedule.get(str(number), []))


class EventPlayer(models.Model):
    """A player registered for an event, from a round on, until they drop out."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    from_round = models.PositiveSmallIntegerField(default=1)
    dropped_from = models.PositiveSmallIntegerField(null=True, blank=True)
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return str(self.player)

    def plays_in(self, number: int) -> bool:
        return self.from_round <= number and (
            self.dropped_from is None or number < self.dropped_from
        )


class Round(models.Model):
    """One round of an event, published with its tables, and its clock."""

    class State(models.TextChoices):
        SEATED = "seated", gettext_lazy("Seated")
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.SEATED)
    method = models.CharField(max_length=16)
    seed = models.CharField(max_length=40)
    # The clock, kept in server time: when it last started or resumed, when it was paused,
    # the seconds it ran before that pause, and the minutes the organiser added.
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    run_seconds = models.PositiveIntegerField(default=0)
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class RoundTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    session = models.OneToOneField(Session, on_delete=models.PROTECT, related_name="event_table")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class RoundBye(models.Model):
    """A player who sits a round out (the organiser chose byes over substitutes)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player} sits out"


class Team(models.Model):
    """A roster in a season (no event) or in one event; a player is in one team of each."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="teams")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="teams"
    )
    name = models.CharField(max_length=60)
    # The team counts its best this many players' results; None: all of them.
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"],
                condition=Q(event__isnull=True),
                name="one_season_team_per_name",
            ),
            models.UniqueConstraint(
                fields=["event", "name"],
                condition=Q(event__isnull=False),
                name="one_event_team_per_name",
            ),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="team_best_of_one"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player on a team's roster; the team's season and event are copied here so that the
    database itself keeps a player in one team of a season, and of an event."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        ordering = ["team", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=Q(event__isnull=True),
                name="one_season_team_per_player",
            ),
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(event__isnull=False),
                name="one_event_team_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"
