"""A hand, a penalty and a session as plain JSON-ready data, with the queries that read them.

One neutral representation below both its readers: the API answers with it (its serializers
only declare the schema) and webhook deliveries send it, so that a write announcing what it
did never reaches up into the API. Values are written as the API has always written them:
points as exact decimal strings, times in the current time zone in ISO 8601 ("Z" for UTC).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch, QuerySet, Sum
from django.utils import timezone

from games.models import (
    Hand,
    HandRevision,
    Penalty,
    PenaltyRevision,
    Score,
    Seat,
    Session,
    SessionSeatTotal,
)
from games.selectors import live_hand_count, with_places
from games.templatetags.league import points
from scoring.families import EngineError, get_family
from scoring.penalties import shares

WINDS = ["east", "south", "west", "north"]
UNREADABLE = "unreadable input"

JSON = dict[str, Any]


def hands_to_represent() -> QuerySet[Hand]:
    """Hands with everything ``hand_data`` reads, in a fixed number of queries."""
    seats = Seat.objects.select_related("player").order_by("position")
    return (
        with_places(Hand.objects.all())
        .select_related(
            "session__club",
            "session__rule_set_version__rule_set",
            "rule_set_version",
            "recorded_by",
            "updated_by",
        )
        .prefetch_related(
            Prefetch("session__seats", queryset=seats),
            Prefetch("scores", queryset=Score.objects.order_by("seat")),
        )
    )


def hands_to_represent_in_full() -> QuerySet[Hand]:
    """Hands with everything ``hand_detail_data`` reads (their revisions too)."""
    revisions = HandRevision.objects.select_related("by").order_by("at", "id")
    return hands_to_represent().prefetch_related(Prefetch("revisions", queryset=revisions))


def sessions_to_represent() -> QuerySet[Session]:
    """Sessions with everything ``session_data`` reads (seats, players, live hand count)."""
    seats = Seat.objects.select_related("player").order_by("position")
    return (
        Session.objects.select_related("club", "rule_set_version__rule_set")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(hand_count=live_hand_count())
    )


def hand_representation(*, hand_id: int, new: bool = False) -> JSON:
    """The hand in full, as GET hands/{id}/ shows it and hand events send it. A ``new`` hand
    (recorded by this very request) has no revisions yet: they are not read (a query)."""
    if new:
        return {**hand_data(hands_to_represent().get(pk=hand_id)), "revisions": []}
    return hand_detail_data(hands_to_represent_in_full().get(pk=hand_id))


def session_representation(*, session_id: int) -> JSON:
    """The session with its totals, as GET sessions/{id}/ shows it and session events send it."""
    return session_detail_data(sessions_to_represent().get(pk=session_id))


def hand_data(hand: Hand) -> JSON:
    """A hand as lists show it; ``hand`` comes from ``hands_to_represent``."""
    return {
        "id": hand.pk,
        "club": hand.session.club.slug,
        "session": hand.session_id,
        "number": hand.number,
        "place": hand.place,
        "rule_set_version": hand.rule_set_version.number,
        "input": hand.input,
        "source": str(hand.source),
        "evaluation": hand.evaluation,
        "description": hand_description(hand),
        "client_id": str(hand.client_id),
        "version": hand.version,
        "recorded_by": _username(hand.recorded_by),
        "recorded_at": _moment(hand.recorded_at),
        "updated_by": _username(hand.updated_by),
        "updated_at": _moment(hand.updated_at),
        "deleted_at": _moment(hand.deleted_at),
        "scores": [_score_data(score) for score in hand.scores.all()],
    }


def hand_detail_data(hand: Hand) -> JSON:
    """A hand with its history; ``hand`` comes from ``hands_to_represent_in_full``."""
    return {**hand_data(hand), "revisions": [_revision_data(r) for r in hand.revisions.all()]}


def hand_description(hand: Hand) -> str:
    """The hand in words, by the rules it was scored under; a hand whose stored input the
    family can no longer read is described as such rather than failing the whole answer."""
    session = hand.session
    names = [seat.player.name for seat in session.seats.all()]
    try:
        return get_family(session.rule_set_version.rule_set.family).describe_hand(
            hand.input, names, hand.evaluation, hand.rule_set_version.params
        )
    except (EngineError, KeyError, IndexError, TypeError, ValueError):
        return UNREADABLE


def session_data(session: Session) -> JSON:
    """A session as lists show it; ``session`` comes from ``sessions_to_represent``."""
    version = session.rule_set_version
    return {
        "id": session.pk,
        "club": session.club.slug,
        "season": session.season_id,
        "rule_set": version.rule_set_id,
        "rule_set_version": version.number,
        "family": version.rule_set.family,
        "played_on": session.played_on.isoformat(),
        "status": str(session.status),
        "hand_count": session.hand_count,  # type: ignore[attr-defined]
        "seats": [_seat_data(seat) for seat in session.seats.all()],
        "created_at": _moment(session.created_at),
    }


def session_detail_data(session: Session) -> JSON:
    """A session with each seat's net over its live hands, its change from the live
    penalties (as the kept totals count them) and the two together, in seat order."""
    sums = dict(
        Score.objects.filter(session=session, hand__deleted_at__isnull=True)
        .values("seat")
        .annotate(net=Sum("points"))
        .values_list("seat", "net")
    )
    kept = SessionSeatTotal.objects.filter(session=session).order_by()
    fined = dict(kept.values_list("seat", "penalties"))
    positions = [seat.position for seat in session.seats.all()]
    nets = [sums.get(position) or Decimal(0) for position in positions]
    fines = [fined.get(position) or Decimal(0) for position in positions]
    return {
        **session_data(session),
        "totals": [points(net) for net in nets],
        "penalties": [points(fine) for fine in fines],
        "final_totals": [points(net + fine) for net, fine in zip(nets, fines, strict=True)],
    }


def penalties_to_represent() -> QuerySet[Penalty]:
    """Penalties with everything ``penalty_data`` reads, in a fixed number of queries."""
    seats = Seat.objects.order_by("position")
    return Penalty.objects.select_related(
        "club", "session", "player", "recorded_by", "updated_by"
    ).prefetch_related(Prefetch("session__seats", queryset=seats))


def penalties_to_represent_in_full() -> QuerySet[Penalty]:
    """Penalties with everything ``penalty_detail_data`` reads (their revisions too)."""
    revisions = PenaltyRevision.objects.select_related("by").order_by("at", "id")
    return penalties_to_represent().prefetch_related(Prefetch("revisions", queryset=revisions))


def penalty_representation(*, penalty_id: int) -> JSON:
    """The penalty with its history, as GET penalties/{id}/ shows it and penalty events
    send it."""
    return penalty_detail_data(penalties_to_represent_in_full().get(pk=penalty_id))


def penalty_data(penalty: Penalty) -> JSON:
    """A penalty as lists show it; ``penalty`` comes from ``penalties_to_represent``."""
    session = penalty.session
    return {
        "id": penalty.pk,
        "club": penalty.club.slug,
        "session": penalty.session_id,
        "season": session.season_id,
        "played_on": session.played_on.isoformat(),
        "player": penalty.player_id,
        "name": penalty.player.name,
        "reason": str(penalty.reason),
        "note": penalty.note,
        "amount": penalty.amount,
        "zero_sum": penalty.zero_sum,
        "changes": [] if penalty.is_deleted else _penalty_changes(penalty),
        "client_id": str(penalty.client_id),
        "version": penalty.version,
        "recorded_by": _username(penalty.recorded_by),
        "recorded_at": _moment(penalty.recorded_at),
        "updated_by": _username(penalty.updated_by),
        "updated_at": _moment(penalty.updated_at),
        "deleted_at": _moment(penalty.deleted_at),
    }


def penalty_detail_data(penalty: Penalty) -> JSON:
    """A penalty with its history; ``penalty`` comes from ``penalties_to_represent_in_full``."""
    revisions = [_penalty_revision_data(revision) for revision in penalty.revisions.all()]
    return {**penalty_data(penalty), "revisions": revisions}


def _penalty_changes(penalty: Penalty) -> list[str]:
    """Each seat's change from the penalty, in seat order, as the engine shares it."""
    seated = [seat.player_id for seat in penalty.session.seats.all()]
    if penalty.player_id not in seated:
        return []
    split = shares(
        penalty.amount,
        offender=seated.index(penalty.player_id),
        seats=len(seated),
        zero_sum=penalty.zero_sum,
    )
    return [str(change) for change in split]


