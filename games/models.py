"""The league's data: clubs, people, rule sets, seasons, sessions, hands and derived scores."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils import formats, timezone
from django.utils.translation import gettext, gettext_lazy

from scoring.families import family_choices


class Club(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", gettext_lazy("Public")
        MEMBERS = "members", gettext_lazy("Members only")

    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=50, unique=True)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Whether members (not only organisers) may switch a running session to another version
    # of its rule set; off by default, as it changes how everyone's next hands are scored.
    members_switch_rules = models.BooleanField(default=False)
    # Whether members (not only organisers) may start a session (seat a table).
    members_start_sessions = models.BooleanField(default=False)
    # Where the club plays: the times its pages show (history, deliveries) are local there.
    time_zone = models.CharField(max_length=64, default="UTC")
    # The language of the club's pages for a reader who has not chosen one; blank: the
    # reader's browser decides.
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)
    # When a player of the club was last renamed or merged (or a merge undone): score sheets
    # show names, and an open sheet's version (``selectors.session_sheet_poll``) includes it.
    names_changed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Preferences(models.Model):
    """What an account chose for itself, wherever it signs in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)
    # The script of the Chinese names an English page shows ("hant" or "hans"; blank:
    # Traditional). Chinese pages use their own script.
    chinese_script = models.CharField(max_length=4, blank=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", gettext_lazy("Organiser")
        MEMBER = "member", gettext_lazy("Member")
        VIEWER = "viewer", gettext_lazy("Viewer")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


# Each role may do what the roles below it may.
ROLE_RANK = {Membership.Role.VIEWER: 0, Membership.Role.MEMBER: 1, Membership.Role.ORGANISER: 2}


# The European Mahjong Association's player ids: 8 digits (its country code, then a number).
EMA_NUMBER = RegexValidator(
    r"^[0-9]{8}\Z", gettext_lazy("An EMA number has 8 digits, like 04120002.")
)


class Player(models.Model):
    """A person in a club's records; guests have no user account."""

    NAME_LENGTH = 60

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_LENGTH)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # For the EMA results export of MCR and riichi events; blank when they have none.
    ema_number = models.CharField(
        gettext_lazy("EMA number"), max_length=8, blank=True, default="", validators=[EMA_NUMBER]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["club", "id"], name="player_club_id")]  # keyset pages
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="unique_player_name_per_club"),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="one_player_per_user_per_club",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerAlias(models.Model):
    """Another name of a player: imports and the API find the player by it.

    ``key`` is the name as names are compared (``games.names.name_key``: NFKC, case-folded),
    unique in the club, so that one name never points at two players."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="aliases")
    name = models.CharField(max_length=Player.NAME_LENGTH)
    key = models.CharField(max_length=4 * Player.NAME_LENGTH)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="one_alias_key_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.player})"


class RuleSet(models.Model):
    """A club's named configuration of one rule family; its parameters live in versions."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rule_sets")
    name = models.CharField(max_length=80)
    family = models.CharField(max_length=20, choices=family_choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="unique_rule_set_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def current_version(self) -> RuleSetVersion:
        """The version new sessions start with and the rules page edits: the newest one not
        made by an import for its own sessions (the newest of all if every one was)."""
        versions = self.versions.order_by("-number")
        found = versions.filter(from_import=False).first() or versions.first()
        if found is None:
            raise RuleSetVersion.DoesNotExist(f"{self.name} has no version")
        return found


class RuleSetVersion(models.Model):
    """One immutable-once-used version of a rule set's parameters."""

    rule_set = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    params = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Made by a score-file import for the sessions it imported: not the rules new sessions
    # start with, unless the organiser made them the current rules when importing.
    from_import = models.BooleanField(default=False)

    class Meta:
        ordering = ["rule_set", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["rule_set", "number"], name="unique_version_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="version_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.rule_set.name} v{self.number}"


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="seasons")
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Raised whenever the season's standings may change (a write of its kept totals, a
    # player renamed): their ETag and cache key, read without computing them.
    standings_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="unique_season_name_per_club"),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    """One table meeting, scored under one pinned rule-set version."""

    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Open")
        CLOSED = "closed", gettext_lazy("Closed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="sessions")
    rule_set_version = models.ForeignKey(
        RuleSetVersion, on_delete=models.PROTECT, related_name="sessions"
    )
    played_on = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A session imported from a score file: its section's key, so that importing the
    # same file again finds it; empty for sessions started on the site.
    import_key = models.CharField(max_length=40, blank=True, default="")
    # The start form's entry id (or the API's idempotency key): a double submit or a retry
    # finds the session it started instead of starting another.
    client_id = models.UUIDField(null=True, blank=True)

    class Meta:
        ordering = ["-played_on", "-id"]
        # Keyset pages, newest first, of a club's and of a season's sessions; a season's
        # sessions by id lead the hands list of a season (see games.keyset).
        indexes = [
            models.Index(fields=["club", "-played_on", "-id"], name="session_club_newest"),
            models.Index(fields=["season", "-played_on", "-id"], name="session_season_newest"),
            models.Index(fields=["season", "id"], name="session_season_id"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "import_key"],
                condition=~Q(import_key=""),
                name="one_session_per_import_key",
            ),
            models.UniqueConstraint(
                fields=["club", "client_id"],
                condition=Q(client_id__isnull=False),
                name="one_session_per_entry_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season.name}, {self.played_on}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Seat(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=Q(position__lte=3), name="seat_position_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position + 1}"


class Hand(models.Model):
    """One entry in a session, its input exactly as entered."""

    class Source(models.TextChoices):
        TYPED = "typed", gettext_lazy("Typed value")
        TILES = "tiles", gettext_lazy("Evaluated from tiles")

    # The unique (session, number) constraint serves the session's lookups; an index of the
    # session alone would only slow every hand written.
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="hands", db_index=False
    )
    number = models.PositiveIntegerField()
    # The rules the hand was scored under: the session's version when it was recorded, or the
    # one a later switch or re-score gave it; a session may change rules between hands.
    rule_set_version = models.ForeignKey(
        RuleSetVersion, on_delete=models.PROTECT, related_name="hands"
    )
    input = models.JSONField()
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.TYPED)
    evaluation = models.JSONField(null=True, blank=True)
    # Copied from the session: the scope of the entry id. A client's id (the form's, the
    # API's Idempotency-Key, an import's computed one) is unique within its club only, as a
    # session's is, so that no one outside the club can take, block or probe it.
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    client_id = models.UUIDField(default=uuid.uuid4)
    version = models.PositiveIntegerField(default=1)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    # The PMN text of the game when the hand was imported from a game record, for its replay.
    record = models.TextField(blank=True, default="")

    # Not columns: set on hands read through ``selectors.with_places`` (an annotation) or the
    # score sheet: the place among the live hands, and for a deleted one the live hands before.
    place: int
    after: int

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="unique_hand_number"),
            # Also the index of a club's lookups by entry id (and of the club's cascade).
            models.UniqueConstraint(fields=["club", "client_id"], name="one_hand_per_entry_id"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_positive"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.session}"

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


class Score(models.Model):
    """Derived: one seat's result in one hand, with the facts statistics need."""

    # The hand, player and season are the first columns of a unique constraint or of an
    # index below, which serve their lookups; an index of their own only slows imports.
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores", db_index=False)
    seat = models.PositiveSmallIntegerField()
    # Copied, as the session and season below: the player of the hand's session's seat, so
    # that a player's statistics are one indexed read. The database checks the hand (its
    # foreign key); the copies are the hand's by construction, and ``manage.py
    # standings_totals`` checks them against their sources (games.totals.copies_differences).
    # They have no foreign key of their own: its per-row check at commit doubled the cost of
    # a large import (PostgreSQL checks each row's key with a query of its own), and it
    # would only say that the row exists, not that it is the hand's. Deletions follow the
    # on_delete rules all the same: Django applies them.
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="scores",
        db_index=False,
        db_constraint=False,
    )
    # Denormalised from the hand's session so that standings are one indexed aggregate.
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    played_on = models.DateField()
    points = models.DecimalField(max_digits=30, decimal_places=6)
    won = models.BooleanField(default=False)
    blamed = models.BooleanField(default=False)
    self_drawn = models.BooleanField(default=False)
    false_win = models.BooleanField(default=False)
    fried = models.BooleanField(default=False)
    hand_value = models.IntegerField(null=True, blank=True)
    # Big Two: the seat's loss after frying and after a seat took on all losses.
    real_loss = models.IntegerField(null=True, blank=True)
    # Classical: East's consecutive Mah-Jonggs after the hand, on the East seat's score only.
    east_run = models.PositiveSmallIntegerField(null=True, blank=True)
    # The seat declared a ready hand with a stake this hand (the family says when).
    declared = models.BooleanField(default=False)

    class Meta:
        ordering = ["hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="one_score_per_seat"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="score_seat_0_to_3"),
        ]
        indexes = [
            models.Index(fields=["season", "played_on", "player"]),
            # The player's hands, newest first, paged by keyset (games.views.player_pages);
            # its first columns serve every other lookup of a player's scores by date. The
            # keyset's last column, id, is left out: a player has one score per hand, and
            # an index ending in id tempted the planner into it for lookups by id alone.
            models.Index(
                fields=["player", "-played_on", "-session", "-hand"],
                name="score_player_newest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points}"


class SessionSeatTotal(models.Model):
    """Kept: one seat's totals over a session's live hands, the sum of its scores.

    Rewritten from the session's scores in the transaction of every hand write, so that
    standings read one row per seat per session instead of one per hand.
    ``manage.py standings_totals`` checks them against a recomputation.
    """

    # The unique (session, seat) constraint serves the session's lookups.
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="seat_totals", db_index=False
    )
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # Denormalised from the session, as on Score, for the season and date-range filters.
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+", db_index=False)
    played_on = models.DateField()
    hands = models.PositiveIntegerField()
    net = models.DecimalField(max_digits=30, decimal_places=6)
    wins = models.PositiveIntegerField()
    blames = models.PositiveIntegerField()
    self_draws = models.PositiveIntegerField()
    false_wins = models.PositiveIntegerField()
    fries = models.PositiveIntegerField()
    deal_ins = models.PositiveIntegerField()
    real_losses = models.BigIntegerField()
    # The sum of the winning hands' values; none when no win had a value.
    win_value = models.BigIntegerField(null=True, blank=True)
    # The largest winning hand's value; none when no win had a value.
    best_win_value = models.BigIntegerField(null=True, blank=True)
    # How many wins had each value: {"3": 2, "5": 1} (the histogram of winning values).
    win_values = models.JSONField(default=dict, blank=True)
    # Classical: the hands this seat was East, and its longest run of Mah-Jonggs as East.
    east_hands = models.PositiveIntegerField()
    best_east_run = models.PositiveSmallIntegerField(null=True, blank=True)
    # The hands in which this seat declared a ready hand with a stake.
    declarations = models.PositiveIntegerField(default=0)
    # The seat's change from the session's live penalties (its own, and its share of the
    # others' zero-sum ones): counted apart from ``net``, the hands'.
    penalties = models.DecimalField(max_digits=30, decimal_places=6, default=0)

    class Meta:
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_total_per_seat"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="total_seat_0_to_3"),
        ]
        indexes = [
            models.Index(fields=["season", "played_on"]),
            # The player's sessions, newest first, paged by keyset (games.views.player_pages).
            models.Index(fields=["player", "-played_on", "-session"], name="total_player_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.net} over {self.hands} hands"


class HandRevision(models.Model):
    """The audit trail: what a hand was before each amendment or deletion."""

    class Action(models.TextChoices):
        AMEND = "amend", gettext_lazy("Amended")
        DELETE = "delete", gettext_lazy("Deleted")
        RESCORE = "rescore", gettext_lazy("Re-scored")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    action = models.CharField(max_length=10, choices=Action.choices)
    previous_input = models.JSONField()
    previous_version = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "at", "id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.hand}"


class Penalty(models.Model):
    """A fine on one player of a session (a table of an event round too): its amount in the
    family's unit, taken from the player and paid to the others or to no one.

    Counted in the session's kept totals (``SessionSeatTotal.penalties``), apart from the
    hands. Amended and deleted as a hand is: the revisions keep what it was.
    """

    class Reason(models.TextChoices):
        CHOMBO = "chombo", gettext_lazy("Chombo")
        FALSE_WIN = "false_win", gettext_lazy("False win")
        LATENESS = "lateness", gettext_lazy("Lateness")
        CONDUCT = "conduct", gettext_lazy("Conduct")
        OTHER = "other", gettext_lazy("Other")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="penalties")
    # Copied from the session: the scope of the entry id, as on a hand.
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties")
    reason = models.CharField(max_length=10, choices=Reason.choices)
    # What happened, in the organiser's words; required for "other".
    note = models.CharField(max_length=200, blank=True, default="")
    amount = models.PositiveIntegerField()
    # Paid to the other players equally (zero-sum), or only taken away.
    zero_sum = models.BooleanField(default=True)
    client_id = models.UUIDField(default=uuid.uuid4)
    version = models.PositiveIntegerField(default=1)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "recorded_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "client_id"], name="one_penalty_per_entry_id"),
            models.CheckConstraint(condition=Q(amount__gte=1), name="penalty_amount_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="penalty_version_positive"),
        ]

    def __str__(self) -> str:
        return f"penalty of {self.amount} on {self.player} in {self.session}"

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None

    def fields(self) -> dict[str, object]:
        """What a revision keeps of the penalty."""
        return {
            "player": self.player_id,
            "reason": self.reason,
            "note": self.note,
            "amount": self.amount,
            "zero_sum": self.zero_sum,
        }


class PenaltyRevision(models.Model):
    """The audit trail: what a penalty was before each amendment or deletion."""

    class Action(models.TextChoices):
        AMEND = "amend", gettext_lazy("Amended")
        DELETE = "delete", gettext_lazy("Deleted")

    penalty = models.ForeignKey(Penalty, on_delete=models.CASCADE, related_name="revisions")
    action = models.CharField(max_length=10, choices=Action.choices)
    previous = models.JSONField()
    previous_version = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["penalty", "at", "id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.penalty}"


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


def invitation_expiry() -> datetime:
    return timezone.now() + timedelta(days=Invitation.DEFAULT_DAYS)


class Invitation(models.Model):
    """A link that makes whoever opens it (signed in) a member, linked to a player, once and
    until it expires or an organiser withdraws it (a leaked link must not stay good)."""

    DEFAULT_DAYS = 14
    MAX_DAYS = 90

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token)
    role = models.CharField(
        max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER
    )
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(default=invitation_expiry)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invitation to {self.club}"

    def closed_reason(self, *, now: datetime) -> str | None:
        """Why the link admits no one any more, or None while it is open."""
        if self.accepted_at is not None:
            return gettext("This invitation has already been used.")
        if self.withdrawn_at is not None:
            return gettext("The club's organisers have withdrawn this invitation.")
        if self.expires_at <= now:
            when = formats.date_format(timezone.localtime(self.expires_at), "DATETIME_FORMAT")
            return gettext("This invitation expired on %(when)s.") % {"when": when}
        return None


class ApiToken(models.Model):
    """A personal API token: only its SHA-256 is stored; the secret is shown once."""

    PREFIX = "mjl_"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    key_hash = models.CharField(max_length=64, unique=True)
    # The first characters of the secret, so that a person can tell their tokens apart.
    hint = models.CharField(max_length=12)
    read_only = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @property
    def scope_label(self) -> str:
        return "read only" if self.read_only else "read and write"


class PlayerMerge(models.Model):
    """Players merged into one (``into``): what it moved, so that it can be undone.

    ``merged`` keeps each merged player's row as it was (id, name, account, EMA number);
    ``moved`` the ids of the rows moved from each, by model (``{"games.seat": {"12": [3,
    4]}}``); ``aliases`` the ids of the aliases the merge made of the merged names."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_merges")
    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    merged = models.JSONField()
    moved = models.JSONField()
    aliases = models.JSONField(default=list)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        names = ", ".join(player["name"] for player in self.merged)
        return f"{names} into {self.into}"

    @property
    def merged_names(self) -> list[str]:
        return [player["name"] for player in self.merged]
