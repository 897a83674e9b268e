"""Serializer fields for exact points, ratios and family-specific JSON objects."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.templatetags.league import points, ratio


@extend_schema_field({"type": "string", "format": "decimal", "example": "-12.5"})
class PointsField(serializers.Field):  # type: ignore[type-arg]
    """Exact points as a decimal string without trailing zeros ("16", "-0.5"); never a float."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: Decimal) -> str:
        return points(value) or "0"


@extend_schema_field({"type": "string", "nullable": True, "example": "0.4286"})
class RatioField(serializers.Field):  # type: ignore[type-arg]
    """A fraction as the reference scorer prints it (4 places, trimmed); null without games."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: Fraction | None) -> str | None:
        return None if value is None else ratio(value)


@extend_schema_field(
    {"type": "object", "additionalProperties": True, "description": "Family-specific JSON."}
)
class JSONObjectField(serializers.JSONField):
    """A JSON object whose content the rule family validates (hand input, parameters)."""

    default_error_messages = {"not_an_object": "Give a JSON object here."}

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_an_object")
        return value
