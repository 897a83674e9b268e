"""The API lists' filters: one django-filter FilterSet per list, and their schema parameters.

Every list shows only the clubs the caller may read; ``club`` narrows it to one, and naming a
club the caller may not see answers 404, exactly as its pages do. A filter value that is
not of its kind is a 400 with the field named, in the API's one error shape.
"""

from __future__ import annotations

from typing import Any, ClassVar

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request

from games.api.pagination import list_parameters
from games.api.permissions import access_to, readable_clubs
from games.models import Penalty, Player, PlayerAlias
from games.names import name_key

LARGEST_ID = 2**62
SCHEMA_TYPES = {
    forms.IntegerField: OpenApiTypes.INT,
    forms.DateField: OpenApiTypes.DATE,
    forms.SlugField: OpenApiTypes.STR,
    forms.CharField: OpenApiTypes.STR,
    django_filters.fields.ChoiceField: OpenApiTypes.STR,
}


class IdFilter(django_filters.Filter):  # type: ignore[misc]
    """A row's id: a whole number from 1 (the database's ids are below 2**62)."""

    field_class = forms.IntegerField

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=1, max_value=LARGEST_ID, **kwargs)


class SlugFilter(django_filters.Filter):  # type: ignore[misc]
    field_class = forms.SlugField


class DateRangeForm(forms.Form):
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and end < start:
            self.add_error("date_to", _("The range ends before it starts."))
        return cleaned


class ClubListFilter(django_filters.FilterSet):  # type: ignore[misc]
    """What every list takes: the club, by its slug. ``club_path`` is how a row reaches it."""

    club_path: ClassVar[str] = "club"
    club = SlugFilter(method="only_club", help_text="Only this club (its slug).")

    class Meta:
        form = DateRangeForm

    def only_club(self, queryset: QuerySet[Any], name: str, slug: str) -> QuerySet[Any]:
        club = access_to(self.request, slug).club
        return queryset.filter(**{self.club_path: club})

    def filter_queryset(self, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if not self.form.cleaned_data.get("club"):
            readable = readable_clubs(self.request).values("pk")
            queryset = queryset.filter(**{f"{self.club_path}__in": readable})
        narrowed: QuerySet[Any] = super().filter_queryset(queryset)
        return narrowed


class PlayerFilter(ClubListFilter):
    name = django_filters.CharFilter(
        method="by_name",
        max_length=Player.NAME_LENGTH,
        help_text=(
            "Only the player with this name or alias, whatever its case or width "
            "(NFKC, case-folded: ＡＤＡ finds Ada)."
        ),
    )

    def by_name(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        key = name_key(value)
        aliased = PlayerAlias.objects.filter(key=key).values("player_id")
        named = [pk for pk, text in queryset.values_list("pk", "name") if name_key(text) == key]
        return queryset.filter(Q(pk__in=named) | Q(pk__in=aliased))


class SessionFilter(ClubListFilter):
    season = IdFilter(field_name="season_id", help_text="Only this season (id).")
    player = IdFilter(
        field_name="seats__player_id", help_text="Only what this player took part in (id)."
    )
    date_from = django_filters.DateFilter(
        field_name="played_on", lookup_expr="gte", help_text="Played on or after this day."
    )
    date_to = django_filters.DateFilter(
        field_name="played_on", lookup_expr="lte", help_text="Played on or before this day."
    )


class SessionPartFilter(ClubListFilter):
    """What a list of a session's parts (hands, penalties) takes: its session's season, the
    session, and the days it was played on."""

    season = IdFilter(field_name="session__season_id", help_text="Only this season (id).")
    session = IdFilter(field_name="session_id", help_text="Only this session (id).")
    date_from = django_filters.DateFilter(
        field_name="session__played_on",
        lookup_expr="gte",
        help_text="Played on or after this day.",
    )
    date_to = django_filters.DateFilter(
        field_name="session__played_on",
        lookup_expr="lte",
        help_text="Played on or before this day.",
    )


class HandFilter(SessionPartFilter):
    club_path = "session__club"
    player = IdFilter(
        field_name="scores__player_id", help_text="Only what this player took part in (id)."
    )


class PenaltyFilter(SessionPartFilter):
    event = IdFilter(
        field_name="session__event_table__round__event_id",
        help_text="Only the tables of this event (id).",
    )
    player = IdFilter(field_name="player_id", help_text="Only this player's penalties (id).")
    reason = django_filters.ChoiceFilter(
        choices=Penalty.Reason.choices,
        help_text="Only this reason: chombo, false_win, lateness, conduct or other.",
    )


class EventFilter(ClubListFilter):
    season = IdFilter(field_name="season_id", help_text="Only this season's events (id).")


def filtered(
    filterset_class: type[ClubListFilter], request: Request, queryset: QuerySet[Any]
) -> QuerySet[Any]:
    """``queryset`` narrowed to what the caller may read and the query's filters ask for."""
    filterset = filterset_class(request.query_params, queryset, request=request)
    if not filterset.is_valid():
        raise serializers.ValidationError(filterset.errors)
    return filterset.qs  # type: ignore[no-any-return]


def filter_parameters(filterset_class: type[ClubListFilter]) -> list[OpenApiParameter]:
    """The schema's query parameters of a list: its filters, then the page ones."""
    filters = [
        OpenApiParameter(
            name,
            SCHEMA_TYPES[type(filter_.field)],
            description=filter_.extra["help_text"],
        )
        for name, filter_ in filterset_class.base_filters.items()
    ]
    return filters + list_parameters()
