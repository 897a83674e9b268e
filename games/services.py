"""Every write the league makes: pages, the API and imports all come through here.

Each service validates through the rule family's engine, writes in one transaction and
raises ``django.core.exceptions.ValidationError`` with a message a person can act on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games.bulk_hands import RESULT_FIELDS, result_values
from games.models import (
    ApiToken,
    Club,
    Hand,
    HandRevision,
    Invitation,
    Membership,
    Player,
    RuleSet,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
)
from games.selectors import hand_rule_set_version
from games.totals import season_standings_changed, session_totals_refresh
from games.webhooks import events as webhooks
from games.webhooks.models import Webhook
from scoring.families import EngineError, Family, SeatResult, get_family
from scoring.names import clean_name

User = AbstractBaseUser | AnonymousUser
T = TypeVar("T")


class StaleHand(ValidationError):
    """The hand changed since the caller read it; ``current`` is what it is now."""

    def __init__(self, current: Hand) -> None:
        super().__init__(
            "Someone else changed this hand since you opened it; nothing was saved. "
            "Check its new value below and try again.",
            code="stale",
        )
        self.current = current


class IdempotencyConflict(ValidationError):
    """A client id was reused for a different hand (another session or another input)."""


def name_clean(name: str) -> str:
    """A club's, player's, rule set's or season's name as the engine accepts every name
    (trimmed, NFC, no control characters), or a ``ValidationError`` on ``name``."""
    try:
        return clean_name(name)
    except EngineError as error:
        message = error.message[:1].upper() + error.message[1:] + "."
        raise ValidationError({"name": [message]}) from None


def engine_error_to_validation(error: EngineError) -> ValidationError:
    if error.field:
        return ValidationError({error.field: [error.message]})
    return ValidationError(error.message)


def write_unique(write: Callable[[], T], *, check_free: Callable[[], None]) -> T:
    """Write a row that a unique constraint guards, refusing a taken value as a person
    would be told (``check_free`` raises the "already exists" ``ValidationError``).

    Two requests at once (a double tap, a retry) can both pass the check; the insert of
    the later one then breaks the constraint, and checking again gives it the same
    message instead of an ``IntegrityError``. The write runs in its own transaction.
    """
    check_free()
    try:
        with transaction.atomic():
            return write()
    except IntegrityError:  # written meanwhile by a concurrent request
        check_free()
        raise


# --- clubs, players, memberships ----------------------------------------------------------


def club_create(*, name: str, slug: str, visibility: str, organiser: AbstractBaseUser) -> Club:
    name = name_clean(name)

    def check_free() -> None:
        if Club.objects.filter(slug=slug).exists():
            raise ValidationError({"slug": [f"The address {slug!r} is taken; choose another."]})

    def write() -> Club:
        club = Club.objects.create(name=name, slug=slug, visibility=visibility)
        Membership.objects.create(user=organiser, club=club, role=Membership.Role.ORGANISER)
        return club

    return write_unique(write, check_free=check_free)


def player_create(*, club: Club, name: str, user: AbstractBaseUser | None = None) -> Player:
    name = name_clean(name)
    return write_unique(
        lambda: Player.objects.create(club=club, name=name, user=user),
        check_free=lambda: _check_player_name_free(club, name),
    )


def player_update(*, player: Player, name: str) -> Player:
    name = name_clean(name)

    def write() -> None:
        player.name = name
        player.save(update_fields=["name"])
        # Standings show names: a renamed player gives the club's standings a new version.
        season_standings_changed(seasons=Season.objects.filter(club=player.club_id))

    write_unique(
        write, check_free=lambda: _check_player_name_free(player.club, name, exclude=player.pk)
    )
    return player


def _check_player_name_free(club: Club, name: str, exclude: int | None = None) -> None:
    if not name:
        raise ValidationError({"name": ["Enter a name."]})
    taken = Player.objects.filter(club=club, name=name).exclude(pk=exclude)
    if taken.exists():
        raise ValidationError({"name": [f"{club.name} already has a player called {name!r}."]})


def _check_username_free(username: str, message: str) -> None:
    if get_user_model().objects.filter(username=username).exists():
        raise ValidationError({"username": [message.format(username=username)]})


def member_account_create(
    *, club: Club, username: str, role: str, player: Player | None
) -> AbstractBaseUser:
    """An account an organiser makes for a member (without a password: they set it)."""
    username = username.strip()

    def write() -> AbstractBaseUser:
        user = get_user_model().objects.create_user(username=username, password=None)
        membership_set(club=club, user=user, role=role)
        if player is not None:
            player_link_user(player=player, user=user)
        return user

    taken = "The username {username!r} is taken."
    return write_unique(write, check_free=lambda: _check_username_free(username, taken))


def invitation_sign_up(*, invitation: Invitation, username: str, password: str) -> AbstractBaseUser:
    """A new account joining through ``invitation``; no account is left if joining fails."""
    username = username.strip()

    def write() -> AbstractBaseUser:
        user = get_user_model().objects.create_user(username=username, password=password)
        invitation_accept(invitation=invitation, user=user)
        return user

    taken = "That username is taken; sign in first if it is yours."
    return write_unique(write, check_free=lambda: _check_username_free(username, taken))


def membership_set(*, club: Club, user: AbstractBaseUser, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(
        user=user, club=club, defaults={"role": role}
    )
    return membership


def player_link_user(*, player: Player, user: AbstractBaseUser) -> Player:
    if player.user_id not in (None, user.pk):
        raise ValidationError(f"{player.name} is already linked to another account.")
    other = Player.objects.filter(club=player.club, user=user).exclude(pk=player.pk)
    if other.exists():
        raise ValidationError(f"That account is already linked to {other.get().name}.")
    player.user = user
    player.save(update_fields=["user"])
    return player


def invitation_create(
    *, club: Club, role: str, player: Player | None, by: AbstractBaseUser
) -> Invitation:
    if player is not None and player.club_id != club.pk:
        raise ValidationError({"player": ["That player is not in this club."]})
    if player is not None and player.user_id is not None:
        raise ValidationError({"player": [f"{player.name} already has an account."]})
    return Invitation.objects.create(club=club, role=role, player=player, created_by=by)


def invitation_accept(*, invitation: Invitation, user: AbstractBaseUser) -> Membership:
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.accepted_at is not None:
            raise ValidationError("This invitation has already been used.")
        current = Membership.objects.filter(club=invitation.club, user=user).first()
        role = _higher_role(current.role if current else None, invitation.role)
        membership = membership_set(club=invitation.club, user=user, role=role)
        if invitation.player is not None:
            player_link_user(player=invitation.player, user=user)
        invitation.accepted_by = user
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


def membership_change_role(*, membership: Membership, role: str) -> Membership:
    """Give a member another role; a club always keeps at least one organiser."""
    with transaction.atomic():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        if role != Membership.Role.ORGANISER:
            _keep_an_organiser(membership)
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def membership_remove(*, membership: Membership) -> None:
    """Take a member out of the club (their players and hands stay in its records)."""
    with transaction.atomic():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        _keep_an_organiser(membership)
        membership.delete()


def _keep_an_organiser(leaving: Membership) -> None:
    if leaving.role != Membership.Role.ORGANISER:
        return
    # Lock every organiser row, so two organisers cannot demote each other at once.
    organisers = Membership.objects.select_for_update().filter(
        club_id=leaving.club_id, role=Membership.Role.ORGANISER
    )
    if not organisers.exclude(pk=leaving.pk).exists():
        raise ValidationError("A club needs an organiser: make someone else organiser first.")


ROLE_RANK = {Membership.Role.VIEWER: 0, Membership.Role.MEMBER: 1, Membership.Role.ORGANISER: 2}


def _higher_role(current: str | None, offered: str) -> str:
    if current is None:
        return offered
    return max(current, offered, key=lambda role: ROLE_RANK[Membership.Role(role)])


# --- rule sets and seasons ----------------------------------------------------------------


def _clean_params(family: Family, params: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return family.clean_params(params)
    except EngineError as error:
        raise engine_error_to_validation(error) from error


def rule_set_create(
    *, club: Club, name: str, family: str, params: Mapping[str, Any], by: AbstractBaseUser
) -> RuleSet:
    try:
        family_obj = get_family(family)
    except EngineError as error:
        raise engine_error_to_validation(error) from error
    cleaned = _clean_params(family_obj, params)
    name = name_clean(name)

    def write() -> RuleSet:
        rule_set = RuleSet.objects.create(club=club, name=name, family=family)
        RuleSetVersion.objects.create(rule_set=rule_set, number=1, params=cleaned, created_by=by)
        return rule_set

    return write_unique(write, check_free=lambda: _check_rule_set_name_free(club, name))


def rule_set_update(
    *, rule_set: RuleSet, name: str, params: Mapping[str, Any], by: AbstractBaseUser
) -> RuleSetVersion:
    """Rename and reconfigure; a version any session uses is never changed, so a new one is made."""
    name = name_clean(name)
    family = get_family(rule_set.family)
    cleaned = _clean_params(family, params)

    def write() -> RuleSetVersion:
        locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
        locked.name = name
        locked.save(update_fields=["name"])
        return _rule_set_version_for(locked, family, cleaned, by)

    return write_unique(
        write, check_free=lambda: _check_rule_set_name_free(rule_set.club, name, rule_set.pk)
    )


def _rule_set_version_for(
    rule_set: RuleSet, family: Family, cleaned: dict[str, Any], by: AbstractBaseUser
) -> RuleSetVersion:
    latest = rule_set.versions.order_by("-number").first()
    assert latest is not None
    if _same_params(family, latest.params, cleaned):
        return latest
    # A version that scored any hand is history too, even after its session moved on.
    if latest.sessions.exists() or latest.hands.exists():
        return RuleSetVersion.objects.create(
            rule_set=rule_set, number=latest.number + 1, params=cleaned, created_by=by
        )
    latest.params = cleaned
    latest.save(update_fields=["params"])
    return latest


def _same_params(family: Family, stored: Mapping[str, Any], cleaned: Mapping[str, Any]) -> bool:
    """Whether a stored version already means ``cleaned``: one stored before a parameter
    existed reads its absence as the old behaviour, which cleaning writes out."""
    if stored == cleaned:
        return True
    try:
        return family.clean_params(stored) == cleaned
    except EngineError:
        return False


def _check_rule_set_name_free(club: Club, name: str, exclude: int | None = None) -> None:
    if not name.strip():
        raise ValidationError({"name": ["Enter a name."]})
    if RuleSet.objects.filter(club=club, name=name.strip()).exclude(pk=exclude).exists():
        raise ValidationError({"name": [f"{club.name} already has a rule set called {name!r}."]})


def season_save(
    *,
    club: Club,
    name: str,
    rule_set: RuleSet,
    starts_on: dt.date | None = None,
    ends_on: dt.date | None = None,
    season: Season | None = None,
) -> Season:
    """Create a season, or update ``season`` when given."""
    if rule_set.club_id != club.pk:
        raise ValidationError({"rule_set": ["That rule set belongs to another club."]})
    if season is not None and season.pk and season.sessions.exists():
        played = Season.objects.get(pk=season.pk).rule_set.family
        if rule_set.family != played:
            raise ValidationError(
                {"rule_set": ["Sessions were played under another rule family; keep its family."]}
            )
    if starts_on and ends_on and ends_on < starts_on:
        raise ValidationError({"ends_on": ["The season cannot end before it starts."]})
    name = name_clean(name)

    def check_free() -> None:
        clash = Season.objects.filter(club=club, name=name)
        if clash.exclude(pk=season.pk if season else None).exists():
            raise ValidationError({"name": [f"{club.name} already has a season called {name!r}."]})

    saved = season or Season(club=club)
    saved.name, saved.rule_set = name, rule_set
    saved.starts_on, saved.ends_on = starts_on, ends_on
    write_unique(saved.save, check_free=check_free)
    return saved


# --- sessions -----------------------------------------------------------------------------


def session_start(
    *,
    season: Season,
    played_on: dt.date,
    players: Sequence[Player],
    by: AbstractBaseUser,
    rule_set: RuleSet | None = None,
) -> Session:
    """Seat the players in order (seat 1 = East) under the rule set's latest version."""
    session, _ = session_start_once(
        season=season, played_on=played_on, players=players, by=by, rule_set=rule_set
    )
    return session


