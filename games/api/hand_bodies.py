"""A hand as the API documents it: the schema of ``games.representations.hand_data`` (the
data itself comes from there, and webhooks send the same)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.api.fields import JSONObjectField, PointsField
from games.models import Hand, HandRevision


class ScoreSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    points = PointsField()
    won = serializers.BooleanField()
    blamed = serializers.BooleanField(help_text="Dealt in, paid for the table, or false win.")
    self_drawn = serializers.BooleanField()
    false_win = serializers.BooleanField()
    fried = serializers.BooleanField()
    hand_value = serializers.IntegerField(allow_null=True, help_text="The winner's value.")


class HandSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField()
    session = serializers.IntegerField()
    number = serializers.IntegerField(
        help_text="The recorded order in the session: never reused, so it skips after a deletion."
    )
    place = serializers.IntegerField(
        allow_null=True,
        help_text="The hand's place among the session's live hands, as the score sheet "
        "numbers it (1, 2, 3, … with no gaps); null once deleted.",
    )
    rule_set_version = serializers.IntegerField(
        help_text="The version of the session's rule set the hand was scored under.",
    )
    input = JSONObjectField(help_text="The hand exactly as entered (the family's own fields).")
    # A field named like DRF's own ``Field.source`` attribute: the serializer's metaclass
    # takes declared fields off the class, so the two never meet.
    source = serializers.ChoiceField(choices=Hand.Source.choices)  # type: ignore[assignment]
    evaluation = JSONObjectField(allow_null=True, help_text="The evaluation result, if any.")
    description = serializers.CharField(read_only=True)
    client_id = serializers.UUIDField(help_text="The idempotency key the hand was recorded with.")
    version = serializers.IntegerField(help_text="Send it back in If-Match to change the hand.")
    recorded_by = serializers.CharField(allow_null=True)
    recorded_at = serializers.DateTimeField()
    updated_by = serializers.CharField(allow_null=True)
    updated_at = serializers.DateTimeField()
    deleted_at = serializers.DateTimeField(allow_null=True)
    scores = ScoreSerializer(many=True, help_text="One per seat; empty once deleted.")


class RevisionSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=HandRevision.Action.choices)
    previous_input = JSONObjectField()
    previous_version = serializers.IntegerField()
    reason = serializers.CharField()
    by = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()


class HandDetailSerializer(HandSerializer):
    revisions = RevisionSerializer(
        many=True, help_text="Every amendment and deletion, oldest first."
    )
