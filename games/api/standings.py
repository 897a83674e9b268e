"""A season's standings over the API: one row serializer per rule family, made from the
columns the family declares (``Family.standings_columns``), so a row carries exactly the
figures its family has; the schema lists each family's shape, chosen by ``family``."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games import selectors
from games.api.fields import PointsField, RatioField
from scoring.families import FAMILIES, Family, get_family
from scoring.families.base import Column


def _field(column: Column) -> serializers.Field:  # type: ignore[type-arg]
    """The serializer field for a column of the kind it declares."""
    help_text = column.label
    if column.kind in ("points", "signed"):
        return PointsField(help_text=help_text)
    if column.kind in ("percent", "ratio"):
        return RatioField(help_text=help_text)
    if column.kind == "flag":
        return serializers.BooleanField(help_text=help_text)
    return serializers.IntegerField(allow_null=True, help_text=help_text)


class StandingRowBase(serializers.Serializer[Any]):
    """What every family's standings row has before its own columns."""

    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()


class StandingsBase(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    family = serializers.CharField()
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    min_games = serializers.IntegerField()
    columns = serializers.ListField(
        child=serializers.CharField(),
        help_text="The row fields this family's standings show, in the order to show them.",
    )


def _family_key(family: Family) -> serializers.Field:  # type: ignore[type-arg]
    """The family's key, and in the schema that key only (a pattern: an enum of one would be
    named and shared as a component), so the schema's one-of tells the families apart."""
    only = {"type": "string", "pattern": f"^{re.escape(family.key)}$", "example": family.key}

    @extend_schema_field({**only, "description": f"{family.label}."})
    class FamilyKey(serializers.CharField):
        pass

    return FamilyKey()


def _component(family: Family, suffix: str) -> str:
    return "".join(part.title() for part in family.key.split("_")) + suffix


@cache
def standings_serializer(key: str) -> type[serializers.Serializer[Any]]:
    """The standings serializer of a family: its rows have the family's declared columns."""
    family = get_family(key)
    fields = {column.field: _field(column) for column in family.standings_columns}
    row = type(_component(family, "StandingRow"), (StandingRowBase,), fields)
    rows = row(many=True, help_text="In the family's order of the standings (best first).")
    body = {"family": _family_key(family), "rows": rows}
    return type(_component(family, "Standings"), (StandingsBase,), body)


def standings_schema() -> PolymorphicProxySerializer:
    """The standings of any family, told apart by their ``family`` (for the schema)."""
    return PolymorphicProxySerializer(
        component_name="Standings",
        serializers={key: standings_serializer(key) for key in FAMILIES},
        resource_type_field_name="family",
    )


def standings_row(rank: int, row: selectors.StandingRow, family: Family) -> dict[str, Any]:
    """A row's figures, the derived ones (rates, averages) read from the row itself."""
    figures = {column.field: getattr(row, column.field) for column in family.standings_columns}
    return {"rank": rank, "player_id": row.player_id, "name": row.name, **figures}