def session_start_once(
    *,
    season: Season,
    played_on: dt.date,
    players: Sequence[Player],
    by: AbstractBaseUser,
    rule_set: RuleSet | None = None,
    client_id: uuid.UUID | None = None,
) -> tuple[Session, bool]:
    """Start a session once per entry id: a resubmission with the same ``client_id`` (a
    double tap, a retry) returns the session it started. Returns the session and whether
    it was started now; the same id for a different session raises ``IdempotencyConflict``.
    """
    start = _SessionStart(season, played_on, tuple(players), rule_set or season.rule_set)
    start.check()
    try:
        with transaction.atomic():
            return start.write(by, client_id)
    except IntegrityError:
        # A concurrent request with the same entry id won the race: return its session.
        existing = start.started_with(client_id)
        if existing is None:
            raise
        return existing, False


@dataclass(frozen=True)
class _SessionStart:
    """What starting a session asks for; a retry must ask for the same."""

    season: Season
    played_on: dt.date
    players: tuple[Player, ...]
    rule_set: RuleSet

    def check(self) -> None:
        season, rule_set = self.season, self.rule_set
        if rule_set.club_id != season.club_id:
            raise ValidationError({"rule_set": ["That rule set belongs to another club."]})
        if rule_set.family != season.rule_set.family:
            family = season.rule_set.get_family_display()
            raise ValidationError({"rule_set": [f"This season's standings are for {family}."]})
        _check_seating(season.club, get_family(rule_set.family), self.players)

    def write(self, by: AbstractBaseUser, client_id: uuid.UUID | None) -> tuple[Session, bool]:
        # Locked so that an edit cannot change this version in place while it is pinned;
        # it also makes a resubmission wait for the first to commit, then find its session.
        RuleSet.objects.select_for_update().filter(pk=self.rule_set.pk).first()
        existing = self.started_with(client_id)
        if existing is not None:
            return existing, False
        version = self.rule_set.versions.order_by("-number").first()
        assert version is not None
        session = Session.objects.create(
            club=self.season.club,
            season=self.season,
            rule_set_version=version,
            played_on=self.played_on,
            created_by=by,
            client_id=client_id,
        )
        Seat.objects.bulk_create(
            Seat(session=session, position=position, player=player)
            for position, player in enumerate(self.players)
        )
        return session, True

    def started_with(self, client_id: uuid.UUID | None) -> Session | None:
        if client_id is None:
            return None
        session = Session.objects.filter(club=self.season.club, client_id=client_id).first()
        if session is not None and not self._matches(session):
            raise IdempotencyConflict(
                {
                    "client_id": [
                        "This entry id already started a different session; "
                        "reload the form to start another."
                    ]
                }
            )
        return session

    def _matches(self, session: Session) -> bool:
        seated = list(session.seats.order_by("position").values_list("player_id", flat=True))
        return (
            session.season_id == self.season.pk
            and session.played_on == self.played_on
            and session.rule_set_version.rule_set_id == self.rule_set.pk
            and seated == [player.pk for player in self.players]
        )


