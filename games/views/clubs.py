"""The front page, creating a club, and a club's home page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games import selectors, services
from games.access import club_access, signed_in
from games.forms import ClubForm, ClubSettingsForm, apply_validation_error
from games.models import Club, Membership
from scoring.families import get_family

RECENT_SESSIONS = 8
STANDINGS_EXCERPT = 5


def home(request: HttpRequest) -> HttpResponse:
    clubs = selectors.club_list_for_user(user=request.user)
    context: dict[str, Any] = {"clubs": clubs}
    if request.user.is_authenticated:
        context["mine"] = selectors.member_home(user=request.user)
    return render(request, "games/home.html", context)


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(**form.cleaned_data, organiser=signed_in(request))
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("league:club", slug=club.slug)
    return render(request, "games/club_form.html", {"form": form})


@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=Membership.Role.ORGANISER)
    form = ClubSettingsForm(request.POST or None, instance=access.club)
    if request.method == "POST" and form.is_valid():
        try:
            # Read back from the database: the form wrote its values onto the instance.
            services.club_update(club=Club.objects.get(pk=access.club.pk), **form.cleaned_data)
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            messages.success(request, _("The club's settings are saved."))
            return redirect("league:club", slug=slug)
    return render(request, "games/club_settings.html", {"form": form, "club": access.club})


def club_home(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    club = access.club
    seasons = list(club.seasons.select_related("rule_set"))
    current = seasons[0] if seasons else None
    standings = selectors.season_standings(season=current)[:STANDINGS_EXCERPT] if current else []
    sessions = selectors.session_list(club=club)[:RECENT_SESSIONS]
    return render(
        request,
        "games/club_home.html",
        {
            "access": access,
            "club": club,
            "seasons": seasons,
            "current": current,
            "standings": standings,
            "family": get_family(current.rule_set.family) if current else None,
            "sessions": sessions,
        },
    )
