"""Every read the pages and the API make; standings are SQL aggregates over kept totals."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.models import Session as StoredSession
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db import connections, router
from django.db.models import (
    Case,
    Count,
    IntegerField,
    Max,
    Model,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext

from games.models import (
    Club,
    Hand,
    HandRevision,
    Invitation,
    Membership,
    Penalty,
    PenaltyRevision,
    Player,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
    SessionSeatTotal,
)
from games.snapshot import consistent_read
from scoring.families import Family, SessionSeat, get_family
from scoring.penalties import ChomboEnds, PenaltyPreset, shares

SEATS = 4  # every family with season standings seats four


def club_list_for_user(*, user: User | AnonymousUser) -> QuerySet[Club]:
    visible = Q(visibility=Club.Visibility.PUBLIC)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return Club.objects.filter(visible).distinct()


@dataclass
class MemberHome:
    """What a signed-in person finds first: their clubs, the tables they sit at that are
    still open (to continue), and their recent sessions."""

    memberships: list[Membership]
    open_sessions: list[Session]
    recent_sessions: list[Session]


RECENT_SESSIONS = 10


def member_home(*, user: User) -> MemberHome:
    memberships = list(
        Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    )
    seats = Seat.objects.select_related("player").order_by("position")
    theirs = (
        Session.objects.filter(seats__player__user=user, club__memberships__user=user)
        .select_related("club", "season", "rule_set_version__rule_set")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .distinct()
        .order_by("-played_on", "-id")
    )
    return MemberHome(
        memberships=memberships,
        open_sessions=list(theirs.filter(status=Session.Status.OPEN)[:RECENT_SESSIONS]),
        recent_sessions=list(theirs[:RECENT_SESSIONS]),
    )


def offline_sessions(*, user: User | AnonymousUser) -> list[Session]:
    """The open tables this person sits at and may record hands for: the sessions whose
    score sheet and hand form a phone keeps for use offline. None for a visitor."""
    if not user.is_authenticated:
        return []
    recorders = [Membership.Role.MEMBER, Membership.Role.ORGANISER]
    seats = Seat.objects.select_related("player").order_by("position")
    sessions = (
        Session.objects.filter(
            status=Session.Status.OPEN,
            seats__player__user=user,
            club__memberships__user=user,
            club__memberships__role__in=recorders,
        )
        .select_related("club", "season")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .distinct()
        .order_by("-played_on", "-id")
    )
    return list(sessions[:RECENT_SESSIONS])


Row = TypeVar("Row", bound=Model)


def unique_or_none(rows: QuerySet[Row], **lookups: Any) -> Row | None:
    """The row a unique lookup names, or None. Unlike ``first()`` it orders nothing: an order
    costs a unique lookup only its compilation, and where a model is ordered by its session
    (hands, seats) a join to the session as well."""
    try:
        return rows.get(**lookups)
    except ObjectDoesNotExist:
        return None


def hand_with_entry_id(*, club_id: int, client_id: uuid.UUID) -> Hand | None:
    """The club's hand recorded with this entry id, or None. An entry id (the form's, an
    Idempotency-Key, an import's computed one) names a hand within its club only: another
    club's hands are never found, so their ids can neither block nor reveal anything."""
    return unique_or_none(Hand.objects.all(), club_id=club_id, client_id=client_id)


def hand_entry_ids_in_season(*, season: Season, client_ids: Iterable[uuid.UUID]) -> set[uuid.UUID]:
    """Which of ``client_ids`` the season's hands carry: what an import made before. Within
    the club's ids (the scope above, and its index), never another club's or season's."""
    hands = Hand.objects.filter(
        club_id=season.club_id, session__season=season, client_id__in=list(client_ids)
    )
    return set(hands.values_list("client_id", flat=True))


def membership_for(*, club: Club, user: User | AnonymousUser) -> Membership | None:
    if not user.is_authenticated:
        return None
    return unique_or_none(Membership.objects.all(), club=club, user=user)