def _check_seating(club: Club, family: Family, players: Sequence[Player]) -> None:
    if len(players) not in family.seat_counts:
        counts = " or ".join(str(n) for n in family.seat_counts)
        raise ValidationError({"players": [f"{family.label} needs {counts} players."]})
    if any(player.club_id != club.pk for player in players):
        raise ValidationError({"players": ["Every player must belong to this club."]})
    if len({player.pk for player in players}) != len(players):
        raise ValidationError({"players": ["A player can take only one seat."]})


def session_set_status(*, session: Session, status: str) -> Session:
    session.status = status
    session.save(update_fields=["status"])
    webhooks.emit_session_status(session)
    return session


def session_delete(*, session: Session) -> None:
    """Remove a session seated by mistake; one with any hand (even a deleted one) stays."""
    with transaction.atomic():
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.hands.exists():
            raise ValidationError(
                "This session has hands recorded, so it stays in the records; close it instead."
            )
        session.delete()


# --- hands --------------------------------------------------------------------------------


def hand_preview(
    *, session: Session, hand_input: Mapping[str, Any], at_number: int | None = None
) -> tuple[list[SeatResult], dict[str, Any] | None]:
    """The scores a hand would get and the evaluation of its tiles, without writing anything.

    ``at_number`` previews an amendment of that hand (for a sequential family the hands
    before it decide its scores); by default the hand would come after the last one.
    """
    _, results, evaluation = _score(session, hand_input, before=at_number)
    return results, evaluation


