"""A hand as the API shows it: serializers and the queries they read (webhooks send the same)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from rest_framework import serializers

from games.api.fields import JSONObjectField, PointsField
from games.models import Hand, HandRevision, Score, Seat
from games.selectors import with_places
from scoring.families import EngineError, get_family


class ScoreSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    points = PointsField()
    won = serializers.BooleanField()
    blamed = serializers.BooleanField(help_text="Dealt in, paid for the table, or false win.")
    self_drawn = serializers.BooleanField()
    false_win = serializers.BooleanField()
    fried = serializers.BooleanField()
    hand_value = serializers.IntegerField(allow_null=True, help_text="The winner's value.")


class HandSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="session.club.slug")
    session = serializers.IntegerField(source="session_id")
    number = serializers.IntegerField(
        help_text="The recorded order in the session: never reused, so it skips after a deletion."
    )
    place = serializers.IntegerField(
        allow_null=True,
        help_text="The hand's place among the session's live hands, as the score sheet "
        "numbers it (1, 2, 3, … with no gaps); null once deleted.",
    )
    rule_set_version = serializers.IntegerField(
        source="rule_set_version.number",
        help_text="The version of the session's rule set the hand was scored under.",
    )
    input = JSONObjectField(help_text="The hand exactly as entered (the family's own fields).")
    # A field named like DRF's own ``Field.source`` attribute: the serializer's metaclass
    # takes declared fields off the class, so the two never meet.
    source = serializers.ChoiceField(choices=Hand.Source.choices)  # type: ignore[assignment]
    evaluation = JSONObjectField(allow_null=True, help_text="The evaluation result, if any.")
    description = serializers.SerializerMethodField()
    client_id = serializers.UUIDField(help_text="The idempotency key the hand was recorded with.")
    version = serializers.IntegerField(help_text="Send it back in If-Match to change the hand.")
    recorded_by = serializers.CharField(source="recorded_by.username", allow_null=True)
    recorded_at = serializers.DateTimeField()
    updated_by = serializers.CharField(source="updated_by.username", allow_null=True)
    updated_at = serializers.DateTimeField()
    deleted_at = serializers.DateTimeField(allow_null=True)
    scores = ScoreSerializer(many=True, help_text="One per seat; empty once deleted.")

    def get_description(self, hand: Hand) -> str:
        session = hand.session
        names = [seat.player.name for seat in session.seats.all()]
        try:
            version = hand.rule_set_version  # the rules the hand was scored under
            return get_family(session.rule_set_version.rule_set.family).describe_hand(
                hand.input, names, hand.evaluation, version.params
            )
        except (EngineError, KeyError, IndexError, TypeError, ValueError):
            return "unreadable input"


class RevisionSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=HandRevision.Action.choices)
    previous_input = JSONObjectField()
    previous_version = serializers.IntegerField()
    reason = serializers.CharField()
    by = serializers.CharField(source="by.username", allow_null=True)
    at = serializers.DateTimeField()


class HandDetailSerializer(HandSerializer):
    revisions = RevisionSerializer(
        many=True, help_text="Every amendment and deletion, oldest first."
    )


def list_hands() -> QuerySet[Hand]:
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


def detail_hands() -> QuerySet[Hand]:
    revisions = HandRevision.objects.select_related("by").order_by("at", "id")
    return list_hands().prefetch_related(Prefetch("revisions", queryset=revisions))


def hand_body(hand_id: int, *, new: bool = False) -> dict[str, Any]:
    """The hand as ``HandDetailSerializer`` shows it. A ``new`` hand (recorded by this very
    request) has no revisions yet: its body does not read them (a query on every hand)."""
    if new:
        return {**HandSerializer(list_hands().get(pk=hand_id)).data, "revisions": []}
    return dict(HandDetailSerializer(detail_hands().get(pk=hand_id)).data)