def membership_by_slug(*, slug: str, user: User | AnonymousUser) -> Membership | None:
    """The user's membership of the club a slug names, with the club, in one query."""
    if not user.is_authenticated:
        return None
    return unique_or_none(Membership.objects.select_related("club"), club__slug=slug, user=user)


def club_open_invitations(*, club: Club) -> QuerySet[Invitation]:
    """The club's links that still admit someone: not used, withdrawn or expired."""
    return club.invitations.filter(
        accepted_at__isnull=True, withdrawn_at__isnull=True, expires_at__gt=timezone.now()
    ).select_related("player")


def session_list(*, club: Club, season: Season | None = None) -> QuerySet[Session]:
    sessions = Session.objects.filter(club=club).select_related("season__rule_set")
    if season is not None:
        sessions = sessions.filter(season=season)
    seats = Seat.objects.select_related("player").order_by("position")
    # An aggregate drops Meta.ordering, so the newest-first order is explicit.
    return (
        sessions.prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(hand_count=live_hand_count())
        .order_by("-played_on", "-id")
    )


def live_hand_count() -> Coalesce:
    """A session's live hands, counted for the sessions a query returns only: a subquery
    per row, where ``Count("hands")`` grouped every session of the filter before the limit."""
    hands = (
        Hand.objects.filter(session=OuterRef("pk"), deleted_at=None)
        .order_by()
        .values("session")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(hands), 0)


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


@dataclass(frozen=True)
class SheetPoll:
    """What a poll of a score sheet needs to answer "nothing new" without reading it."""

    public: bool  # the club shows its sessions to visitors
    role: str | None  # the poller's role in the club, if a member
    version: str  # ``sheet_version_of`` the sheet as it is now
    # The poller's signed-in session as stored in the database (None: no such row) and
    # account (None: no such active account): whether they are still signed in as they were.
    session_expires: dt.datetime | None
    password: str | None


# One statement written out: Django's query compiler took ~4 ms of a 4.4 ms poll for the same
# query built from the ORM (tools/profile_requests.py); the statement itself runs in 0.4 ms.
SHEET_POLL_SQL = """
SELECT s.rule_set_version_id, s.status, c.visibility, c.names_changed_at,
    COUNT(h.id), MAX(h.id), MAX(h.updated_at),
    (SELECT MAX(p.updated_at) FROM {penalty} p WHERE p.session_id = s.id),
    (SELECT m.role FROM {membership} m WHERE m.club_id = s.club_id AND m.user_id = %s),
    (SELECT d.expire_date FROM {stored_session} d WHERE d.session_key = %s),
    (SELECT u.password FROM {user} u WHERE u.id = %s AND u.is_active)
FROM {session} s INNER JOIN {club} c ON c.id = s.club_id LEFT JOIN {hand} h ON h.session_id = s.id
WHERE s.id = %s AND c.slug = %s
GROUP BY s.id, c.id
""".strip().format(
    **{
        name: model._meta.db_table
        for name, model in (
            ("penalty", Penalty),
            ("membership", Membership),
            ("stored_session", StoredSession),
            ("user", User),
            ("session", Session),
            ("club", Club),
            ("hand", Hand),
        )
    }
)


def session_sheet_poll(
    *, slug: str, session_id: int, user_id: int | None, session_key: str = ""
) -> SheetPoll | None:
    """The club's visibility, the user's role and account, the signed-in session
    ``session_key`` and the sheet's version, in one query on the session's key, its hands'
    index and the other rows' keys: a poll that finds nothing new reads nothing else.
    None if the club has no such session."""
    database = connections[router.db_for_read(Session)]
    with database.cursor() as cursor:
        cursor.execute(SHEET_POLL_SQL, [user_id, session_key, user_id, session_id, slug])
        row = cursor.fetchone()
    if row is None:
        return None
    rules, status, visibility, renamed, count, last, changed, penalised, role, expires, password = (
        row
    )
    version = _sheet_version(rules, status, count, last, _moment(changed))
    return SheetPoll(
        public=visibility != Club.Visibility.MEMBERS,
        role=role,
        version=version + _penalties_version(_moment(penalised)) + _names_version(_moment(renamed)),
        session_expires=_moment(expires),
        password=password,
    )


