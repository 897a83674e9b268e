"""Every write the league makes: pages, the API and imports all come through here.

Each service validates through the rule family's engine, writes in one transaction and
raises ``django.core.exceptions.ValidationError`` with a message a person can act on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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
from games.webhooks import events as webhooks
from games.webhooks.models import Webhook
from scoring.families import EngineError, Family, SeatResult, get_family

User = AbstractBaseUser | AnonymousUser


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


def engine_error_to_validation(error: EngineError) -> ValidationError:
    if error.field:
        return ValidationError({error.field: [error.message]})
    return ValidationError(error.message)


# --- clubs, players, memberships ----------------------------------------------------------


def club_create(*, name: str, slug: str, visibility: str, organiser: AbstractBaseUser) -> Club:
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": [f"The address {slug!r} is taken; choose another."]})
    with transaction.atomic():
        club = Club.objects.create(name=name, slug=slug, visibility=visibility)
        Membership.objects.create(user=organiser, club=club, role=Membership.Role.ORGANISER)
    return club


def player_create(*, club: Club, name: str, user: AbstractBaseUser | None = None) -> Player:
    name = name.strip()
    _check_player_name_free(club, name)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, user=user)
    except IntegrityError:  # created meanwhile by a concurrent request
        _check_player_name_free(club, name)
        raise


def player_update(*, player: Player, name: str) -> Player:
    name = name.strip()
    _check_player_name_free(player.club, name, exclude=player.pk)
    player.name = name
    player.save(update_fields=["name"])
    return player


def _check_player_name_free(club: Club, name: str, exclude: int | None = None) -> None:
    if not name:
        raise ValidationError({"name": ["Enter a name."]})
    taken = Player.objects.filter(club=club, name=name).exclude(pk=exclude)
    if taken.exists():
        raise ValidationError({"name": [f"{club.name} already has a player called {name!r}."]})


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
    _check_rule_set_name_free(club, name)
    with transaction.atomic():
        rule_set = RuleSet.objects.create(club=club, name=name.strip(), family=family)
        RuleSetVersion.objects.create(rule_set=rule_set, number=1, params=cleaned, created_by=by)
    return rule_set


def rule_set_update(
    *, rule_set: RuleSet, name: str, params: Mapping[str, Any], by: AbstractBaseUser
) -> RuleSetVersion:
    """Rename and reconfigure; a version any session uses is never changed, so a new one is made."""
    family = get_family(rule_set.family)
    cleaned = _clean_params(family, params)
    _check_rule_set_name_free(rule_set.club, name, exclude=rule_set.pk)
    with transaction.atomic():
        rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
        rule_set.name = name.strip()
        rule_set.save(update_fields=["name"])
        latest = rule_set.versions.order_by("-number").first()
        assert latest is not None
        if _same_params(family, latest.params, cleaned):
            return latest
        if latest.sessions.exists():
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
    name = name.strip()
    clash = Season.objects.filter(club=club, name=name).exclude(pk=season.pk if season else None)
    if clash.exists():
        raise ValidationError({"name": [f"{club.name} already has a season called {name!r}."]})
    season = season or Season(club=club)
    season.name, season.rule_set = name, rule_set
    season.starts_on, season.ends_on = starts_on, ends_on
    season.save()
    return season


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
    rule_set = rule_set or season.rule_set
    if rule_set.club_id != season.club_id:
        raise ValidationError({"rule_set": ["That rule set belongs to another club."]})
    if rule_set.family != season.rule_set.family:
        raise ValidationError(
            {
                "rule_set": [
                    f"This season's standings are for {season.rule_set.get_family_display()}."
                ]
            }
        )
    family = get_family(rule_set.family)
    _check_seating(season.club, family, players)
    with transaction.atomic():
        # Locked so that an edit cannot change this version in place while it is pinned.
        RuleSet.objects.select_for_update().filter(pk=rule_set.pk).first()
        version = rule_set.versions.order_by("-number").first()
        assert version is not None
        session = Session.objects.create(
            club=season.club,
            season=season,
            rule_set_version=version,
            played_on=played_on,
            created_by=by,
        )
        Seat.objects.bulk_create(
            Seat(session=session, position=position, player=player)
            for position, player in enumerate(players)
        )
    return session


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
) -> tuple[Hand, bool]:
    """Record a hand; resubmitting the same ``client_id`` returns the first hand unchanged.

    Returns the hand and whether it was created now. With ``same_input_on_retry``, a
    resubmission whose input differs from the one first recorded raises
    ``IdempotencyConflict`` instead of returning the first hand.
    """
    client_id = client_id or uuid.uuid4()
    retry = _Retry(session, hand_input, same_input_on_retry)
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
            cleaned, _, _ = _score(hand.session, self.hand_input, before=hand.number)
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
        cleaned, results, evaluation = _score(session, hand_input)
        last = session.hands.aggregate(last=Max("number"))["last"] or 0
        hand = Hand.objects.create(
            session=session,
            number=last + 1,
            input=cleaned,
            evaluation=evaluation,
            source=_source(evaluation),
            client_id=client_id,
            recorded_by=by,
            updated_by=by,
        )
        _write_scores(hand, results)
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
        _lock_sequential_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        cleaned, results, evaluation = _score(hand.session, hand_input, before=hand.number)
        _revise(hand, HandRevision.Action.AMEND, reason, by)
        hand.input, hand.evaluation, hand.source = cleaned, evaluation, _source(evaluation)
        hand.save(
            update_fields=["input", "evaluation", "source", "version", "updated_by", "updated_at"]
        )
        hand.scores.all().delete()
        _write_scores(hand, results)
        _rescore_later_hands(hand)
        webhooks.emit(Webhook.Event.HAND_AMENDED, hand)
    return hand


def hand_delete(*, hand: Hand, expected_version: int, reason: str, by: AbstractBaseUser) -> Hand:
    """Remove a hand from the scores; it stays in the history with its last input."""
    with transaction.atomic():
        _lock_sequential_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        _revise(hand, HandRevision.Action.DELETE, reason, by)
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "version", "updated_by", "updated_at"])
        hand.scores.all().delete()
        _rescore_later_hands(hand)
        webhooks.emit(Webhook.Event.HAND_DELETED, hand)
    return hand


def _family_of(session: Session) -> Family:
    return get_family(session.rule_set_version.rule_set.family)


def _lock_sequential_session(hand: Hand) -> None:
    """A sequential family's change rewrites later hands: lock the table first, as recording
    does, so that changes to one session follow one another (and lock in one order)."""
    session = Session.objects.select_related("rule_set_version__rule_set").get(pk=hand.session_id)
    if _family_of(session).sequential:
        Session.objects.select_for_update().filter(pk=session.pk).first()


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
    hands = list(session.hands.filter(deleted_at=None).order_by("number"))
    later = [hand for hand in hands if hand.number > changed.number]
    scored = family.score_sequence(
        [hand.input for hand in hands],
        session.rule_set_version.params,
        start=len(hands) - len(later),
    )
    for hand in later:
        try:
            results, evaluation = next(scored)
        except EngineError as error:
            raise ValidationError(
                f"Hand {hand.number} could no longer be scored after this change "
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
    session: Session, hand_input: Mapping[str, Any], *, before: int | None = None
) -> tuple[dict[str, Any], list[SeatResult], dict[str, Any] | None]:
    """The cleaned input, each seat's result and the evaluation of any tiles.

    A sequential family scores the hand after the session's live hands numbered below
    ``before`` (all of them by default); the others never read earlier hands.
    """
    version = session.rule_set_version
    family = get_family(version.rule_set.family)
    if not isinstance(hand_input, Mapping):
        raise ValidationError("A hand must be an object of named fields.")
    earlier = _earlier_inputs(session, before) if family.sequential else []
    try:
        cleaned = family.clean_hand(hand_input, version.params)
        results, evaluation = next(
            family.score_sequence([*earlier, cleaned], version.params, start=len(earlier))
        )
    except EngineError as error:
        raise engine_error_to_validation(error) from error
    if len(results) != session.seats.count():
        raise ValidationError("The hand does not match the number of seats at this table.")
    return cleaned, results, evaluation


def _earlier_inputs(session: Session, before: int | None) -> list[dict[str, Any]]:
    hands = session.hands.filter(deleted_at=None)
    if before is not None:
        hands = hands.filter(number__lt=before)
    return list(hands.order_by("number").values_list("input", flat=True))


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
    name = name.strip()
    if not name:
        raise ValidationError({"name": ["Name the token after the tool that will use it."]})
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
