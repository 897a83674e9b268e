"""Every read the pages and the API make; standings are SQL aggregates over scores."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import (
    Case,
    Count,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Coalesce

from games.models import (
    Club,
    Hand,
    HandRevision,
    Membership,
    Player,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
)
from scoring.families import Family, get_family

SEATS = 4  # every family with season standings seats four


def club_list_for_user(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Club]:
    visible = Q(visibility=Club.Visibility.PUBLIC)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return Club.objects.filter(visible).distinct()


def membership_for(*, club: Club, user: AbstractBaseUser | AnonymousUser) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def session_list(*, club: Club, season: Season | None = None) -> QuerySet[Session]:
    sessions = Session.objects.filter(club=club).select_related("season")
    if season is not None:
        sessions = sessions.filter(season=season)
    seats = Seat.objects.select_related("player").order_by("position")
    # An aggregate drops Meta.ordering, so the newest-first order is explicit.
    return (
        sessions.prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(hand_count=Count("hands", filter=Q(hands__deleted_at__isnull=True)))
        .order_by("-played_on", "-id")
    )


def last_seating(*, club: Club, season: Season | None = None) -> list[int]:
    """The player ids, seat by seat, of the club's (or the season's) latest session: the
    table a "new game" most likely seats again."""
    sessions = Session.objects.filter(club=club)
    if season is not None:
        sessions = sessions.filter(season=season)
    last = sessions.order_by("-played_on", "-id").first()
    if last is None:
        return []
    return list(last.seats.order_by("position").values_list("player_id", flat=True))


def hand_place(*, session: Session, number: int | None = None) -> int:
    """The place in the game (1-based) of the session's hand ``number``, or of its next hand:
    a deleted hand takes no place, as on the score sheet and in the count of a full game."""
    hands = session.hands.filter(deleted_at=None)
    if number is not None:
        hands = hands.filter(number__lt=number)
    return hands.count() + 1


def hand_rule_set_version(*, session: Session, number: int | None = None) -> RuleSetVersion:
    """The rules the session's hand ``number`` was scored under; for its next hand (or a
    number no hand has), the rules the session is played under now."""
    if number is not None:
        hand = session.hands.filter(number=number).select_related("rule_set_version__rule_set")
        found = hand.first()
        if found is not None:
            return found.rule_set_version
    return session.rule_set_version


def with_places(hands: QuerySet[Hand]) -> QuerySet[Hand]:
    """``hands`` with each one's ``place``: where it stands (1-based) among its session's
    live hands, as the score sheet numbers them; None for a deleted hand. The stored
    ``number`` keeps the recorded order and is never reused, so it skips after a deletion."""
    live_up_to = (
        Hand.objects.filter(
            session=OuterRef("session"), deleted_at=None, number__lte=OuterRef("number")
        )
        .order_by()
        .values("session")
        .annotate(count=Count("pk"))
        .values("count")
    )
    place = When(deleted_at__isnull=True, then=Subquery(live_up_to))
    return hands.annotate(place=Case(place, default=None, output_field=IntegerField()))


@dataclass
class SheetRow:
    hand: Hand
    description: str
    changes: list[Decimal]
    totals: list[Decimal]
    state: Any = None  # the family's table before the hand (classical: winds, East, stakes)
    # Where the session changed rules before this hand: "Millington v2 — payment method 2 …".
    rules_change: str = ""

    @property
    def place(self) -> int:
        """The hand's place among the session's live hands (``with_places``)."""
        return int(self.hand.place)


@dataclass
class ScoreSheet:
    session: Session
    seats: list[Seat]
    rows: list[SheetRow] = field(default_factory=list)
    totals: list[Decimal] = field(default_factory=list)
    deleted: list[Hand] = field(default_factory=list)
    next_state: Any = None  # the family's table after the last hand, when it has one
    # The rules switched to for the next hand, when they differ from the last hand's.
    next_rules_change: str = ""


def session_sheet(*, session: Session) -> ScoreSheet:
    """Every hand in order with each seat's change and running totals, in a fixed few queries."""
    seats = list(session.seats.select_related("player").order_by("position"))
    family = get_family(session.rule_set_version.rule_set.family)
    params = session.rule_set_version.params
    names = [seat.player.name for seat in seats]
    hands = (
        session.hands.select_related("recorded_by", "updated_by", "rule_set_version__rule_set")
        .prefetch_related(
            Prefetch("scores", queryset=Score.objects.order_by("seat")),
            Prefetch("revisions", queryset=HandRevision.objects.select_related("by")),
        )
        .order_by("number")
    )
    sheet = ScoreSheet(session=session, seats=seats, totals=[Decimal(0)] * len(seats))
    for hand in hands:
        if hand.is_deleted:
            hand.after = len(sheet.rows)  # the live hands before it: "deleted after hand 4"
            sheet.deleted.append(hand)
            continue
        hand.place = len(sheet.rows) + 1
        changes = [score.points for score in hand.scores.all()]
        sheet.totals = [total + change for total, change in zip(sheet.totals, changes, strict=True)]
        description = family.describe_hand(hand.input, names, hand.evaluation, params)
        sheet.rows.append(SheetRow(hand, description, changes, list(sheet.totals)))
    _add_rules_changes(sheet, family)
    _add_table_states(sheet, family, session.rule_set_version.params)
    return sheet


