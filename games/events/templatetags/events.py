"""Winds by name in the reader's language, and a signed-in player's seats for the home page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext_lazy

from games.events import selectors

register = template.Library()

WIND_LABELS = {
    "east": gettext_lazy("East"),
    "south": gettext_lazy("South"),
    "west": gettext_lazy("West"),
    "north": gettext_lazy("North"),
}


@register.filter
def wind_label(wind: str) -> Any:
    return WIND_LABELS.get(wind, wind)


@register.filter
def wind_of(position: int) -> str:
    """The wind of a seat by its place at the table, East first."""
    return selectors.WINDS[position]


@register.inclusion_tag("events/_my_seats.html", takes_context=True)
def my_event_seats(context: dict[str, Any]) -> dict[str, Any]:
    """Where the signed-in player sits tonight, on the home page."""
    user = context["request"].user
    seats = selectors.my_seats(user=user) if user.is_authenticated else []
    return {"seats": seats}
