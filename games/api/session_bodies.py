"""A session as the API shows it: its serializers and body (webhooks send the same)."""

from __future__ import annotations

from typing import Any

from django.db.models import Sum
from rest_framework import serializers

from games.api.fields import PointsField
from games.api.session_lookup import sessions_with_seats
from games.models import Score, Seat, Session

WINDS = ["east", "south", "west", "north"]


class SeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(help_text="0 = East (the first dealer), then S, W, N.")
    wind = serializers.SerializerMethodField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")

    def get_wind(self, seat: Seat) -> str:
        return WINDS[seat.position]


class SessionSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    season = serializers.IntegerField(source="season_id")
    rule_set = serializers.IntegerField(source="rule_set_version.rule_set_id")
    rule_set_version = serializers.IntegerField(
        source="rule_set_version.number",
        help_text="The version the session's next hand is scored under (each hand names the "
        "one it was scored under: the rules may change between hands).",
    )
    family = serializers.CharField(source="rule_set_version.rule_set.family")
    played_on = serializers.DateField()
    status = serializers.ChoiceField(choices=Session.Status.choices)
    hand_count = serializers.IntegerField(help_text="Hands in the scores (not deleted ones).")
    seats = SeatSerializer(many=True)
    created_at = serializers.DateTimeField()


class SessionDetailSerializer(SessionSerializer):
    totals = serializers.ListField(
        child=PointsField(), help_text="Each seat's net over the session, in seat order."
    )


def session_detail_body(session: Session) -> dict[str, Any]:
    sums = dict(
        Score.objects.filter(session=session, hand__deleted_at__isnull=True)
        .values("seat")
        .annotate(net=Sum("points"))
        .values_list("seat", "net")
    )
    session.totals = [sums.get(seat.position) or 0 for seat in session.seats.all()]  # type: ignore[attr-defined]
    return dict(SessionDetailSerializer(session).data)


def session_body(session_id: int) -> dict[str, Any]:
    """The session as GET sessions/{id}/ shows it (webhook deliveries send the same)."""
    return session_detail_body(sessions_with_seats().get(pk=session_id))