def _add_rules_changes(sheet: ScoreSheet, family: Family) -> None:
    """Mark each hand played under other rules than the hand before it, and the next hand
    when the session was switched since the last one."""
    previous = sheet.rows[0].hand.rule_set_version if sheet.rows else None
    for row in sheet.rows:
        version = row.hand.rule_set_version
        if version.pk != previous.pk:  # type: ignore[union-attr]
            row.rules_change = rules_change_text(family=family, old=previous, new=version)
        previous = version
    current = sheet.session.rule_set_version
    if previous is not None and current.pk != previous.pk:
        sheet.next_rules_change = rules_change_text(family=family, old=previous, new=current)


def rules_change_text(*, family: Family, old: Any, new: Any) -> str:
    """The new version named with what it changes: "Millington v2 — payment method 2 (…)"."""
    before = family.describe_params(old.params).split(", ")
    after = family.describe_params(new.params).split(", ")
    changed = [part for part in after if part not in before]
    if not changed:
        # The options read the same, so the change is in what they do not describe (a
        # classical rules file's scoring rules).
        changed = ["changed rules, same options" if old.params != new.params else "same rules"]
    return f"{new} — {', '.join(changed)}"


def _add_table_states(sheet: ScoreSheet, family: Any, params: dict[str, Any]) -> None:
    """The family's table before each hand and after the last (no queries: from the inputs
    and the changes already read)."""
    inputs = [row.hand.input for row in sheet.rows]
    changes = [row.changes for row in sheet.rows]
    states = family.table_states(
        inputs,
        params,
        changes,
        names=[seat.player.name for seat in sheet.seats],
        evaluations=[row.hand.evaluation for row in sheet.rows],
        hand_params=[row.hand.rule_set_version.params for row in sheet.rows],
    )
    if states is None:
        return
    for row, state in zip(sheet.rows, states, strict=False):
        row.state = state
    sheet.next_state = states[-1]


@dataclass
class StandingRow:
    player_id: int
    name: str
    games: int
    wins: int
    blames: int
    self_draws: int
    false_wins: int
    fries: int
    real_losses: int
    net: Decimal
    sessions: int = 0
    east_hands: int = 0
    best_east_run: int | None = None
    deal_ins: int = 0
    win_value: int | None = None
    table_points: Fraction = Fraction(0)
    is_regular: bool = True

    @property
    def deal_in_fraction(self) -> Fraction | None:
        return Fraction(self.deal_ins, self.games) if self.games else None

    @property
    def self_draw_fraction(self) -> Fraction | None:
        return Fraction(self.self_draws, self.games) if self.games else None

    @property
    def average_winning_value(self) -> Fraction | None:
        return Fraction(self.win_value or 0, self.wins) if self.wins else None

    @property
    def win_fraction(self) -> Fraction | None:
        return Fraction(self.wins, self.games) if self.games else None

    @property
    def blame_fraction(self) -> Fraction | None:
        return Fraction(self.blames, self.games) if self.games else None

    @property
    def fry_fraction(self) -> Fraction | None:
        return Fraction(self.fries, self.games) if self.games else None

    @property
    def net_per_game(self) -> Fraction | None:
        return Fraction(self.net) / self.games if self.games else None

    @property
    def real_losses_per_game(self) -> Fraction | None:
        return Fraction(self.real_losses, self.games) if self.games else None