def _moment(value: dt.datetime | str | None) -> dt.datetime | None:
    """A time read by a written-out statement: PostgreSQL gives it, SQLite the time in UTC
    without its zone (a column's) or its text (an aggregate's)."""
    if value is None:
        return None
    moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def sheet_version_of(sheet: ScoreSheet) -> str:
    """The sheet's version, as ``session_sheet_poll`` reads it, of a sheet already read."""
    hands = [row.hand for row in sheet.rows] + sheet.deleted
    last = max((hand.pk for hand in hands), default=None)
    changed = max((hand.updated_at for hand in hands), default=None)
    session = sheet.session
    penalised = max((penalty.updated_at for penalty in sheet.penalties), default=None)
    version = _sheet_version(session.rule_set_version_id, session.status, len(hands), last, changed)
    return version + _penalties_version(penalised) + _names_version(session.club.names_changed_at)


def _penalties_version(changed: dt.datetime | None) -> str:
    """The part of a sheet's version its penalties give: when one last changed."""
    return f"-p{changed.timestamp()}" if changed else ""


def _names_version(changed: dt.datetime | None) -> str:
    """The part the players' names give: when one of the club's players was last renamed or
    merged (the sheet shows their names)."""
    return f"-n{changed.timestamp()}" if changed else ""


def _sheet_version(
    rules: int, status: str, count: int, last: int | None, changed: dt.datetime | None
) -> str:
    """Changes whenever the sheet would: a hand recorded, amended or deleted (deleted hands
    are listed too), the rules switched, the session closed or reopened."""
    stamp = changed.timestamp() if changed else 0
    return f"{count}-{last or 0}-{stamp}-{rules}-{status}"


def hand_place(*, session: Session, number: int | None = None) -> int:
    """The place in the game (1-based) of the session's hand ``number``, or of its next hand:
    a deleted hand takes no place, as on the score sheet and in the count of a full game."""
    hands = session.hands.filter(deleted_at=None)
    if number is not None:
        hands = hands.filter(number__lt=number)
    return hands.count() + 1


def hands_from_place(*, session: Session, place: int) -> list[Hand]:
    """The session's live hands at ``place`` and after, in order, each with its ``place``."""
    live = session.hands.filter(deleted_at=None).select_related("recorded_by", "rule_set_version")
    hands = list(live.order_by("number")[place - 1 :])
    for offset, hand in enumerate(hands):
        hand.place = place + offset
    return hands


def hand_rule_set_version(*, session: Session, number: int | None = None) -> RuleSetVersion:
    """The rules the session's hand ``number`` was scored under; for its next hand (or a
    number no hand has), the rules the session is played under now."""
    if number is not None:
        hands = session.hands.select_related("rule_set_version__rule_set")
        found = unique_or_none(hands, number=number)
        if found is not None:
            return found.rule_set_version
    return session.rule_set_version


def with_places(hands: QuerySet[Hand]) -> QuerySet[Hand]:
    """``hands`` with each one's ``place``: where it stands (1-based) among its session's
    live hands, as the score sheet numbers them; None for a deleted hand. The stored
    ``number`` keeps the recorded order and is never reused, so it skips after a deletion."""
    # ``Hand`` declares ``place`` for the type checker; this is where it comes from.
    return hands.annotate(place=place_of(""))  # type: ignore[no-redef]


