"""The EMA ranking page (MERS): everyone ranked from the finished MCR and riichi events of
the clubs the viewer may see, with the formula and each person's inputs."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.events.mers import mers_families, mers_table, ranked_events
from games.forms import DateInput
from scoring.families import get_family


class ReckoningForm(forms.Form):
    """The day the ranking is reckoned on (today when left empty)."""

    on = forms.DateField(required=False, label=gettext_lazy("Ranking on"), widget=DateInput())


def reckoning_day(data: dict[str, str]) -> tuple[ReckoningForm, dt.date]:
    """The form and the day it asks for: today when empty or invalid (its error shown)."""
    form = ReckoningForm(data or None)
    today = timezone.localdate()
    if form.is_valid() and form.cleaned_data["on"]:
        return form, form.cleaned_data["on"]
    return form, today


def mers_ranking(request: HttpRequest) -> HttpResponse:
    families = mers_families()
    key = request.GET.get("family")
    key = key if key in families else families[0]
    form, on = reckoning_day(request.GET)
    context = {
        "families": [get_family(f) for f in families],
        "family": get_family(key),
        "form": form,
        "on": on,
        "rows": mers_table(viewer=request.user, family=key, on=on),
        "events": ranked_events(viewer=request.user, family=key, on=on),
    }
    return render(request, "events/mers_ranking.html", context)
