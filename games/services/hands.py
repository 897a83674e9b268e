"""Recording, previewing, amending and deleting hands, and re-scoring the hands after."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from games import signals
from games.models import (
    Hand,
    HandRevision,
    RuleSetVersion,
    Score,
    Seat,
    Session,
)
from games.rows import RESULT_FIELDS, SCORE_COLUMNS, insert_rows, result_values, score_rows
from games.selectors import (
    hand_rule_set_version,
    hand_with_entry_id,
    session_chombo_ending,
    unique_or_none,
)
from games.services.common import (
    IdempotencyConflict,
    engine_error_to_validation,
    seat_names,
)
from games.totals import session_totals_refresh
from scoring.families import EngineError, Family, SeatResult, get_family

# A session's seats in their order: Seat's own ordering starts with the session's, a join.
SEATS = Seat.objects.order_by("position")
# Hand writes lock their session (and an amended hand) FOR NO KEY UPDATE (``no_key=True``):
# it serialises them as FOR UPDATE does, but leaves alone the FOR KEY SHARE that every
# foreign-key check takes. With FOR UPDATE, a transaction writing rows that refer to the
# session (the ratings job's, at its commit) waited for a hand that waited for it: deadlock.


class StaleHand(ValidationError):
    """The hand changed since the caller read it; ``current`` is what it is now."""

    def __init__(self, current: Hand) -> None:
        super().__init__(
            _(
                "Someone else changed this hand since you opened it; nothing was saved. "
                "Check its new value below and try again."
            ),
            code="stale",
        )
        self.current = current


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
    by: User,
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
        existing = hand_with_entry_id(club_id=session.club_id, client_id=client_id)
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


def _hand_record_once(retry: _Retry, by: User, client_id: uuid.UUID) -> tuple[Hand, bool]:
    session, hand_input = retry.session, retry.hand_input
    with transaction.atomic():
        # Locking the session serialises hand numbers and client-id checks per table. Its
        # rules and seats come with it: the checks, the scoring and the scores all read them.
        session = (
            Session.objects.select_for_update(of=("self",), no_key=True)
            .select_related("rule_set_version__rule_set")
            .prefetch_related(Prefetch("seats", queryset=SEATS))
            .get(pk=session.pk)
        )
        existing = hand_with_entry_id(club_id=session.club_id, client_id=client_id)
        if existing is not None:
            return retry.existing(existing), False
        require_open(session)
        _require_room(session)
        require_no_game_ending_chombo(session)
        cleaned, results, evaluation = _score(session, hand_input, placed=retry.placed)
        last = session.hands.aggregate(last=Max("number"))["last"] or 0
        hand = Hand.objects.create(
            session=session,
            club_id=session.club_id,
            number=last + 1,
            rule_set_version=session.rule_set_version,
            input=cleaned,
            evaluation=evaluation,
            source=_source(evaluation),
            client_id=client_id,
            recorded_by=by,
            updated_by=by,
        )
        write_scores(hand, results)
        session_totals_refresh(session_ids=[session.pk])
        signals.announce(signals.HAND_RECORDED, hand)
    return hand, True


def hand_amend(
    *,
    hand: Hand,
    hand_input: Mapping[str, Any],
    expected_version: int,
    reason: str,
    by: User,
) -> Hand:
    """Change a hand's input, keeping the old one in its revision history."""
    with transaction.atomic():
        _lock_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        # A hand imported from a game record keeps the record's winds.
        cleaned, results, evaluation = _score(
            hand.session,
            hand_input,
            before=hand.number,
            placed=not hand.record,
            version=hand.rule_set_version,
        )
        revise(hand, HandRevision.Action.AMEND, reason, by)
        hand.input, hand.evaluation, hand.source = cleaned, evaluation, _source(evaluation)
        hand.save(
            update_fields=["input", "evaluation", "source", "version", "updated_by", "updated_at"]
        )
        hand.scores.all().delete()
        write_scores(hand, results)
        _rescore_later_hands(hand)
        session_totals_refresh(session_ids=[hand.session_id])
        signals.announce(signals.HAND_AMENDED, hand)
    return hand


def hand_delete(*, hand: Hand, expected_version: int, reason: str, by: User) -> Hand:
    """Remove a hand from the scores; it stays in the history with its last input."""
    with transaction.atomic():
        _lock_session(hand)
        hand = _lock_current(hand, expected_version, reason)
        revise(hand, HandRevision.Action.DELETE, reason, by)
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "version", "updated_by", "updated_at"])
        hand.scores.all().delete()
        _rescore_later_hands(hand)
        session_totals_refresh(session_ids=[hand.session_id])
        signals.announce(signals.HAND_DELETED, hand)
    return hand


# How long the member who recorded a hand may take it back with one tap ("Undo").
UNDO_SECONDS = 60


def hand_undo(*, hand: Hand, by: User) -> Hand:
    """Take back a hand just recorded: by the member who recorded it, within ``UNDO_SECONDS``,
    before anyone amended it. It is deleted with the reason "undone" (history keeps it)."""
    if hand.recorded_by_id != by.pk:
        raise ValidationError(
            _(
                "Only the member who recorded a hand can undo it; delete it from the "
                "score sheet with a reason instead."
            )
        )
    if hand.is_deleted:
        raise ValidationError(_("This hand is already deleted."))
    if timezone.now() - hand.recorded_at > dt.timedelta(seconds=UNDO_SECONDS):
        raise ValidationError(
            _(
                "Too late to undo: a hand can be undone for %(undo_seconds)s seconds. "
                "Delete it from the score sheet with a reason instead."
            )
            % {"undo_seconds": UNDO_SECONDS}
        )
    return hand_delete(hand=hand, expected_version=1, reason="undone", by=by)