def place_of(hand: str) -> Case:
    """The place expression for the hand at path ``hand`` (``""`` or ``"hand__"``)."""
    live_up_to = (
        Hand.objects.filter(
            session=OuterRef(f"{hand}session"),
            deleted_at=None,
            number__lte=OuterRef(f"{hand}number"),
        )
        .order_by()
        .values("session")
        .annotate(count=Count("pk"))
        .values("count")
    )
    live = When(**{f"{hand}deleted_at__isnull": True}, then=Subquery(live_up_to))
    return Case(live, default=None, output_field=IntegerField())


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
    # Every penalty of the session, deleted ones too (with their history), by when recorded;
    # each seat's change from the live ones, and its total after them.
    penalties: list[Penalty] = field(default_factory=list)
    penalty_totals: list[Decimal] = field(default_factory=list)
    final_totals: list[Decimal] = field(default_factory=list)
    next_state: Any = None  # the family's table after the last hand, when it has one
    # The rules switched to for the next hand, when they differ from the last hand's.
    next_rules_change: str = ""

    @property
    def over(self) -> bool:
        """Whether the family's table says the game is finished: it takes no more hands."""
        return bool(self.next_state is not None and self.next_state.over)


@consistent_read
def session_sheet(*, session: Session) -> ScoreSheet:
    """Every hand in order with each seat's change and running totals, in a fixed few queries
    (one snapshot: a hand deleted between them keeps no scores)."""
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
        changes = [score.points for score in hand.scores.all()]
        if len(changes) != len(seats):
            continue  # deleted after the hands were read, where no snapshot held them
        hand.place = len(sheet.rows) + 1
        sheet.totals = [total + change for total, change in zip(sheet.totals, changes, strict=True)]
        description = family.describe_hand(hand.input, names, hand.evaluation, params)
        sheet.rows.append(SheetRow(hand, description, changes, list(sheet.totals)))
    _add_rules_changes(sheet, family)
    _add_table_states(sheet, family, session.rule_set_version.params)
    _add_penalties(sheet)
    return sheet


@dataclass(frozen=True)
class TableNow:
    """Where a session's game stands before its next hand, as the hand form shows it: the
    family's line ("Hand 9", "South round", "Bo deals") and each player's running total."""

    place: int  # the next hand's place in the game
    line: list[str]
    totals: list[tuple[str, Decimal]]
    # Each player's change from the live penalties, and the totals after them; both empty
    # while no penalty changes anything (the sheet shows them apart, only then).
    penalties: list[tuple[str, Decimal]] = field(default_factory=list)
    after_penalties: list[tuple[str, Decimal]] = field(default_factory=list)


@consistent_read
def session_table_now(*, session: Session, names: list[str]) -> TableNow:
    """The session's live hands read once, as plain rows (two queries, whatever the family
    or the number of hands): their scores summed, and the family's table after them."""
    family = get_family(session.rule_set_version.rule_set.family)
    live = session.hands.filter(deleted_at=None)
    hands = list(
        live.order_by("number").values_list("pk", "input", "evaluation", "rule_set_version__params")
    )
    changes: dict[int, list[Decimal]] = {}
    scores = Score.objects.filter(hand__in=live.values("pk")).order_by("seat")
    for hand_id, change in scores.values_list("hand_id", "points"):
        changes.setdefault(hand_id, []).append(change)
    # A hand deleted after the hands were read has no scores left: it takes no place.
    played = [hand for hand in hands if len(changes.get(hand[0], ())) == len(names)]
    totals = [Decimal(0)] * len(names)
    for hand in played:
        totals = [total + change for total, change in zip(totals, changes[hand[0]], strict=True)]
    inputs = [hand[1] for hand in played]
    state = None
    if family.keeps_table:
        states = family.table_states(
            inputs,
            session.rule_set_version.params,
            [changes[hand[0]] for hand in played],
            names=names,
            evaluations=[hand[2] for hand in played],
            hand_params=[hand[3] for hand in played],
        )
        state = states[-1] if states else None
    place = len(played) + 1
    line = family.table_line(place=place, hands=inputs, names=names, state=state)
    now = TableNow(place=place, line=line, totals=list(zip(names, totals, strict=True)))
    return _with_penalties_now(now, session)


def _with_penalties_now(now: TableNow, session: Session) -> TableNow:
    """``now`` with each seat's change from the session's live penalties, as its kept totals
    count them (one query), and the totals after them, when any penalty changes anything."""
    kept = SessionSeatTotal.objects.filter(session=session).order_by()
    fined = dict(kept.values_list("seat", "penalties"))
    changes = [fined.get(seat) or Decimal(0) for seat in range(len(now.totals))]
    if not any(changes):
        return now
    names = [name for name, _ in now.totals]
    after = [total + change for (_, total), change in zip(now.totals, changes, strict=True)]
    return replace(
        now,
        penalties=list(zip(names, changes, strict=True)),
        after_penalties=list(zip(names, after, strict=True)),
    )