def hand_record(
    *,
    session: Session,
    hand_input: Mapping[str, Any],
    by: AbstractBaseUser,
    client_id: uuid.UUID | None = None,
    same_input_on_retry: bool = False,
    placed: bool = True,
) -> tuple[Hand, bool]:
    """Record a hand; resubmitting the same ``client_id`` returns the first hand unchanged.

    Returns the hand and whether it was created now. With ``same_input_on_retry``, a
    resubmission whose input differs from the one first recorded raises
    ``IdempotencyConflict`` instead of returning the first hand. ``placed``: what follows
    from the hand's place in the session (MCR's winds) is filled in and checked; a game
    record brings its own (``placed=False``).
    """
    client_id = client_id or uuid.uuid4()
    retry = _Retry(session, hand_input, same_input_on_retry, placed)
    try:
        return _hand_record_once(retry, by, client_id)
    except IntegrityError:
        # A concurrent request with the same client id won the race: return its hand.
        existing = Hand.objects.filter(client_id=client_id).first()
        if existing is None:
            raise
        return retry.existing(existing), False


@dataclass(frozen=True)
class _Retry:
    """What a resubmission must match to get the first hand back."""

    session: Session
    hand_input: Mapping[str, Any]
    same_input: bool
    placed: bool = True

    def existing(self, hand: Hand) -> Hand:
        if hand.session_id != self.session.pk:
            raise IdempotencyConflict(
                {"client_id": ["This entry id was already used in another session."]}
            )
        if self.same_input and not self._matches(hand):
            raise IdempotencyConflict(
                {"client_id": ["This entry id was already used for a different hand."]}
            )
        return hand

    def _matches(self, hand: Hand) -> bool:
        # Compare with the input first recorded: a later amendment must not break a retry.
        first = hand.revisions.order_by("at", "id").first()
        recorded = first.previous_input if first is not None else hand.input
        try:
            cleaned, _, _ = _score(
                hand.session, self.hand_input, before=hand.number, placed=self.placed
            )
        except ValidationError:
            return False
        return bool(cleaned == recorded)


