"""Starting, closing and deleting sessions."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from games import signals
from games.models import (
    Club,
    Player,
    RuleSet,
    RuleSetVersion,
    Season,
    Seat,
    Session,
)
from games.services.common import IdempotencyConflict
from scoring.families import Family, get_family


def session_start(
    *,
    season: Season,
    played_on: dt.date,
    players: Sequence[Player],
    by: User,
    rule_set: RuleSet | None = None,
) -> Session:
    """Seat the players in order (seat 1 = East) under the rule set's latest version."""
    session, _ = session_start_once(
        season=season, played_on=played_on, players=players, by=by, rule_set=rule_set
    )
    return session


def session_start_like(
    *,
    session: Session,
    played_on: dt.date,
    by: User,
    client_id: uuid.UUID | None = None,
) -> tuple[Session, bool]:
    """A new game like ``session`` (the manual's "new game" from a saved one): the same
    season, the same players in the same seats, and the rules and options in force at its
    end (the version the session plays under now)."""
    players = [seat.player for seat in session.seats.select_related("player")]
    return session_start_once(
        season=session.season,
        played_on=played_on,
        players=players,
        by=by,
        client_id=client_id,
        version=session.rule_set_version,
    )


def session_start_once(
    *,
    season: Season,
    played_on: dt.date,
    players: Sequence[Player],
    by: User,
    rule_set: RuleSet | None = None,
    client_id: uuid.UUID | None = None,
    version: RuleSetVersion | None = None,
) -> tuple[Session, bool]:
    """Start a session once per entry id: a resubmission with the same ``client_id`` (a
    double tap, a retry) returns the session it started. Returns the session and whether
    it was started now; the same id for a different session raises ``IdempotencyConflict``.
    The session plays under the rule set's current version, or ``version`` of it (another
    game's rules, a game file's).
    """
    if version is not None:
        rule_set = version.rule_set
    start = _SessionStart(season, played_on, tuple(players), rule_set or season.rule_set, version)
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
    version: RuleSetVersion | None = None

    def check(self) -> None:
        season, rule_set = self.season, self.rule_set
        if rule_set.club_id != season.club_id:
            raise ValidationError({"rule_set": [_("That rule set belongs to another club.")]})
        if rule_set.family != season.rule_set.family:
            family = season.rule_set.get_family_display()
            raise ValidationError(
                {
                    "rule_set": [
                        _("This season's standings are for %(family)s.") % {"family": family}
                    ]
                }
            )
        _check_seating(season.club, get_family(rule_set.family), self.players)

    def write(self, by: User, client_id: uuid.UUID | None) -> tuple[Session, bool]:
        # Locked so that an edit cannot change this version in place while it is pinned;
        # it also makes a resubmission wait for the first to commit, then find its session.
        RuleSet.objects.select_for_update(no_key=True).filter(pk=self.rule_set.pk).first()
        existing = self.started_with(client_id)
        if existing is not None:
            return existing, False
        version = self.version or self.rule_set.current_version()
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
        raise ValidationError(
            {
                "players": [
                    _("%(label)s needs %(counts)s players.")
                    % {"label": family.label, "counts": counts}
                ]
            }
        )
    if any(player.club_id != club.pk for player in players):
        raise ValidationError({"players": [_("Every player must belong to this club.")]})
    if len({player.pk for player in players}) != len(players):
        raise ValidationError({"players": [_("A player can take only one seat.")]})


def session_set_status(*, session: Session, status: str) -> Session:
    session.status = status
    session.save(update_fields=["status"])
    if session.status == Session.Status.CLOSED:
        signals.announce(signals.SESSION_CLOSED, session)
    return session


def session_delete(*, session: Session) -> None:
    """Remove a session seated by mistake; one with any hand (even a deleted one) stays."""
    with transaction.atomic():
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.hands.exists():
            raise ValidationError(
                _("This session has hands recorded, so it stays in the records; close it instead.")
            )
        try:
            with transaction.atomic():
                session.delete()
        except ProtectedError as error:
            # A satellite keeps it (an event's round has it as one of its tables).
            raise ValidationError(
                _("This session is a table of an event's round, so it stays; close it instead.")
            ) from error