def _add_penalties(sheet: ScoreSheet) -> None:
    """The session's penalties, and each seat's change from the live ones (as the kept
    totals count them: the engine shares each among the seats)."""
    revisions = Prefetch("revisions", queryset=PenaltyRevision.objects.select_related("by"))
    sheet.penalties = list(
        sheet.session.penalties.select_related("player", "recorded_by", "updated_by")
        .prefetch_related(revisions)
        .order_by("recorded_at", "id")
    )
    position = {seat.player_id: seat.position for seat in sheet.seats}
    changes = [Decimal(0)] * len(sheet.seats)
    for penalty in sheet.penalties:
        if penalty.is_deleted or penalty.player_id not in position:
            continue
        split = shares(
            penalty.amount,
            offender=position[penalty.player_id],
            seats=len(sheet.seats),
            zero_sum=penalty.zero_sum,
        )
        changes = [total + change for total, change in zip(changes, split, strict=True)]
    sheet.penalty_totals = changes
    sheet.final_totals = [a + b for a, b in zip(sheet.totals, changes, strict=True)]


def season_penalties(*, season: Season) -> QuerySet[Penalty]:
    """The season's live penalties, as ``penalties_listed`` gives them (one query)."""
    return penalties_listed(Penalty.objects.filter(session__season=season))


def penalties_listed(penalties: QuerySet[Penalty]) -> QuerySet[Penalty]:
    """The live ones of ``penalties``, by session date then when recorded, with their player,
    session and recorder: what a list of penalties and its CSV read."""
    return (
        penalties.filter(deleted_at=None)
        .select_related("player", "session", "recorded_by")
        .order_by("session__played_on", "session_id", "recorded_at", "id")
    )


def session_penalty_preset(*, session: Session) -> PenaltyPreset:
    """What a chombo costs under the session's current rules (its family's preset)."""
    version = session.rule_set_version
    return get_family(version.rule_set.family).penalty_preset(version.params)


def session_chombo_ending(*, session: Session) -> str:
    """Why the session's game takes no more hands, where its rules say a chombo ends the
    game and one did; else "". No query unless the rules say so."""
    if session_penalty_preset(session=session).ends != ChomboEnds.GAME:
        return ""
    offender = _first_chombo(session)
    if offender is None:
        return ""
    return gettext(
        "%(name)s's chombo ended this game: under these rules a chombo ends the game. "
        "Start a new session for the next game."
    ) % {"name": offender}


def _first_chombo(session: Session) -> str | None:
    """The name of the player of the session's first live chombo penalty, else of its first
    live hand that was a false win (a riichi chombo, an HK false win, an Illegal Call)."""
    chombo = (
        session.penalties.filter(reason=Penalty.Reason.CHOMBO, deleted_at=None)
        .order_by("recorded_at", "id")
        .values_list("player__name", flat=True)
        .first()
    )
    if chombo is not None:
        return chombo
    return (
        Score.objects.filter(
            session=session, false_win=True, hand__deleted_at=None, hand__session=session
        )
        .order_by("hand__number")
        .values_list("player__name", flat=True)
        .first()
    )


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
    declarations: int = 0
    # Families that rank each session as a game (``Family.placements``): the sum of the
    # player's placement points, of their places, and the sessions placed.
    placement_points: Fraction = Fraction(0)
    places: Fraction = Fraction(0)
    placed: int = 0
    # The player's change from penalties, apart from ``net`` (the hands').
    penalties: Decimal = Decimal(0)

    @property
    def penalised_net(self) -> Decimal:
        """The net after penalties: what the standings rank by where they rank by net."""
        return self.net + self.penalties

    @property
    def penalised_net_per_game(self) -> Fraction | None:
        return Fraction(self.penalised_net) / self.games if self.games else None

    @property
    def penalised_real_losses_per_game(self) -> Fraction | None:
        """Big Two's real losses per game, a penalty counted as a loss (a share of another's
        as a gain)."""
        losses = Fraction(self.real_losses) - Fraction(self.penalties)
        return losses / self.games if self.games else None

    @property
    def declaration_fraction(self) -> Fraction | None:
        return Fraction(self.declarations, self.games) if self.games else None

    @property
    def average_place(self) -> Fraction | None:
        return self.places / self.placed if self.placed else None

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