def _hand_record_once(
    retry: _Retry, by: AbstractBaseUser, client_id: uuid.UUID
) -> tuple[Hand, bool]:
    session, hand_input = retry.session, retry.hand_input
    with transaction.atomic():
        # Locking the session serialises hand numbers and client-id checks per table.
        session = Session.objects.select_for_update().get(pk=session.pk)
        existing = Hand.objects.filter(client_id=client_id).first()
        if existing is not None:
            return retry.existing(existing), False
        _require_open(session)
        _require_room(session)
        cleaned, results, evaluation = _score(session, hand_input, placed=retry.placed)
        last = session.hands.aggregate(last=Max("number"))["last"] or 0
        hand = Hand.objects.create(
            session=session,
            number=last + 1,
            rule_set_version=session.rule_set_version,
            input=cleaned,
            evaluation=evaluation,
            source=_source(evaluation),
            client_id=client_id,
            recorded_by=by,
            updated_by=by,
        )
        _write_scores(hand, results)
        session_totals_refresh(session_ids=[session.pk])
        webhooks.emit(Webhook.Event.HAND_RECORDED, hand)
    return hand, True


def hand_amend(
    *,
    hand: Hand,
    hand_input: Mapping[str, Any],
    expected_version: int,
    reason: str,
    by: AbstractBaseUser,
) -> Hand:
    """Change a hand's input, keeping the old one in its revision history."""
    with transaction.atomic():
        _lock_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        # A hand imported from a game record keeps the record's winds.
        cleaned, results, evaluation = _score(
            hand.session, hand_input, before=hand.number, placed=not hand.record
        )
        _revise(hand, HandRevision.Action.AMEND, reason, by)
        hand.input, hand.evaluation, hand.source = cleaned, evaluation, _source(evaluation)
        hand.save(
            update_fields=["input", "evaluation", "source", "version", "updated_by", "updated_at"]
        )
        hand.scores.all().delete()
        _write_scores(hand, results)
        _rescore_later_hands(hand)
        session_totals_refresh(session_ids=[hand.session_id])
        webhooks.emit(Webhook.Event.HAND_AMENDED, hand)
    return hand