def _score_data(score: Score) -> JSON:
    return {
        "seat": score.seat,
        "player": score.player_id,
        "points": points(score.points) or "0",
        "won": score.won,
        "blamed": score.blamed,
        "self_drawn": score.self_drawn,
        "false_win": score.false_win,
        "fried": score.fried,
        "hand_value": score.hand_value,
    }


def _revision_data(revision: HandRevision) -> JSON:
    return {
        "action": str(revision.action),
        "previous_input": revision.previous_input,
        "previous_version": revision.previous_version,
        "reason": revision.reason,
        "by": _username(revision.by),
        "at": _moment(revision.at),
    }


def _penalty_revision_data(revision: PenaltyRevision) -> JSON:
    return {
        "action": str(revision.action),
        "previous": revision.previous,
        "previous_version": revision.previous_version,
        "why": revision.reason,
        "by": _username(revision.by),
        "at": _moment(revision.at),
    }


def _seat_data(seat: Seat) -> JSON:
    return {
        "position": seat.position,
        "wind": WINDS[seat.position],
        "player": seat.player_id,
        "name": seat.player.name,
    }


def _username(user: Any) -> str | None:
    return None if user is None else str(user.username)


def _moment(value: dt.datetime | None) -> str | None:
    """A time in the current time zone, in ISO 8601 with "Z" for UTC."""
    if value is None:
        return None
    text = timezone.localtime(value).isoformat()
    return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text