@consistent_read
def season_standings(
    *,
    season: Season,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    min_games: int = 0,
) -> list[StandingRow]:
    """One aggregate query over the season's kept session totals (one row per seat per
    session, not per hand), ordered as the family's reference scorer.

    ``date_to`` is inclusive. A regular player has played at least a quarter of all games
    (Big Two's rule), counted before the minimum-games filter. The aggregate and the
    table points or placements read one snapshot (``consistent_read``).
    """
    totals = SessionSeatTotal.objects.filter(season=season)
    if date_from is not None:
        totals = totals.filter(played_on__gte=date_from)
    if date_to is not None:
        totals = totals.filter(played_on__lte=date_to)
    rows = standings_of(totals=totals, family=get_family(season.rule_set.family))
    return [row for row in rows if row.games >= min_games]


def standings_of(*, totals: QuerySet[SessionSeatTotal], family: Family) -> list[StandingRow]:
    """Standings over some kept session totals (a season's, an event's), in the family's
    own terms and order: one aggregate query, and one more for families that rank each
    session as a game."""
    aggregates: Any = (
        totals.values("player_id", "player__name")
        .annotate(
            games=Sum("hands"),
            wins=Sum("wins"),
            blames=Sum("blames"),
            self_draws=Sum("self_draws"),
            false_wins=Sum("false_wins"),
            fries=Sum("fries"),
            real_losses=Sum("real_losses"),
            net=Sum("net"),
            # A player has one seat in a session, and a total only where they have scores.
            sessions=Count("id"),
            east_hands=Sum("east_hands"),
            best_east_run=Max("best_east_run"),
            deal_ins=Sum("deal_ins"),
            win_value=Sum("win_value"),
            declarations=Sum("declarations"),
            penalties=Sum("penalties"),
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
    if family.table_points:
        _add_table_points(rows, totals, family)
    if family.placements:
        _add_placements(rows, totals, family)
    return sorted(rows, key=family.standings_key)


# The page computes its standings and leaves them here for its charts and downloads, which
# its visitor asks for next; a new version of the standings is a new key.
STANDINGS_CACHE_SECONDS = 600


def season_standings_version(
    *,
    season: Season,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    min_games: int = 0,
) -> str:
    """What names one answer of ``season_standings``, without computing it: the season
    (with its creation time, as a rolled-back test database reuses ids), the version of its
    standings and the filters. For ETags and cache keys."""
    created = season.created_at.timestamp()
    return f"{season.pk}.{created}.{season.standings_version}:{date_from}:{date_to}:{min_games}"


def season_standings_shared(
    *,
    season: Season,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    min_games: int = 0,
    refresh: bool = False,
) -> list[StandingRow]:
    """``season_standings`` computed once per version and filters, through the cache;
    ``refresh`` computes them anyway (the season page, whose queries stay the same)."""
    criteria: dict[str, Any] = {"date_from": date_from, "date_to": date_to, "min_games": min_games}
    key = "standings:" + season_standings_version(season=season, **criteria)
    rows: list[StandingRow] | None = None if refresh else cache.get(key)
    if rows is None:
        rows = season_standings(season=season, **criteria)
        cache.set(key, rows, STANDINGS_CACHE_SECONDS)
    return rows


def _add_table_points(
    rows: list[StandingRow], totals: QuerySet[SessionSeatTotal], family: Family
) -> None:
    """Each session is one game: 4/2/1/0 table points by its final scores, ties shared."""
    games: dict[int, list[tuple[int, Decimal]]] = {}
    for session_id, player_id, net in totals.values_list("session_id", "player_id", "net"):
        games.setdefault(session_id, []).append((player_id, net))
    points: dict[int, Fraction] = {}
    counted = {row.player_id for row in rows}
    for seats in games.values():
        if len(seats) != SEATS:
            continue  # not a four-player game
        if any(player_id not in counted for player_id, _ in seats):
            continue  # written after the totals were read (see ``_add_placements``)
        shares = family.session_table_points([Fraction(total) for _, total in seats])
        for (player_id, _), share in zip(seats, shares, strict=True):
            points[player_id] = points.get(player_id, Fraction(0)) + share
    for row in rows:
        row.table_points = points.get(row.player_id, Fraction(0))


def _add_placements(
    rows: list[StandingRow], totals: QuerySet[SessionSeatTotal], family: Family
) -> None:
    """Each session is one game the family ranks from its seats' kept totals, under the
    session's rules: each player's placement points and place, summed."""
    seats = totals.order_by("session_id", "seat").values_list(
        "session_id", "player_id", "net", "false_wins", "session__rule_set_version__params"
    )
    games: dict[int, list[tuple[int, SessionSeat, dict[str, Any]]]] = {}
    for session_id, player_id, net, false_wins, params in seats:
        games.setdefault(session_id, []).append((player_id, SessionSeat(net, false_wins), params))
    by_player = {row.player_id: row for row in rows}
    for game in games.values():
        if any(player_id not in by_player for player_id, _, _ in game):
            # Written after the totals were read (where no snapshot held them together): a
            # player it seats is not in them, so none of its seats was counted.
            continue
        placings = family.session_placings([seat for _, seat, _ in game], game[0][2])
        for (player_id, _, _), placing in zip(game, placings or (), strict=False):
            row = by_player[player_id]
            row.placement_points += placing.points
            row.places += placing.place
            row.placed += 1


FAMILY_PATH = "session__rule_set_version__rule_set__family"


def player_families(*, player: Player) -> list[str]:
    """The rule families the player has hands in, most played first: their units differ
    (money, fan, cards, stakes), so the player's page keeps each family apart."""
    rows = (
        SessionSeatTotal.objects.filter(player=player)
        .values(FAMILY_PATH)
        .annotate(played=Sum("hands"))
        .order_by("-played", FAMILY_PATH)
    )
    return [row[FAMILY_PATH] for row in rows]


def _totals_in_family(player: Player, family: str | None) -> QuerySet[SessionSeatTotal]:
    totals = SessionSeatTotal.objects.filter(player=player)
    return totals if family is None else totals.filter(**{FAMILY_PATH: family})


def _in_family(player: Player, family: str | None) -> QuerySet[Score]:
    scores = Score.objects.filter(player=player)
    if family is not None:
        scores = scores.filter(**{FAMILY_PATH: family})
    return scores


def player_scores(*, player: Player, family: str | None = None) -> QuerySet[Score]:
    """The player's hands, newest first, each with its place on its score sheet (the
    player's page orders them by hand id, not number, to page them by keyset)."""
    return (
        _in_family(player, family)
        .select_related("hand", "session__season")
        .annotate(place=place_of("hand__"))
        .order_by("-played_on", "-session_id", "-hand__number")
    )


def player_sessions(*, player: Player, family: str | None = None) -> QuerySet[SessionSeatTotal]:
    """The sessions the player has hands in, newest first, with their net in each (their
    kept totals: one row per session, with its season)."""
    return (
        _totals_in_family(player, family)
        .select_related("season")
        .order_by("-played_on", "-session_id")
    )


def player_totals(*, player: Player, family: str | None = None) -> dict[str, Any]:
    """The player's hands, wins, blames and net over every session (from the kept totals)."""
    return _totals_in_family(player, family).aggregate(
        games=Coalesce(Sum("hands"), 0),
        wins=Coalesce(Sum("wins"), 0),
        blames=Coalesce(Sum("blames"), 0),
        net=Sum("net"),
    )