def hand_delete(*, hand: Hand, expected_version: int, reason: str, by: AbstractBaseUser) -> Hand:
    """Remove a hand from the scores; it stays in the history with its last input."""
    with transaction.atomic():
        _lock_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        _revise(hand, HandRevision.Action.DELETE, reason, by)
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "version", "updated_by", "updated_at"])
        hand.scores.all().delete()
        _rescore_later_hands(hand)
        session_totals_refresh(session_ids=[hand.session_id])
        webhooks.emit(Webhook.Event.HAND_DELETED, hand)
    return hand


def _family_of(session: Session) -> Family:
    return get_family(session.rule_set_version.rule_set.family)


def _lock_session(hand: Hand) -> None:
    """Lock the table first, as recording does, so that changes to one session follow one
    another (and lock in one order): each rewrites the session's kept totals, and a
    sequential family's change rewrites its later hands too."""
    Session.objects.select_for_update().filter(pk=hand.session_id).first()


def _rescore_later_hands(changed: Hand) -> None:
    """For a sequential family, re-score every live hand after ``changed`` in order, under the
    position that now follows from the hands before it (their inputs stay as entered).

    A later hand that can no longer be scored (say the game is now over before it) stops
    the whole change with a message naming that hand.
    """
    session = changed.session
    family = _family_of(session)
    if not family.sequential:
        return
    hands = list(
        session.hands.filter(deleted_at=None).select_related("rule_set_version").order_by("number")
    )
    later = [hand for hand in hands if hand.number > changed.number]
    scored = family.score_sequence(
        [hand.input for hand in hands],
        session.rule_set_version.params,
        start=len(hands) - len(later),
        hand_params=[hand.rule_set_version.params for hand in hands],
    )
    first_later = len(hands) - len(later) + 1  # its place among the live hands
    for place, hand in enumerate(later, start=first_later):
        try:
            results, evaluation = next(scored)
        except EngineError as error:
            raise ValidationError(
                f"Hand {place} could no longer be scored after this change "
                f"({error.message}); nothing was saved."
            ) from error
        hand.session = session
        hand.evaluation = evaluation
        hand.save(update_fields=["evaluation"])
        hand.scores.all().delete()
        _write_scores(hand, results)


def _lock_current(hand: Hand, expected_version: int, reason: str) -> Hand:
    if not reason.strip():
        raise ValidationError({"reason": ["Say why, so the table can follow the change."]})
    locked = Hand.objects.select_for_update().select_related("session").get(pk=hand.pk)
    if locked.is_deleted:
        raise ValidationError("This hand has been deleted.")
    if locked.version != expected_version:
        raise StaleHand(locked)
    _require_open(locked.session)
    return locked


def _revise(hand: Hand, action: str, reason: str, by: AbstractBaseUser) -> None:
    HandRevision.objects.create(
        hand=hand,
        action=action,
        previous_input=hand.input,
        previous_version=hand.version,
        reason=reason.strip(),
        by=by,
    )
    hand.version += 1
    hand.updated_by = by


