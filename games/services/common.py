"""What every service shares: the clean name, engine errors as form errors, writes guarded
by a unique constraint, and the stamp of a club's players' names changing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Club, Season, Session
from games.totals import season_standings_changed
from scoring.families import EngineError
from scoring.names import clean_name

T = TypeVar("T")


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


def engine_error_to_validation(
    error: EngineError, *, seat_names: Sequence[str] = ()
) -> ValidationError:
    """The engine's error as a form error, its seats named by the players in them (the
    engine knows seats only; a message never shows a seat's number)."""
    error.name_seats(seat_names)
    if error.field:
        return ValidationError({error.field: [error.message]})
    return ValidationError(error.message)


def seat_names(session: Session) -> list[str]:
    """The names of the players in a session's seats, in seat order."""
    return [seat.player.name for seat in session.seats.select_related("player")]


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


def names_changed(*, club_id: int) -> None:
    """A player of the club was renamed or merged: standings and score sheets show names, so
    every season of the club gets new standings and every sheet a new version
    (``Club.names_changed_at``). Done last in the write's transaction."""
    Club.objects.filter(pk=club_id).update(names_changed_at=timezone.now())
    season_standings_changed(seasons=Season.objects.filter(club=club_id))