def season_standings(
    *,
    season: Season,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    min_games: int = 0,
) -> list[StandingRow]:
    """One aggregate query over the season's scores, ordered as the family's reference scorer.

    ``date_to`` is inclusive. A regular player has played at least a quarter of all games
    (Big Two's rule), counted before the minimum-games filter.
    """
    scores = Score.objects.filter(season=season)
    if date_from is not None:
        scores = scores.filter(played_on__gte=date_from)
    if date_to is not None:
        scores = scores.filter(played_on__lte=date_to)
    aggregates: Any = (
        scores.values("player_id", "player__name")
        .annotate(
            games=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            blames=Count("id", filter=Q(blamed=True)),
            self_draws=Count("id", filter=Q(self_drawn=True)),
            false_wins=Count("id", filter=Q(false_win=True)),
            fries=Count("id", filter=Q(fried=True)),
            real_losses=Coalesce(Sum("real_loss"), 0),
            net=Sum("points"),
            sessions=Count("session", distinct=True),
            east_hands=Count("id", filter=Q(east_run__isnull=False)),
            best_east_run=Max("east_run"),
            deal_ins=Count("id", filter=Q(blamed=True, false_win=False)),
            win_value=Sum("hand_value", filter=Q(won=True)),
        )
        .order_by()
    )
    rows = [
        StandingRow(player_id=row.pop("player_id"), name=row.pop("player__name"), **row)
        for row in aggregates
    ]
    total_games = Fraction(sum(row.games for row in rows), SEATS)
    for row in rows:
        row.is_regular = SEATS * row.games >= total_games
    family = get_family(season.rule_set.family)
    if family.table_points:
        _add_table_points(rows, scores, family)
    return sorted((row for row in rows if row.games >= min_games), key=family.standings_key)


def _add_table_points(rows: list[StandingRow], scores: QuerySet[Score], family: Family) -> None:
    """Each session is one game: 4/2/1/0 table points by its final scores, ties shared."""
    totals = scores.values("session_id", "player_id").annotate(total=Sum("points")).order_by()
    games: dict[int, list[tuple[int, Decimal]]] = {}
    for entry in totals:
        games.setdefault(entry["session_id"], []).append((entry["player_id"], entry["total"]))
    points: dict[int, Fraction] = {}
    for seats in games.values():
        if len(seats) != SEATS:
            continue  # not a four-player game
        shares = family.session_table_points([Fraction(total) for _, total in seats])
        for (player_id, _), share in zip(seats, shares, strict=True):
            points[player_id] = points.get(player_id, Fraction(0)) + share
    for row in rows:
        row.table_points = points.get(row.player_id, Fraction(0))


def player_scores(*, player: Player) -> QuerySet[Score]:
    """The player's hands, newest first, with what the sheet needs to describe each."""
    return (
        Score.objects.filter(player=player)
        .select_related("hand", "session__season")
        .order_by("-played_on", "-session_id", "-hand__number")
    )


def player_sessions(*, player: Player) -> QuerySet[Any]:
    """The sessions the player has hands in, newest first, with their net in each."""
    return (
        Score.objects.filter(player=player)
        .values("session_id", "session__played_on", "session__season__name")
        .annotate(hands=Count("id"), wins=Count("id", filter=Q(won=True)), net=Sum("points"))
        .order_by("-session__played_on", "-session_id")
    )


def player_totals(*, player: Player) -> dict[str, Any]:
    return Score.objects.filter(player=player).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(won=True)),
        blames=Count("id", filter=Q(blamed=True)),
        net=Sum("points"),
    )
