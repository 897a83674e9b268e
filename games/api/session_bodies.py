"""A session as the API documents it: the schema of ``games.representations.session_data``
(the data itself comes from there, and webhooks send the same)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.api.fields import PointsField
from games.models import Session


class SeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(help_text="0 = East (the first dealer), then S, W, N.")
    wind = serializers.CharField(read_only=True)
    player = serializers.IntegerField()
    name = serializers.CharField()


class SessionSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField()
    season = serializers.IntegerField()
    rule_set = serializers.IntegerField()
    rule_set_version = serializers.IntegerField(
        help_text="The version the session's next hand is scored under (each hand names the "
        "one it was scored under: the rules may change between hands).",
    )
    family = serializers.CharField()
    played_on = serializers.DateField()
    status = serializers.ChoiceField(choices=Session.Status.choices)
    hand_count = serializers.IntegerField(help_text="Hands in the scores (not deleted ones).")
    seats = SeatSerializer(many=True)
    created_at = serializers.DateTimeField()


class SessionDetailSerializer(SessionSerializer):
    totals = serializers.ListField(
        child=PointsField(), help_text="Each seat's net over the session's hands, in seat order."
    )
    penalties = serializers.ListField(
        child=PointsField(),
        help_text="Each seat's change from the session's penalties (its own, and its shares "
        "of the others' zero-sum ones), in seat order.",
    )
    final_totals = serializers.ListField(
        child=PointsField(), help_text="Each seat's net after penalties, in seat order."
    )