def _family_of(session: Session) -> Family:
    return get_family(session.rule_set_version.rule_set.family)


def _lock_session(hand: Hand) -> None:
    """Lock the table first, as recording does, so that changes to one session follow one
    another (and lock in one order): each rewrites the session's kept totals, and a
    sequential family's change rewrites its later hands too."""
    unique_or_none(Session.objects.select_for_update(no_key=True), pk=hand.session_id)


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
    results_of = []
    for place, hand in enumerate(later, start=first_later):
        try:
            results, hand.evaluation = next(scored)
        except EngineError as error:
            error.name_seats(seat_names(session))
            raise ValidationError(
                _(
                    "Hand %(place)s could no longer be scored after this change "
                    "(%(message)s); nothing was saved."
                )
                % {"place": place, "message": error.message}
            ) from error
        results_of.append((hand, results))
    _rewrite_scores(session, results_of)


def _rewrite_scores(session: Session, results_of: list[tuple[Hand, list[SeatResult]]]) -> None:
    """Store re-scored hands in a fixed number of queries, however many there are: one
    prepared statement updates the evaluations, one deletes the scores, one inserts them."""
    if not results_of:
        return
    evaluation = Hand._meta.get_field("evaluation")
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE games_hand SET evaluation = %s WHERE id = %s",
            [(evaluation.get_db_prep_save(h.evaluation, connection), h.pk) for h, _ in results_of],
        )
    Score.objects.filter(hand__in=[hand for hand, _ in results_of]).delete()
    seats = dict(session.seats.values_list("position", "player_id"))
    rows = (
        row for hand, results in results_of for row in score_rows(hand.pk, session, seats, results)
    )
    insert_rows(Score, SCORE_COLUMNS, rows)


def _lock_current(hand: Hand, expected_version: int, reason: str) -> Hand:
    if not reason.strip():
        raise ValidationError({"reason": [_("Say why, so the table can follow the change.")]})
    # The hand and its session are locked; their rules and the seats are read with them.
    locked = (
        Hand.objects.select_for_update(of=("self", "session"), no_key=True)
        .select_related("session__rule_set_version__rule_set", "rule_set_version__rule_set")
        .prefetch_related(Prefetch("session__seats", queryset=SEATS))
        .get(pk=hand.pk)
    )
    if locked.is_deleted:
        raise ValidationError(_("This hand has been deleted."))
    if locked.version != expected_version:
        raise StaleHand(locked)
    require_open(locked.session)
    return locked


def revise(hand: Hand, action: str, reason: str, by: User) -> None:
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
            _("This game has had its %(limit)s hands; start a new session for the next game.")
            % {"limit": limit}
        )


def require_no_game_ending_chombo(session: Session) -> None:
    """Under rules where a chombo ends the game, a game with a chombo takes no more hands."""
    ending = session_chombo_ending(session=session)
    if ending:
        raise ValidationError(ending)


def require_open(session: Session) -> None:
    if not session.is_open:
        raise ValidationError(_("This session is closed; an organiser must reopen it first."))


def _score(
    session: Session,
    hand_input: Mapping[str, Any],
    *,
    before: int | None = None,
    placed: bool = True,
    version: RuleSetVersion | None = None,
) -> tuple[dict[str, Any], list[SeatResult], dict[str, Any] | None]:
    """The cleaned input, each seat's result and the evaluation of any tiles.

    A sequential family scores the hand after the session's live hands numbered below
    ``before`` (all of them by default); the others never read earlier hands. Each hand is
    scored under its own rule-set version: a recorded hand ``before`` under the one it was
    scored with, a new hand under the session's current one. With ``placed``, the family
    fills in and checks what the hand's place decides (its winds). ``version``: the rules of
    hand ``before`` when the caller has read them already.
    """
    version = version or hand_rule_set_version(session=session, number=before)
    family = get_family(version.rule_set.family)
    if not isinstance(hand_input, Mapping):
        raise ValidationError(_("A hand must be an object of named fields."))
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
        raise engine_error_to_validation(error, seat_names=seat_names(session)) from error
    # ``all()``: the seats the caller read with the session, if it did (else one query).
    if len(results) != len(session.seats.all()):
        raise ValidationError(_("The hand does not match the number of seats at this table."))
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


def write_scores(hand: Hand, results: Sequence[SeatResult]) -> None:
    session = hand.session
    players = {seat.position: seat.player_id for seat in session.seats.all()}
    Score.objects.bulk_create(_new_scores(session, hand, results, players))


def _new_scores(
    session: Session, hand: Hand, results: Sequence[SeatResult], players: Mapping[int, int]
) -> Iterator[Score]:
    for seat, result in enumerate(results):
        yield Score(
            hand=hand,
            seat=seat,
            player_id=players[seat],
            session=session,
            season_id=session.season_id,
            played_on=session.played_on,
            **dict(zip(RESULT_FIELDS, result_values(result), strict=True)),
        )