def _require_room(session: Session) -> None:
    """A family whose session is one game of a fixed length (MCR: 16 hands) takes no more."""
    limit = get_family(session.rule_set_version.rule_set.family).hands_per_session
    if limit and session.hands.filter(deleted_at__isnull=True).count() >= limit:
        raise ValidationError(
            f"This game has had its {limit} hands; start a new session for the next game."
        )


def _require_open(session: Session) -> None:
    if not session.is_open:
        raise ValidationError("This session is closed; an organiser must reopen it first.")


def _score(
    session: Session,
    hand_input: Mapping[str, Any],
    *,
    before: int | None = None,
    placed: bool = True,
) -> tuple[dict[str, Any], list[SeatResult], dict[str, Any] | None]:
    """The cleaned input, each seat's result and the evaluation of any tiles.

    A sequential family scores the hand after the session's live hands numbered below
    ``before`` (all of them by default); the others never read earlier hands. Each hand is
    scored under its own rule-set version: a recorded hand ``before`` under the one it was
    scored with, a new hand under the session's current one. With ``placed``, the family
    fills in and checks what the hand's place decides (its winds).
    """
    version = hand_rule_set_version(session=session, number=before)
    family = get_family(version.rule_set.family)
    if not isinstance(hand_input, Mapping):
        raise ValidationError("A hand must be an object of named fields.")
    earlier = _earlier_hands(session, before) if family.sequential else []
    try:
        if placed and family.hand_context(1, version.params) is not None:
            hand_input = family.place_hand(hand_input, _place(session, before), version.params)
        cleaned = family.clean_hand(hand_input, version.params)
        results, evaluation = next(
            family.score_sequence(
                [*(data for data, _ in earlier), cleaned],
                version.params,
                start=len(earlier),
                hand_params=[*(params for _, params in earlier), version.params],
            )
        )
    except EngineError as error:
        raise engine_error_to_validation(error) from error
    if len(results) != session.seats.count():
        raise ValidationError("The hand does not match the number of seats at this table.")
    return cleaned, results, evaluation


def _place(session: Session, before: int | None) -> int:
    """The place in the game of the hand numbered ``before`` (default: the next hand); a
    deleted hand takes none, as on the score sheet (``selectors.hand_place``)."""
    hands = session.hands.filter(deleted_at=None)
    if before is not None:
        hands = hands.filter(number__lt=before)
    return hands.count() + 1


def _earlier_hands(
    session: Session, before: int | None
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The input and rule-set parameters of each live hand before hand ``before``."""
    hands = session.hands.filter(deleted_at=None)
    if before is not None:
        hands = hands.filter(number__lt=before)
    rows = hands.order_by("number").values_list("input", "rule_set_version__params")
    return [(data, params) for data, params in rows]


def _source(evaluation: dict[str, Any] | None) -> str:
    return Hand.Source.TYPED if evaluation is None else Hand.Source.TILES


def _write_scores(hand: Hand, results: Sequence[SeatResult]) -> None:
    session = hand.session
    players = dict(session.seats.values_list("position", "player_id"))
    Score.objects.bulk_create(
        Score(
            hand=hand,
            seat=seat,
            player_id=players[seat],
            session=session,
            season_id=session.season_id,
            played_on=session.played_on,
            **dict(zip(RESULT_FIELDS, result_values(result), strict=True)),
        )
        for seat, result in enumerate(results)
    )


# --- API tokens ---------------------------------------------------------------------------


def api_token_hash(secret: str) -> str:
    """The stored form of a token: secrets are random, so a plain SHA-256 cannot be reversed."""
    return hashlib.sha256(secret.encode()).hexdigest()


def api_token_create(*, user: AbstractBaseUser, name: str, read_only: bool) -> tuple[ApiToken, str]:
    """Make a token; the secret is returned here once and never stored."""
    if not name.strip():
        raise ValidationError({"name": ["Name the token after the tool that will use it."]})
    name = name_clean(name)
    secret = ApiToken.PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        key_hash=api_token_hash(secret),
        hint=secret[: len(ApiToken.PREFIX) + 6],
        read_only=read_only,
    )
    return token, secret


def api_token_revoke(*, token: ApiToken) -> None:
    token.delete()
