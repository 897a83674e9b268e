"""Recording, amending and deleting penalties: fines on one player of a session.

Who may record a hand may record a penalty. A penalty is counted in its session's kept
totals, apart from the hands (``SessionSeatTotal.penalties``), in the transaction that
writes it; amending and deleting keep what it was in its revisions, as for a hand, and each
write is announced to the club's webhooks in the same transaction.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import signals
from games.models import Penalty, PenaltyRevision, Player, Session
from games.selectors import unique_or_none
from games.services.common import IdempotencyConflict
from games.totals import session_totals_refresh
from scoring.penalties import MAX_AMOUNT

NOTE_LENGTH = 200


@dataclass(frozen=True)
class PenaltyInput:
    """What a penalty says: on whom, why, how much, and whether it is paid to the others."""

    player: Player
    reason: str
    amount: int
    zero_sum: bool = True
    note: str = ""

    def fields(self) -> dict[str, object]:
        """What it says, as ``Penalty.fields`` keeps a penalty (the note trimmed)."""
        return {
            "player": self.player.pk,
            "reason": self.reason,
            "note": self.note.strip(),
            "amount": self.amount,
            "zero_sum": self.zero_sum,
        }


class StalePenalty(ValidationError):
    """The penalty changed since the caller read it; ``current`` is what it is now."""

    def __init__(self, current: Penalty) -> None:
        super().__init__(
            _(
                "Someone else changed this penalty since you opened it; nothing was saved. "
                "Check its new value and try again."
            ),
            code="stale",
        )
        self.current = current


def penalty_record(
    *,
    session: Session,
    penalty: PenaltyInput,
    by: User,
    client_id: uuid.UUID | None = None,
    same_input_on_retry: bool = False,
) -> tuple[Penalty, bool]:
    """Record a penalty; resubmitting the same ``client_id`` returns the first one unchanged
    (another session's use of it is refused). Returns the penalty and whether it is new.
    With ``same_input_on_retry``, a resubmission that says something else than the penalty
    first recorded raises ``IdempotencyConflict`` instead."""
    client_id = client_id or uuid.uuid4()
    expected = penalty if same_input_on_retry else None
    try:
        return _record_once(session, penalty, by, client_id, expected)
    except IntegrityError:
        # A concurrent request with the same client id won the race: return its penalty.
        existing = _with_entry_id(session, client_id, expected)
        if existing is None:
            raise
        return existing, False


def _record_once(
    session: Session,
    penalty: PenaltyInput,
    by: User,
    client_id: uuid.UUID,
    expected: PenaltyInput | None,
) -> tuple[Penalty, bool]:
    with transaction.atomic():
        session = _locked(session.pk)
        existing = _with_entry_id(session, client_id, expected)
        if existing is not None:
            return existing, False
        _check(session, penalty)
        recorded = Penalty.objects.create(
            session=session,
            club_id=session.club_id,
            player=penalty.player,
            reason=penalty.reason,
            note=penalty.note.strip(),
            amount=penalty.amount,
            zero_sum=penalty.zero_sum,
            client_id=client_id,
            recorded_by=by,
            updated_by=by,
        )
        session_totals_refresh(session_ids=[session.pk])
        signals.announce(signals.PENALTY_RECORDED, recorded)
    return recorded, True


def penalty_amend(
    *, penalty: Penalty, changed: PenaltyInput, expected_version: int, why: str, by: User
) -> Penalty:
    """Change a penalty, keeping what it was in its revisions."""
    with transaction.atomic():
        session = _locked(penalty.session_id)
        current = _current(penalty, expected_version, why)
        _check(session, changed)
        _revise(current, PenaltyRevision.Action.AMEND, why, by)
        current.player = changed.player
        current.reason = changed.reason
        current.note = changed.note.strip()
        current.amount = changed.amount
        current.zero_sum = changed.zero_sum
        current.save()
        session_totals_refresh(session_ids=[session.pk])
        signals.announce(signals.PENALTY_AMENDED, current)
    return current


def penalty_delete(*, penalty: Penalty, expected_version: int, why: str, by: User) -> Penalty:
    """Take a penalty out of the totals; it stays in the history with what it was."""
    with transaction.atomic():
        session = _locked(penalty.session_id)
        current = _current(penalty, expected_version, why)
        _revise(current, PenaltyRevision.Action.DELETE, why, by)
        current.deleted_at = timezone.now()
        current.save()
        session_totals_refresh(session_ids=[session.pk])
        signals.announce(signals.PENALTY_DELETED, current)
    return current


def _locked(session_id: int) -> Session:
    """The session, locked as hand writes lock it: its kept totals are rewritten next."""
    session = unique_or_none(
        Session.objects.select_for_update(no_key=True).select_related("rule_set_version__rule_set"),
        pk=session_id,
    )
    if session is None:
        raise ValidationError(_("This session no longer exists."))
    return session


def _with_entry_id(
    session: Session, client_id: uuid.UUID, expected: PenaltyInput | None = None
) -> Penalty | None:
    """The penalty already recorded with ``client_id``, if any; refused when it is another
    session's, or when ``expected`` says something else than it first said."""
    existing = unique_or_none(Penalty.objects.all(), club_id=session.club_id, client_id=client_id)
    if existing is not None and existing.session_id != session.pk:
        raise IdempotencyConflict(
            {"client_id": [_("This entry id was already used in another session.")]}
        )
    if existing is not None and expected is not None and _first(existing) != expected.fields():
        raise IdempotencyConflict(
            {"client_id": [_("This entry id was already used for a different penalty.")]}
        )
    return existing


def _first(penalty: Penalty) -> dict[str, object]:
    """What the penalty said when it was recorded: a later amendment must not break a retry."""
    revision = penalty.revisions.order_by("at", "id").first()
    return dict(revision.previous) if revision is not None else penalty.fields()


def _current(penalty: Penalty, expected_version: int, why: str) -> Penalty:
    if not why.strip():
        raise ValidationError({"why": [_("Say why, so the table can follow the change.")]})
    current = Penalty.objects.select_for_update(no_key=True).get(pk=penalty.pk)
    if current.is_deleted:
        raise ValidationError(_("This penalty has been deleted."))
    if current.version != expected_version:
        raise StalePenalty(current)
    return current


def _check(session: Session, penalty: PenaltyInput) -> None:
    """Refuse a penalty on someone not at the table, of no amount, or of no reason."""
    errors: dict[str, list[str]] = {}
    if not session.seats.filter(player_id=penalty.player.pk).exists():
        errors["player"] = [
            _("%(name)s is not at this table; penalise a player of this session.")
            % {"name": penalty.player.name}
        ]
    if penalty.reason not in Penalty.Reason.values:
        errors["reason"] = [_("Choose why the player is penalised.")]
    elif penalty.reason == Penalty.Reason.OTHER and not penalty.note.strip():
        errors["note"] = [_("Say what the penalty is for.")]
    if len(penalty.note.strip()) > NOTE_LENGTH:
        errors["note"] = [_("Say it in at most 200 characters.")]
    amount = penalty.amount
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        errors["amount"] = [_("Give the penalty as a whole number of at least 1.")]
    elif amount > MAX_AMOUNT:
        errors["amount"] = [
            _("The penalty can be at most %(limit)s.") % {"limit": f"{MAX_AMOUNT:,}"}
        ]
    if errors:
        raise ValidationError(errors)


def _revise(penalty: Penalty, action: str, why: str, by: User) -> None:
    PenaltyRevision.objects.create(
        penalty=penalty,
        action=action,
        previous=penalty.fields(),
        previous_version=penalty.version,
        reason=why.strip(),
        by=by,
    )
    penalty.version += 1
    penalty.updated_by = by
